import { Flex } from '@mulot/ui/styled-system/jsx';
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
}

/** Top bar of the app: sidebar toggle, language selector, user menu. */
export function AppHeader({ language, user, onLogout }: AppHeaderProps) {
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
      <Flex ml="auto" alignItems="center" gap="2">
        <LanguageSelector {...language} />
        <UserMenu user={user} onLogout={onLogout} />
      </Flex>
    </Flex>
  );
}
