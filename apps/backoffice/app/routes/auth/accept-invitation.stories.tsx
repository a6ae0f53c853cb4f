import type { StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { problem, refuse, reply } from '#stories/api.ts';
import { invitationDetails } from '#stories/fixtures.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/Auth/AcceptInvitation',
  ...routeMeta('/auth/accept-invitation?code=c0de', {
    signedOut: true,
    api: [reply('post', '/auth/invitation', invitationDetails)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Who invites whom to which organization, then a password to choose. */
export const Default: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { name: 'Rejoindre Mulot Démo' })).toBeVisible();
    await expect(screen.getByRole('button', { name: "Rejoindre l'organisation" })).toBeVisible();
  },
};

export const InvalidLink: Story = {
  parameters: route({
    api: [refuse('post', '/auth/invitation', problem(404, "Cette invitation n'existe pas ou a expiré."))],
  }),
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Invitation invalide' })).toBeVisible();
  },
};

/** Issue 40: a link opened again after it was accepted says so and offers to sign in, not "expired". */
export const AlreadyAccepted: Story = {
  parameters: route({
    api: [
      refuse(
        'post',
        '/auth/invitation',
        problem(409, 'Invitation déjà acceptée. Connectez-vous pour continuer.', {
          type: 'urn:mulot:problem:invitation-accepted',
          code: 'invitation-accepted',
        }),
      ),
    ],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { name: 'Invitation déjà acceptée' })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth/login');
    await expect(screen.queryByRole('button', { name: "M'envoyer un nouveau lien" })).toBeNull();
  },
};
