import type { StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { hang, problem, refuse, reply } from '#stories/api.ts';
import { invitations, me, members, organizations } from '#stories/fixtures.ts';
import { findToast, page, route, routeMeta } from '#stories/route-story.tsx';

const meta = {
  title: 'Routes/App/Team',
  ...routeMeta('/app/team', {
    api: [reply('post', '/auth/filter', members), reply('get', '/auth/invitations', invitations)],
  }),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** Eight members (a long name, one without a name), two pending invitations, one expired. */
export const Loaded: Story = {
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { name: "Membres de l'équipe (8)" })).toBeVisible();
    await expect(screen.getByRole('heading', { name: 'Invitations en attente (2)' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: route({ api: [hang('post', '/auth/filter'), hang('get', '/auth/invitations')] }),
  play: async () => {
    await expect(await page().findByText('Chargement des membres...')).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: route({
    api: [refuse('post', '/auth/filter', problem(500, 'Une erreur inattendue est survenue.'))],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByText(/^Impossible de charger les membres\./)).toBeVisible();
    await expect(screen.queryByText('Équipe active')).toBeNull();
  },
};

/** The journey: "Inviter un membre", an address, "Envoyer l'invitation"; the toast confirms. */
export const Invite: Story = {
  parameters: route({
    api: [
      reply('post', '/auth/invite', ({ body }) => ({
        ...(members[3] as (typeof members)[number]),
        id: '0b6f3f1e-5f4c-4a55-9b53-00ff00000004',
        email: body.email,
        firstname: '',
        lastname: '',
        role: body.role,
        pending: true,
      })),
    ],
  }),
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Inviter un membre' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Inviter un nouveau membre' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Adresse email/ }), 'louise.michel@example.org');
    await userEvent.click(dialog.getByRole('radio', { name: /Contributeur/ }));
    await userEvent.click(dialog.getByRole('button', { name: "Envoyer l'invitation" }));
    await findToast('louise.michel@example.org va recevoir un email pour rejoindre votre organisation.');
  },
};

/** The invitation dialog refuses a malformed address with the spec's message, open over the team. */
export const InviteRefused: Story = {
  play: async () => {
    const screen = page();
    await userEvent.click(await screen.findByRole('button', { name: 'Inviter un membre' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Inviter un nouveau membre' }));
    await userEvent.type(dialog.getByRole('textbox', { name: /Adresse email/ }), 'louise@');
    await userEvent.click(dialog.getByRole('button', { name: "Envoyer l'invitation" }));
    await expect(await dialog.findByText('Veuillez entrer une adresse email valide')).toBeVisible();
  },
};

/** The organization, as the server holds it while a story renames it (issue 40). */
let renamedTo: string | null = null;

/**
 * Issue 40: an Admin renames the organization from "Renommer l'organisation"; the header, which shows it to every
 * member, follows at once.
 */
export const RenameOrganization: Story = {
  parameters: route({
    api: [
      reply('get', '/organizations', () =>
        organizations.map((o, i) => (i === 0 && renamedTo ? { ...o, name: renamedTo } : o)),
      ),
      reply('patch', '/organizations/current', ({ body }) => {
        renamedTo = body.name;
        return { ...(organizations[0] as (typeof organizations)[number]), name: body.name };
      }),
    ],
  }),
  play: async () => {
    renamedTo = null;
    const screen = page();
    const banner = within(await screen.findByRole('banner'));
    await expect(await banner.findByText('Mulot Démo')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: "Renommer l'organisation" }));
    const dialog = within(await screen.findByRole('dialog', { name: "Renommer l'organisation" }));
    const field = dialog.getByRole('textbox', { name: "Nom de l'organisation" });
    await expect(field).toHaveValue('Mulot Démo');
    await userEvent.clear(field);
    await userEvent.type(field, 'Atelier Mulot');
    await userEvent.click(dialog.getByRole('button', { name: 'Enregistrer le nom' }));
    await findToast('Organisation renommée');
    await expect(await banner.findByText('Atelier Mulot')).toBeVisible();
    await expect(screen.queryByRole('dialog', { name: "Renommer l'organisation" })).toBeNull();
  },
};

/** A Contributor sees the organization's name in the header, but nothing to rename it with. */
export const ContributorSeesTheName: Story = {
  parameters: route({
    api: [reply('get', '/users/me', { ...me, role: 'Contributor' })],
  }),
  play: async () => {
    const screen = page();
    await expect(await screen.findByRole('heading', { name: "Membres de l'équipe (8)" })).toBeVisible();
    await expect(within(screen.getByRole('banner')).getByText('Mulot Démo')).toBeVisible();
    await expect(screen.queryByRole('button', { name: "Renommer l'organisation" })).toBeNull();
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async () => {
    await expect(await page().findByRole('heading', { name: "Membres de l'équipe (8)" })).toBeVisible();
  },
};
