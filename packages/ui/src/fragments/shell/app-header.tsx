import { Box, Flex, styled } from '@mulot/ui/styled-system/jsx';
import { Check, ChevronDown, Globe, LogOut, User } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Avatar } from '../../components/avatar/avatar';
import { Button } from '../../components/button/button';
import * as Menu from '../../components/menu/menu';
import * as Sidebar from '../../components/sidebar/sidebar';
import { FragmentLink } from '../link/link';

export interface Language {
  key: string;
  value: string;
}

export type LanguagesStatus = 'loading' | 'error' | 'ready';

export interface LanguageSelectorProps {
  languages: Language[];
  status: LanguagesStatus;
  /** The locale in use. */
  locale: string;
  /** Asked for a language; the app switches only once its catalogue loaded (spec §4). */
  onLocaleChange: (locale: string) => void;
  /** A catalogue is being loaded. */
  switching?: boolean;
}

export function LanguageSelector({
  languages,
  status,
  locale,
  onLocaleChange,
  switching,
}: LanguageSelectorProps) {
  const intl = useIntl();
  const current = languages.find((l) => l.key === locale);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button
          variant="plain"
          colorPalette="gray"
          size="sm"
          loading={switching}
          aria-label={intl.formatMessage(
            { id: 'shell.language.trigger', defaultMessage: 'Langue : {language}' },
            { language: current?.value ?? locale.toUpperCase() },
          )}
        >
          <Globe aria-hidden />
          <styled.span display={{ base: 'none', sm: 'inline' }}>
            {current?.value ?? locale.toUpperCase()}
          </styled.span>
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Menu.Content minW="40">
        {/* A menu may only hold items: the states are shown as disabled ones. */}
        {status === 'error' && (
          <Menu.Item value="" disabled color="fg.error">
            {intl.formatMessage({
              id: 'shell.language.loadError',
              defaultMessage: 'Impossible de charger les langues',
            })}
          </Menu.Item>
        )}
        {status === 'loading' && (
          <Menu.Item value="" disabled>
            {intl.formatMessage({
              id: 'shell.language.loading',
              defaultMessage: 'Chargement des langues...',
            })}
          </Menu.Item>
        )}
        {status === 'ready' && languages.length === 0 && (
          <Menu.Item value="" disabled>
            {intl.formatMessage({ id: 'shell.language.empty', defaultMessage: 'Aucune langue disponible' })}
          </Menu.Item>
        )}
        {status === 'ready' &&
          languages.map((language) => (
            <Menu.Item
              key={language.key}
              value={language.key}
              lang={language.key}
              onSelect={() => {
                if (language.key !== locale) onLocaleChange(language.key);
              }}
            >
              <Box w="4" flexShrink="0" aria-hidden="true">
                {language.key === locale && <Check />}
              </Box>
              {language.value}
              {language.key === locale && (
                <styled.span srOnly>
                  {intl.formatMessage({ id: 'shell.language.current', defaultMessage: '(langue actuelle)' })}
                </styled.span>
              )}
            </Menu.Item>
          ))}
      </Menu.Content>
    </Menu.Root>
  );
}

export interface UserMenuUser {
  firstname: string;
  lastname: string;
  email: string;
}

export interface UserMenuProps {
  user: UserMenuUser;
  onLogout: () => void;
}

export function UserMenu({ user, onLogout }: UserMenuProps) {
  const intl = useIntl();
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="plain" colorPalette="gray" size="sm">
          {/* The name beside it says who this is; the picture is decoration here. */}
          <styled.span aria-hidden="true" display="contents">
            <Avatar firstName={user.firstname || user.email} lastName={user.lastname} size="sm" />
          </styled.span>
          <styled.span srOnly>
            {intl.formatMessage({ id: 'shell.userMenu.trigger', defaultMessage: 'Menu utilisateur' })}
          </styled.span>
          <styled.span display={{ base: 'none', md: 'inline' }} maxW="40" truncate>
            {name}
          </styled.span>
          <ChevronDown aria-hidden />
        </Button>
      </Menu.Trigger>
      <Menu.Content minW="48">
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>
            <styled.span display="block" fontWeight="semibold" color="fg.default">
              {name}
            </styled.span>
            {/* Before the profile has a name, the name shown above already is the email. */}
            {name !== user.email && (
              <styled.span display="block" fontWeight="normal" color="fg.muted" truncate>
                {user.email}
              </styled.span>
            )}
          </Menu.ItemGroupLabel>
          <Menu.Item value="profile" asChild>
            <FragmentLink href="/app/profile">
              <User aria-hidden />
              {intl.formatMessage({ id: 'shell.userMenu.profile', defaultMessage: 'Profil' })}
            </FragmentLink>
          </Menu.Item>
          <Menu.Separator />
          <Menu.Item value="logout" onSelect={onLogout}>
            <LogOut aria-hidden />
            {intl.formatMessage({ id: 'shell.userMenu.logout', defaultMessage: 'Déconnexion' })}
          </Menu.Item>
        </Menu.ItemGroup>
      </Menu.Content>
    </Menu.Root>
  );
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
