import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { reply } from '#stories/api.ts';
import { assistantAnswer, projectPage, projects } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Assistant',
  ...routeMeta('/app/assistant', {
    api: [reply('get', '/projects', ({ request }) => projectPage(projects, request))],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible();
  },
};

/** The journey: a question in the user's words, then the guides that answer it, best first. */
export const Answered: Story = {
  parameters: route({ api: [reply('post', '/assistant', assistantAnswer, { status: 200 })] }),
  play: async () => {
    const screen = page();
    // The site choice shows once the projects are in: the question is asked on the settled screen.
    await expect((await screen.findAllByText('Tous les sites'))[0]).toBeVisible();
    await userEvent.type(screen.getByRole('textbox'), 'comment poser des congés ?{Enter}');
    await expect(await screen.findByText(assistantAnswer.guides[0]?.title ?? '')).toBeVisible();
  },
};
