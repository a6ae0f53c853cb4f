import { styled } from '@mulot/ui/styled-system/jsx';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FolderKanban, LayoutDashboard, Users } from 'lucide-react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OPEN_DELAY_MS } from '../tooltip/tooltip';
import * as Sidebar from './sidebar';

function Shell(props: Sidebar.ProviderProps extends infer P ? Omit<P, 'children'> : never) {
  return (
    <Sidebar.Provider {...props}>
      <Sidebar.Root aria-label="Barre latérale">
        <Sidebar.Header>
          <styled.span fontWeight="bold" px="2" py="1" textStyle="sm">
            Mulot
          </styled.span>
        </Sidebar.Header>
        <Sidebar.Content>
          <Sidebar.Group asChild>
            <nav aria-label="Navigation principale">
              <Sidebar.GroupLabel>Application</Sidebar.GroupLabel>
              <Sidebar.Menu>
                <Sidebar.MenuItem>
                  <Sidebar.MenuButton
                    href="#dashboard"
                    icon={<LayoutDashboard />}
                    label="Tableau de bord"
                    isActive
                  />
                </Sidebar.MenuItem>
                <Sidebar.MenuItem>
                  <Sidebar.MenuButton href="#projects" icon={<FolderKanban />} label="Vos projets" />
                </Sidebar.MenuItem>
                <Sidebar.MenuItem>
                  <Sidebar.MenuButton href="#team" icon={<Users />} label="Équipe" />
                </Sidebar.MenuItem>
              </Sidebar.Menu>
            </nav>
          </Sidebar.Group>
        </Sidebar.Content>
        <Sidebar.Footer>
          <styled.span color="fg.muted" px="2" textStyle="xs">
            v0.0.1
          </styled.span>
        </Sidebar.Footer>
      </Sidebar.Root>
      <Sidebar.Inset>
        <styled.header display="flex" alignItems="center" gap="2" p="2" borderBottomWidth="1px">
          <Sidebar.Trigger />
          <styled.h1 textStyle="md" fontWeight="semibold">
            Tableau de bord
          </styled.h1>
        </styled.header>
      </Sidebar.Inset>
    </Sidebar.Provider>
  );
}

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the remembered state between stories.
  document.cookie = `${Sidebar.SIDEBAR_COOKIE_NAME}=; path=/; max-age=0`;
};

const meta = {
  title: 'Primitives/Sidebar',
  parameters: { layout: 'fullscreen' },
  render: () => <Shell />,
  beforeEach: clearCookie,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const aside = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('complementary', { name: 'Barre latérale' });

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const root = aside(canvasElement);
    // 16rem wide, labels shown, current page marked.
    await expect(root.getBoundingClientRect().width).toBe(256);
    await expect(within(root).getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(root).getByText('Vos projets')).toBeVisible();
  },
};

/** Ctrl+B (⌘+B on a Mac) collapses to 3rem of icons and back; the choice is kept 7 days in a cookie. */
export const KeyboardShortcutAndCookie: Story = {
  play: async ({ canvasElement }) => {
    const root = aside(canvasElement);
    const trigger = within(canvasElement).getByRole('button', { name: /barre latérale|sidebar/ });
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'collapsed'));
    await expect(root.getBoundingClientRect().width).toBe(48);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    // Chromium's CookieStore reports the expiry date (TypeScript's DOM types do not list it yet).
    const cookie = (await window.cookieStore.get(Sidebar.SIDEBAR_COOKIE_NAME)) as
      | (CookieListItem & { expires?: number })
      | null;
    await expect(cookie?.value).toBe('false');
    const sevenDays = Sidebar.SIDEBAR_COOKIE_MAX_AGE_S * 1000;
    await expect(Math.abs((cookie?.expires ?? 0) - (Date.now() + sevenDays))).toBeLessThan(60_000);
    await userEvent.keyboard('{Meta>}b{/Meta}');
    await waitFor(() => expect(root).toHaveAttribute('data-state', 'expanded'));
    await expect((await window.cookieStore.get(Sidebar.SIDEBAR_COOKIE_NAME))?.value).toBe('true');
  },
};

/** Collapsed: icons only, names kept for assistive tech and shown in a tooltip at once (no delay). */
export const Collapsed: Story = {
  render: () => <Shell defaultOpen={false} />,
  play: async ({ canvasElement }) => {
    const root = aside(canvasElement);
    await expect(root.getBoundingClientRect().width).toBe(48);
    const projects = within(root).getByRole('link', { name: 'Vos projets' });
    await userEvent.hover(projects);
    const hovered = performance.now();
    const tooltip = await within(canvasElement.ownerDocument.body).findByRole(
      'tooltip',
      {},
      { interval: 10 },
    );
    await expect(tooltip).toHaveTextContent('Vos projets');
    await expect(performance.now() - hovered).toBeLessThan(OPEN_DELAY_MS);
  },
};

/** The state remembered in the cookie is restored on the next visit. */
export const RestoredFromCookie: Story = {
  beforeEach: () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the state a previous visit left.
    document.cookie = `${Sidebar.SIDEBAR_COOKIE_NAME}=false; path=/`;
    return clearCookie;
  },
  play: async ({ canvasElement }) => {
    await expect(aside(canvasElement)).toHaveAttribute('data-state', 'collapsed');
  },
};

/** At 768px or less the sidebar is a sheet (18rem) opened by the trigger, closed by Escape. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const screen = within(canvasElement.ownerDocument.body);
    await expect(canvas.queryByRole('complementary')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /barre latérale|sidebar/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Barre latérale' });
    await expect(within(sheet).getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
    await waitFor(() => expect(sheet.getBoundingClientRect().width).toBe(288));
    await expect(within(sheet).getByRole('link', { name: 'Équipe' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};
