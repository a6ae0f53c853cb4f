import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { reply } from '#stories/api.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/Auth/ForgotPassword',
  ...routeMeta('/auth/forgot-password', { signedOut: true }),
};
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
  },
};

/** A malformed address is refused with the spec's message. */
export const RefusedForm: Story = {
  play: async () => {
    const screen = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    await expect(await screen.findByText('Veuillez entrer une adresse email valide')).toBeVisible();
  },
};

/** The journey: an address, "Envoyer le lien", then "Email envoyé". */
export const Sent: Story = {
  parameters: route({ api: [reply('post', '/auth/forgot-password', undefined)] }),
  play: async () => {
    const screen = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lovelace@mulot.fr');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    await expect(await screen.findByRole('heading', { name: 'Email envoyé' })).toBeVisible();
  },
};
