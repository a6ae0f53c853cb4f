import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { admin, contributor, members, NOW } from './fixtures';
import { MemberList } from './member-list';

const meta = {
  title: 'Fragments/Team/MemberList',
  component: MemberList,
  args: {
    members,
    now: NOW,
    canManage: true,
    onInvite: fn(),
    onEditRole: fn(),
    onRemove: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof MemberList>;
export default meta;
type Story = StoryObj<typeof meta>;

const row = (canvasElement: HTMLElement, email: string) => {
  const item = within(canvasElement).getByText(email).closest('li');
  if (!item) throw new Error(`no row for ${email}`);
  return within(item);
};

/** What an Admin sees: the count in the title, each member with badge, email, real dates and a menu. */
export const AdminView: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: "Membres de l'équipe (4)" })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    const ada = row(canvasElement, 'ada@mulot.fr');
    await expect(ada.getByText('Ada Lovelace')).toBeVisible();
    await expect(ada.getByText('Administrateur')).toHaveAttribute('data-role', 'Admin');
    await expect(ada.getByText('Actif aujourd’hui · Rejoint il y a 2 mois')).toBeVisible();
    await expect(ada.getByRole('img', { name: 'Ada Lovelace' })).toBeVisible();
    const grace = row(canvasElement, 'grace@mulot.fr');
    await expect(grace.getByText('Contributeur')).toHaveAttribute('data-role', 'Contributor');
    await expect(grace.getByText('Actif il y a 3 jours · Rejoint il y a 3 semaines')).toBeVisible();
    // No dates known: nothing is made up.
    const emile = row(canvasElement, 'emile@mulot.fr');
    await expect(emile.queryByText(/Actif|Rejoint/)).toBeNull();
    // An invitee without a name yet is shown by email, marked pending.
    const invitee = row(canvasElement, 'invite@mulot.fr');
    await expect(invitee.getByText('Invitation en attente')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Actions pour/ })).toHaveLength(4);
  },
};

export const EditRoleFromMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions pour Grace Hopper' }));
    await userEvent.click(await body.findByRole('menuitem', { name: 'Modifier le rôle' }));
    await expect(args.onEditRole).toHaveBeenCalledWith(contributor);
    await expect(args.onRemove).not.toHaveBeenCalled();
  },
};

export const RemoveFromMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = within(canvasElement).getByRole('button', { name: 'Actions pour Ada Lovelace' });
    trigger.focus();
    // Keyboard: Enter opens the menu, arrows move, Enter selects.
    await userEvent.keyboard('{Enter}');
    // Enter opens on the first item (once Ark has highlighted it, an arrow moves on).
    const edit = await body.findByRole('menuitem', { name: 'Modifier le rôle' });
    await waitFor(() => expect(edit).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{ArrowDown}');
    const remove = body.getByRole('menuitem', { name: "Retirer de l'équipe" });
    await waitFor(() => expect(remove).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith(admin);
    await expect(args.onEditRole).not.toHaveBeenCalled();
  },
};

/** A Contributor sees the members but no action on them (spec §6 as decided: team actions are for Admins). */
export const ContributorView: Story = {
  args: { canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await expect(canvas.queryAllByRole('button')).toHaveLength(0);
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('Chargement des membres...');
    await expect(within(canvasElement).queryByRole('list')).toBeNull();
  },
};

export const Empty: Story = {
  args: { members: [] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: "Aucun membre dans l'équipe" })).toBeVisible();
    await expect(canvas.getByText('Commencez par inviter vos premiers collaborateurs')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Inviter le premier membre' }));
    await expect(args.onInvite).toHaveBeenCalledOnce();
  },
};

export const EmptyWithoutInviteRight: Story = {
  args: { members: [], canManage: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: "Aucun membre dans l'équipe" })).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const LoadError: Story = {
  args: { error: { message: 'Veuillez vérifier votre connexion et réessayer.' } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Impossible de charger les membres. Veuillez vérifier votre connexion et réessayer.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Réessayer' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** The server refuses the list to a Contributor: the page says why instead of showing an empty team. */
export const RestrictedToAdmins: Story = {
  args: { members: [], canManage: false, restricted: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Liste réservée aux administrateurs' })).toBeVisible();
    await expect(canvas.queryByText("Aucun membre dans l'équipe")).toBeNull();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
