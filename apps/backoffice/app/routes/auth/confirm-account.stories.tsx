import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/Auth/ConfirmAccount',
  ...routeMeta('/auth/confirm-account?code=c0de&email=louise%40example.com', {
    signedOut: true,
    api: [reply('post', '/auth/confirm', undefined)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

export const Confirmed: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Compte confirmé' })).toBeVisible();
  },
};

export const Confirming: Story = {
  parameters: route({ api: [hang('post', '/auth/confirm')] }),
  play: async () => {
    await expect(await page().findByText('Confirmation de votre compte en cours...')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: route({
    api: [refuse('post', '/auth/confirm', problem(400, 'Ce lien de confirmation a expiré.'))],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { name: 'Échec de la confirmation' })).toBeVisible();
    await expect(screen.getByText(/Ce lien de confirmation a expiré\./)).toBeVisible();
  },
};
