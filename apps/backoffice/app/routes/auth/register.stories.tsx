import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { reply } from '#stories/api.ts';
import { page, route, routeMeta } from '#stories/route-story.tsx';

const meta = { title: 'Routes/Auth/Register', ...routeMeta('/auth/register', { signedOut: true }) };
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Créer un compte' })).toBeVisible();
  },
};

/** Passwords that differ are refused with the spec's message, before anything is sent. */
export const RefusedForm: Story = {
  play: async () => {
    const screen = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'louise@example.com');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'un mot de passe');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'un autre');
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeVisible();
  },
};

/** The journey: a new account, then "Compte créé" (the register-success screen). */
export const Registered: Story = {
  parameters: route({
    api: [
      reply('post', '/auth/register', ({ body }) => ({
        id: '0b6f3f1e-5f4c-4a55-9b53-00ff00000002',
        email: body.credentials.email,
        firstname: '',
        lastname: '',
        isAdmin: false,
        role: null,
      })),
    ],
  }),
  play: async () => {
    const screen = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'louise@example.com');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'un mot de passe');
    await userEvent.type(screen.getByLabelText('Confirmer le mot de passe'), 'un mot de passe');
    await userEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    await expect(await screen.findByRole('heading', { name: 'Compte créé' })).toBeVisible();
  },
};
