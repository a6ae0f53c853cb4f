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

/**
 * Issue 40: emptying the question puts the previous answer away; with no guide for a question, "consultez la liste
 * des guides" leads to where the guides are listed (the projects), since this page has no list of its own.
 */
export const EmptiedThenNoGuide: Story = {
  parameters: route({
    api: [
      reply(
        'post',
        '/assistant',
        ({ body }) => (body.query.includes('congés') ? assistantAnswer : { ...assistantAnswer, guides: [] }),
        { status: 200 },
      ),
    ],
  }),
  play: async () => {
    const screen = page();
    await expect((await screen.findAllByText('Tous les sites'))[0]).toBeVisible();
    const prompt = screen.getByRole('textbox');
    await userEvent.type(prompt, 'comment poser des congés ?{Enter}');
    const first = assistantAnswer.guides[0]?.title ?? '';
    await expect(await screen.findByText(first)).toBeVisible();
    await userEvent.clear(prompt);
    await expect(screen.queryByText(first)).toBeNull();
    await userEvent.type(prompt, 'réserver un vol{Enter}');
    await expect(
      await screen.findByRole('heading', { name: 'Aucun guide ne correspond à votre demande' }),
    ).toBeVisible();
    await expect(screen.getByRole('link', { name: 'consultez la liste des guides' })).toHaveAttribute(
      'href',
      '/app/projects',
    );
    prompt.blur();
  },
};
