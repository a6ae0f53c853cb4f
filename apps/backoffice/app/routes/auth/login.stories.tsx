import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { problem, refuse } from '#stories/api.ts';
import { findToast, page, route, routeMeta } from '#stories/route-story.tsx';

const meta = { title: 'Routes/Auth/Login', ...routeMeta('/auth/login', { signedOut: true }) };
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Connexion' })).toBeVisible();
  },
};

/** The journey of a mistyped password: the server's refusal, in French, in a toast. */
export const WrongPassword: Story = {
  parameters: route({
    // Answered after a while, as a server does: the button shows its pending state (and gives up the focus)
    // every time, not only when the answer happens to be slower than a render.
    api: [refuse('post', '/auth/login', problem(401, 'Email ou mot de passe incorrect.'), { wait: 150 })],
  }),
  play: async () => {
    const screen = page();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada.lovelace@mulot.fr');
    await userEvent.type(screen.getByLabelText('Mot de passe'), 'pas le bon');
    await userEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await findToast('Email ou mot de passe incorrect.');
  },
};

/** The form refuses to send an empty address, with the spec's message. */
export const RefusedForm: Story = {
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    await expect(await screen.findByText("L'email est requis")).toBeVisible();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async () => {
    await expect(await page().findByRole('button', { name: 'Log in' })).toBeVisible();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: 'Connexion' })).toBeVisible();
  },
};
