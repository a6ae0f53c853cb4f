import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { select } from '@mulot/ui/styled-system/recipes';
import {
  ChevronsUpDown,
  FolderKanban,
  LayoutDashboard,
  MousePointerClick,
  Sparkles,
  Users,
} from 'lucide-react';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { useLoadOnIntent } from '../../components/deferred/use-load-on-intent';
import * as Sidebar from '../../components/sidebar/sidebar';
import { FragmentLink } from '../link/link';
import {
  type OrganizationOption,
  type OrganizationSwitcherProps,
  switcherMessages,
} from './organization-switcher-props';

export interface AppSidebarProps {
  /** The current location's path, to mark the active entry. */
  currentPath: string;
  /** Platform administrators (spec §6) are the only ones who see the organization switcher. */
  isAdmin: boolean;
  organizations?: OrganizationOption[];
  currentOrganizationId?: string | null;
  onOrganizationChange?: (organizationId: string) => void;
  version?: string;
}

const loadSwitcher = () => import('./organization-switcher');

/**
 * The switcher as it looks closed (the select recipe's parts, the same names and roles) until the administrator
 * shows intent; then Ark's select, fetched then, takes its place.
 */
function OrganizationSwitcher(props: OrganizationSwitcherProps) {
  const intl = useIntl();
  const { loaded, standIn, intent } = useLoadOnIntent(loadSwitcher);
  const labelId = useId();
  const parts = select();
  const current = props.organizations.find((o) => o.id === props.currentOrganizationId);
  return (
    <Box css={{ _collapsed: { display: 'none' } }}>
      {loaded ? (
        <loaded.OrganizationSelect {...props} intent={intent} />
      ) : (
        <div className={parts.root}>
          <span id={labelId} className={parts.label}>
            {intl.formatMessage(switcherMessages.label)}
          </span>
          <div className={parts.control}>
            <button
              type="button"
              role="combobox"
              aria-haspopup="listbox"
              aria-expanded={false}
              aria-labelledby={labelId}
              className={parts.trigger}
              data-state="closed"
              data-placeholder-shown={current ? undefined : ''}
              {...standIn}
            >
              <span className={parts.valueText}>
                {current?.name ?? intl.formatMessage(switcherMessages.placeholder)}
              </span>
              <span className={parts.indicator}>
                <ChevronsUpDown aria-hidden />
              </span>
            </button>
          </div>
        </div>
      )}
    </Box>
  );
}

function isActive(currentPath: string, href: string) {
  return currentPath === href || currentPath.startsWith(`${href}/`);
}

/** The app's navigation (spec §2 "Application shell"); render inside `Sidebar.Provider`. */
export function AppSidebar({
  currentPath,
  isAdmin,
  organizations = [],
  currentOrganizationId,
  onOrganizationChange = () => {},
  version = 'v0.0.1',
}: AppSidebarProps) {
  const intl = useIntl();
  const { setOpenMobile } = Sidebar.useSidebar();
  // On a phone the sheet covers the page: once a link took the user somewhere, it gets out of the way.
  useEffect(() => {
    if (currentPath) setOpenMobile(false);
  }, [currentPath, setOpenMobile]);
  const items = [
    {
      href: '/app/dashboard',
      icon: <LayoutDashboard />,
      label: intl.formatMessage({ id: 'shell.nav.dashboard', defaultMessage: 'Tableau de bord' }),
    },
    {
      href: '/app/projects',
      icon: <FolderKanban />,
      label: intl.formatMessage({ id: 'shell.nav.projects', defaultMessage: 'Vos projets' }),
    },
    {
      href: '/app/assistant',
      icon: <Sparkles />,
      label: intl.formatMessage({ id: 'shell.nav.assistant', defaultMessage: 'Assistant' }),
    },
    {
      href: '/app/team',
      icon: <Users />,
      label: intl.formatMessage({ id: 'shell.nav.team', defaultMessage: 'Équipe' }),
    },
  ];
  return (
    <Sidebar.Root
      aria-label={intl.formatMessage({ id: 'shell.nav.label', defaultMessage: 'Navigation principale' })}
    >
      <Sidebar.Header>
        <Box
          display="flex"
          alignItems="center"
          gap="2"
          h="8"
          px="2"
          fontWeight="bold"
          css={{ '& svg': { w: '5', h: '5', flexShrink: '0', color: 'primary.fg' } }}
        >
          <MousePointerClick aria-hidden />
          <styled.span css={{ _collapsed: { display: 'none' } }}>Mulot</styled.span>
        </Box>
        {isAdmin && organizations.length > 0 && (
          <OrganizationSwitcher
            organizations={organizations}
            currentOrganizationId={currentOrganizationId}
            onOrganizationChange={onOrganizationChange}
          />
        )}
      </Sidebar.Header>
      <Sidebar.Content>
        <Sidebar.Group>
          <nav aria-label={intl.formatMessage({ id: 'shell.nav.menu', defaultMessage: 'Menu' })}>
            <Sidebar.Menu>
              {items.map((item) => (
                <Sidebar.MenuItem key={item.href}>
                  <Sidebar.MenuButton
                    asChild
                    icon={item.icon}
                    label={item.label}
                    isActive={isActive(currentPath, item.href)}
                  >
                    <FragmentLink href={item.href} />
                  </Sidebar.MenuButton>
                </Sidebar.MenuItem>
              ))}
            </Sidebar.Menu>
          </nav>
        </Sidebar.Group>
      </Sidebar.Content>
      <Sidebar.Footer>
        <styled.p
          px="2"
          textStyle="xs"
          color="fg.muted"
          whiteSpace="nowrap"
          css={{ _collapsed: { textAlign: 'center', px: '0', fontSize: '2xs' } }}
        >
          {version}
        </styled.p>
      </Sidebar.Footer>
    </Sidebar.Root>
  );
}
