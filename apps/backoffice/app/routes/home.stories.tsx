import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { reply } from '#stories/api.ts';
import { dashboard } from '#stories/fixtures.ts';
import { page, routeMeta } from '#stories/route-story.tsx';

const meta = { title: 'Routes/Home', ...routeMeta('/', { api: [reply('get', '/dashboard', dashboard)] }) };
export default meta;

/** `/` has no screen of its own: a signed-in author lands on the dashboard. */
export const RedirectsToDashboard: StoryObj<typeof meta> = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Projets récents' })).toBeVisible();
  },
};
