import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/Auth/ResetPassword',
  ...routeMeta('/auth/reset-password?code=c0de', {
    signedOut: true,
    api: [reply('post', '/auth/reset-password/check', undefined)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Nouveau mot de passe' })).toBeVisible();
  },
};

/** While the link is checked, before any password is typed. */
export const Checking: Story = {
  parameters: route({ api: [hang('post', '/auth/reset-password/check')] }),
  play: async () => {
    await expect(await page().findByText('Vérification du lien...')).toBeVisible();
  },
};

/** A used or expired link says so at once, with a way to a new one. */
export const InvalidLink: Story = {
  parameters: route({
    api: [
      refuse(
        'post',
        '/auth/reset-password/check',
        problem(400, 'Ce lien a expiré.', {
          errors: [
            {
              code: 'invalid-code',
              field: '/body/code',
              in: 'body',
              pointer: '/code',
              message: 'Ce lien a expiré.',
            },
          ],
        }),
      ),
    ],
  }),
  play: async () => {
    const screen = page();
    await expect(
      await screen.findByRole('heading', { name: 'Lien de réinitialisation invalide' }),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: "M'envoyer un nouveau lien" })).toBeVisible();
  },
};
