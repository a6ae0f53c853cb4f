import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { reply } from '#stories/api.ts';
import { project, scenario } from '#stories/fixtures.ts';
import { page, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/ScenarioEdit',
  ...routeMeta(`/app/projects/${project.id}/scenarios/${scenario.id}/edit`, {
    api: [reply('get', '/scenarios/{id}', scenario)],
  }),
};
export default meta;

/** The guide's fields, filled with what is saved. */
export const Default: StoryObj<typeof meta> = {
  play: async () => {
    await expect(await page().findByDisplayValue(scenario.title)).toBeVisible();
  },
};
