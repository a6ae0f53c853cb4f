import { Box } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settleFocus } from '../../stories-support/settle';
import { LanguageSelector, UserMenu } from './app-header';
import { AppShell, type AppShellProps, PageHeader } from './app-shell';

const languages = [
  { key: 'fr', value: 'Français' },
  { key: 'en', value: 'English' },
];
const organizations = [
  { id: 'a6f1c2d4-0000-4000-8000-000000000001', name: 'Atelier Mulot' },
  { id: 'a6f1c2d4-0000-4000-8000-000000000002', name: 'Boulangerie Dupain' },
];
const user = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@mulot.fr' };

function shellProps(overrides: Partial<AppShellProps['sidebar']> = {}): Omit<AppShellProps, 'children'> {
  return {
    defaultSidebarOpen: true,
    sidebar: {
      currentPath: '/app/projects/42',
      isAdmin: false,
      organizations,
      currentOrganizationId: organizations[0]?.id,
      onOrganizationChange: fn(),
      ...overrides,
    },
    header: {
      user,
      onLogout: fn(),
      language: { languages, status: 'ready', locale: 'fr', onLocaleChange: fn() },
    },
  };
}

interface Args {
  onLogout: () => void;
  onLocaleChange: (locale: string) => void;
}

/** Escape closes a menu once it holds the focus (Ark moves it there a frame after opening). */
async function closeWithEscape(body: ReturnType<typeof within>) {
  const menu = body.getByRole('menu');
  await waitFor(() => expect(menu.contains(menu.ownerDocument.activeElement)).toBe(true));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  await settleFocus();
}

const meta: Meta<Args> = {
  title: 'Fragments/Shell',
  parameters: { layout: 'fullscreen' },
  args: { onLogout: fn(), onLocaleChange: fn() },
};
export default meta;
type Story = StoryObj<Args>;

export const Contributor: Story = {
  render: () => (
    <AppShell {...shellProps()}>
      <PageHeader title="Vos projets" />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Menu' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Tableau de bord', '/app/dashboard'],
      ['Vos projets', '/app/projects'],
      ['Assistant', '/app/assistant'],
      ['Équipe', '/app/team'],
    ]);
    // A project page is under "Your projects".
    await expect(within(nav).getByRole('link', { name: 'Vos projets' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByText('v0.0.1')).toBeVisible();
    // Only platform administrators switch organizations; every member sees the current one's name (issue 40).
    await expect(canvas.queryByRole('combobox', { name: 'Organisation' })).toBeNull();
    const current = within(canvas.getByRole('banner')).getByText('Atelier Mulot');
    await expect(current).toBeVisible();
  },
};

export const AdminWithOrganizationSwitcher: Story = {
  render: () => {
    const [organizationId, setOrganizationId] = useState(organizations[0]?.id);
    const props = shellProps({
      isAdmin: true,
      currentPath: '/app/dashboard',
      currentOrganizationId: organizationId,
      onOrganizationChange: setOrganizationId,
    });
    return (
      <AppShell {...props}>
        <PageHeader title="Tableau de bord" />
      </AppShell>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const switcher = canvas.getByRole('combobox', { name: 'Organisation' });
    await expect(switcher).toHaveTextContent('Atelier Mulot');
    await userEvent.click(switcher);
    await userEvent.click(await body.findByRole('option', { name: 'Boulangerie Dupain' }));
    // Ark's select took the closed stand-in's place when it was pressed (app-sidebar.tsx): ask for it again.
    await expect(canvas.getByRole('combobox', { name: 'Organisation' })).toHaveTextContent(
      'Boulangerie Dupain',
    );
    await waitFor(() => expect(body.queryByRole('listbox')).toBeNull());
    await settleFocus();
  },
};

/** Ctrl+B (⌘+B) collapses the sidebar to icons and back; the names stay available to assistive tech. */
export const Collapsible: Story = {
  render: () => (
    <AppShell {...shellProps()}>
      <PageHeader title="Vos projets" />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sidebar = canvas.getByRole('complementary', { name: 'Navigation principale' });
    const toggle = canvas.getByRole('button', { name: 'Afficher ou masquer la barre latérale' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Control>}b{/Control}');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('link', { name: 'Équipe' })).toBeInTheDocument();
    const version = canvas.getByText('v0.0.1');
    await expect(version).toBeVisible();
    // One line, whole, in the 48 px rail (it wrapped to "v0.0." / "1").
    const text = document.createRange();
    text.selectNodeContents(version);
    await expect(new Set([...text.getClientRects()].map((r) => Math.round(r.top))).size).toBe(1);
    await expect(version.scrollWidth).toBeLessThanOrEqual(version.clientWidth);
    await userEvent.click(toggle);
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  },
};

export const UserMenuOpen: Story = {
  render: (args) => (
    <Box p="4" display="flex" justifyContent="flex-end" h="xs">
      <UserMenu user={user} onLogout={args.onLogout} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Menu utilisateur Ada Lovelace' });
    await userEvent.click(trigger);
    const profile = await body.findByRole('menuitem', { name: 'Profil' });
    await expect(profile).toHaveAttribute('href', '/app/profile');
    await expect(body.getByRole('menuitem', { name: 'Déconnexion' })).toBeVisible();
    await expect(body.getByText('ada@mulot.fr')).toBeVisible();
    await closeWithEscape(body);
  },
};

/** A new account has no name yet: the email stands in for it, once. */
export const UserWithoutName: Story = {
  render: (args) => (
    <Box p="4" display="flex" justifyContent="flex-end" h="xs">
      <UserMenu user={{ firstname: '', lastname: '', email: 'new@mulot.fr' }} onLogout={args.onLogout} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Menu utilisateur new@mulot.fr' });
    await userEvent.click(trigger);
    await expect(await body.findByRole('menuitem', { name: 'Profil' })).toBeVisible();
    await expect(body.getAllByText('new@mulot.fr')).toHaveLength(2);
    await closeWithEscape(body);
  },
};

export const Logout: Story = {
  render: (args) => (
    <Box p="4" display="flex" justifyContent="flex-end">
      <UserMenu user={user} onLogout={args.onLogout} />
    </Box>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    // Keyboard only: Enter opens on the first item, arrows move, Enter chooses.
    const trigger = canvas.getByRole('button', { name: /Menu utilisateur/ });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    // Ark highlights the first item once the menu has focus; arrows only move from there.
    const profile = await body.findByRole('menuitem', { name: 'Profil' });
    await waitFor(() => expect(profile).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(body.getByRole('menuitem', { name: 'Déconnexion' })).toHaveAttribute('data-highlighted'),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await settleFocus();
  },
};

export const LanguageSwitch: Story = {
  render: (args) => (
    <Box p="4" h="xs">
      <LanguageSelector
        languages={languages}
        status="ready"
        locale="fr"
        onLocaleChange={args.onLocaleChange}
      />
    </Box>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    const trigger = canvas.getByRole('button', { name: 'Langue : Français' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const french = await body.findByRole('menuitem', { name: /Français/ });
    await expect(french).toHaveTextContent('(langue actuelle)');
    await waitFor(() => expect(french).toHaveAttribute('data-highlighted'));
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(body.getByRole('menuitem', { name: 'English' })).toHaveAttribute('data-highlighted'),
    );
    await userEvent.keyboard('{Enter}');
    await expect(args.onLocaleChange).toHaveBeenCalledWith('en');
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await settleFocus();
  },
};

export const LanguagesFailedToLoad: Story = {
  render: () => (
    <Box p="4" h="xs">
      <LanguageSelector languages={[]} status="error" locale="fr" onLocaleChange={fn()} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    const trigger = () => within(canvasElement).getByRole('button', { name: /Langue/ });
    await userEvent.click(trigger());
    await expect(
      await body.findByRole('menuitem', { name: 'Impossible de charger les langues' }),
    ).toHaveAttribute('aria-disabled', 'true');
    // The menu's own trigger replaced the stand-in that was pressed (app-header.tsx).
    await userEvent.click(trigger());
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
    await settleFocus();
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull());
  },
};

export const NoLanguage: Story = {
  render: () => (
    <Box p="4" h="xs">
      <LanguageSelector languages={[]} status="ready" locale="fr" onLocaleChange={fn()} />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Langue/ }));
    await expect(await body.findByRole('menuitem', { name: 'Aucune langue disponible' })).toBeVisible();
    await closeWithEscape(body);
  },
};

/** On a phone the sidebar is folded away behind its button: the header shows the logo instead. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
  render: () => (
    <AppShell {...shellProps()}>
      <PageHeader title="Vos projets" />
    </AppShell>
  ),
  play: async ({ canvasElement }) => {
    const header = within(within(canvasElement).getByRole('banner'));
    await expect(header.getByText('Mulot')).toBeVisible();
    await expect(header.getByText('Atelier Mulot')).toBeVisible();
  },
};
