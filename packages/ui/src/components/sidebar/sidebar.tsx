'use client';
import { ark } from '@ark-ui/react/factory';
import { styled } from '@mulot/ui/styled-system/jsx';
import { PanelLeft } from 'lucide-react';
import {
  type ComponentProps,
  cloneElement,
  createContext,
  isValidElement,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { IconButton } from '../button/button';
import {
  readSidebarCookie,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_MOBILE_QUERY,
  writeSidebarCookie,
} from './sidebar-state';
import { withContext, withProvider } from './sidebar-style';

export * from './sidebar-state';

// The mobile sheet (Ark's dialog, focus trap, portal) is fetched only where the sidebar is a sheet.
const Sheet = lazy(() => import('./sidebar-sheet').then((module) => ({ default: module.Sheet })));
const SidebarTooltip = lazy(() =>
  import('./sidebar-tooltip').then((module) => ({ default: module.SidebarTooltip })),
);

interface SidebarState {
  /** Desktop: expanded (16rem) or collapsed to icons (3rem). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile (≤ 768px): the sheet is shown. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar must be used inside <Sidebar.Provider>');
  return state;
}

function useIsMobile() {
  const [mobile, setMobile] = useState(() =>
    typeof window === 'undefined' ? false : window.matchMedia(SIDEBAR_MOBILE_QUERY).matches,
  );
  useEffect(() => {
    const query = window.matchMedia(SIDEBAR_MOBILE_QUERY);
    const update = () => setMobile(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return mobile;
}

const Wrapper = withProvider(ark.div, 'wrapper');

export interface ProviderProps extends ComponentProps<typeof Wrapper> {
  /** Initial desktop state; by default the one remembered in the cookie (expanded when none). */
  defaultOpen?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}

/**
 * Holds the sidebar state: remembered 7 days in a cookie, toggled by Ctrl+B / ⌘+B, a sheet on mobile.
 * (Its own tooltips open without delay, spec §9: sidebar-tooltip.tsx; the page's keep their 700 ms.)
 */
export function Provider({ defaultOpen, open: openProp, onOpenChange, children, ...props }: ProviderProps) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [openState, setOpenState] = useState(() =>
    defaultOpen !== undefined || typeof document === 'undefined'
      ? (defaultOpen ?? true)
      : readSidebarCookie(document.cookie),
  );
  const open = openProp ?? openState;
  const setOpen = useCallback(
    (next: boolean) => {
      setOpenState(next);
      onOpenChange?.(next);
      writeSidebarCookie(next);
    },
    [onOpenChange],
  );
  const toggle = useCallback(() => {
    if (isMobile) setOpenMobile((shown) => !shown);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey
      ) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const state = useMemo(
    () => ({ open, setOpen, openMobile, setOpenMobile, isMobile, toggle }),
    [open, setOpen, openMobile, isMobile, toggle],
  );
  return (
    <SidebarContext.Provider value={state}>
      <Wrapper data-state={open ? 'expanded' : 'collapsed'} {...props}>
        {children}
      </Wrapper>
    </SidebarContext.Provider>
  );
}

const StyledRoot = withContext(ark.aside, 'root');

export type RootProps = ComponentProps<typeof StyledRoot> & {
  /** Accessible name of the navigation landmark ("Navigation principale"). */
  'aria-label'?: string;
};

/** The sidebar itself: an aside on desktop, a modal sheet (18rem) on mobile. */
export function Root({ children, ...props }: RootProps) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();
  const intl = useIntl();
  const label =
    props['aria-label'] ?? intl.formatMessage({ id: 'ui.sidebar.label', defaultMessage: 'Barre latérale' });
  if (isMobile) {
    return (
      <Suspense fallback={null}>
        <Sheet label={label} open={openMobile} onOpenChange={setOpenMobile}>
          {children}
        </Sheet>
      </Suspense>
    );
  }
  return (
    <StyledRoot
      data-state={open ? 'expanded' : 'collapsed'}
      data-collapsible={open ? undefined : 'icon'}
      {...props}
      aria-label={label}
    >
      {children}
    </StyledRoot>
  );
}

export const Header = withContext(ark.div, 'header');
export const Content = withContext(ark.div, 'content');
export const Footer = withContext(ark.div, 'footer');
export const Group = withContext(ark.div, 'group');
export const GroupLabel = withContext(ark.div, 'groupLabel');
export const Menu = withContext(ark.ul, 'menu');
export const MenuItem = withContext(ark.li, 'menuItem');
const StyledMenuButton = withContext(ark.a, 'menuButton');
const MenuLabel = withContext(ark.span, 'menuLabel');
export const Inset = withContext(ark.main, 'inset');

export type MenuButtonProps = Omit<ComponentProps<typeof StyledMenuButton>, 'children'> & {
  icon: ReactNode;
  /** Shown beside the icon; when collapsed, in a tooltip (no delay) and as the accessible name. */
  label: string;
  isActive?: boolean;
  /** Render the router's link instead of <a>: pass it as the only child. */
  asChild?: boolean;
  children?: ReactNode;
};

export function MenuButton({ icon, label, isActive, asChild, children, ...props }: MenuButtonProps) {
  const { open, isMobile } = useSidebar();
  const content = (
    <>
      <styled.span aria-hidden="true" display="contents">
        {icon}
      </styled.span>
      <MenuLabel>{label}</MenuLabel>
    </>
  );
  const button = (
    <StyledMenuButton aria-current={isActive ? 'page' : undefined} asChild={asChild} {...props}>
      {asChild && children ? withLabel(children, content) : content}
    </StyledMenuButton>
  );
  if (open || isMobile) return button;
  return (
    <Suspense fallback={button}>
      <SidebarTooltip label={label}>{button}</SidebarTooltip>
    </Suspense>
  );
}

// With asChild, the caller's element (a router Link) receives the icon and label as its children.
function withLabel(child: ReactNode, content: ReactNode): ReactNode {
  return isValidElement(child) ? cloneElement(child, undefined, content) : content;
}

/** The button that expands/collapses the sidebar (or opens the sheet on mobile). */
export function Trigger(props: Omit<ComponentProps<typeof IconButton>, 'aria-label' | 'children'>) {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  const intl = useIntl();
  const expanded = isMobile ? openMobile : open;
  return (
    <IconButton
      variant="plain"
      colorPalette="gray"
      size="sm"
      aria-label={intl.formatMessage({
        id: 'ui.sidebar.toggle',
        defaultMessage: 'Afficher ou masquer la barre latérale',
      })}
      aria-expanded={expanded}
      aria-keyshortcuts="Control+B Meta+B"
      onClick={toggle}
      {...props}
    >
      <PanelLeft aria-hidden />
    </IconButton>
  );
}
