import { Flex, styled } from '@mulot/ui/styled-system/jsx';
import { Building2, MousePointerClick } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useLoadOnIntent } from '../../components/deferred/use-load-on-intent';
import * as Sidebar from '../../components/sidebar/sidebar';
import {
  type LanguageSelectorProps,
  LanguageTrigger,
  type UserMenuProps,
  UserTrigger,
} from './header-triggers';

const loadMenus = () => import('./header-menus');

export function LanguageSelector(props: LanguageSelectorProps) {
  const { loaded, standIn, intent } = useLoadOnIntent(loadMenus);
  if (loaded) return <loaded.LanguageMenu {...props} intent={intent} />;
  return <LanguageTrigger {...props} {...standIn} aria-haspopup="menu" aria-expanded={false} />;
}

export function UserMenu(props: UserMenuProps) {
  const { loaded, standIn, intent } = useLoadOnIntent(loadMenus);
  if (loaded) return <loaded.UserMenu {...props} intent={intent} />;
  return <UserTrigger user={props.user} {...standIn} aria-haspopup="menu" aria-expanded={false} />;
}

export interface AppHeaderProps {
  language: LanguageSelectorProps;
  user: UserMenuProps['user'];
  onLogout: () => void;
  /** The current organization's name, shown to every member (issue 40); nothing while it is not known. */
  organizationName?: string | null;
}

/** Top bar of the app: sidebar toggle, the current organization, language selector, user menu. */
export function AppHeader({ language, user, onLogout, organizationName }: AppHeaderProps) {
  const intl = useIntl();
  // on a phone the sidebar, and the logo in it, is folded away: the header carries the logo
  const { isMobile } = Sidebar.useSidebar();
  return (
    <Flex
      as="header"
      alignItems="center"
      gap="2"
      h="14"
      px="4"
      borderBottomWidth="1px"
      bg="bg.default"
      position="sticky"
      top="0"
      zIndex="sticky"
    >
      <Sidebar.Trigger />
      {isMobile && (
        <Flex
          alignItems="center"
          gap="1.5"
          flexShrink="0"
          fontWeight="bold"
          css={{ '& svg': { w: '5', h: '5', color: 'primary.fg' } }}
          data-testid="header-logo"
        >
          <MousePointerClick aria-hidden />
          Mulot
        </Flex>
      )}
      {organizationName && (
        // A long name stops at an ellipsis; the whole of it is in the title and read by assistive technology.
        <Flex alignItems="center" gap="2" minW="0" color="fg.muted" textStyle="sm" fontWeight="medium">
          <Building2 aria-hidden size={16} style={{ flexShrink: 0 }} />
          <styled.p truncate title={organizationName} data-testid="current-organization">
            <styled.span srOnly>
              {`${intl.formatMessage({ id: 'shell.organization.current', defaultMessage: 'Organisation actuelle :' })} `}
            </styled.span>
            {organizationName}
          </styled.p>
        </Flex>
      )}
      <Flex ml="auto" alignItems="center" gap="2" flexShrink="0">
        <LanguageSelector {...language} />
        <UserMenu user={user} onLogout={onLogout} />
      </Flex>
    </Flex>
  );
}
