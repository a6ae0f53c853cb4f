// The header's menus themselves (Ark's menu, its positioning and dismissable layer), fetched by app-header.tsx when
// the user first points at, focuses or presses one of their triggers.

import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { Check, LogOut, User } from 'lucide-react';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { type LoadIntent, useReplayIntent } from '../../components/deferred/use-load-on-intent';
import * as Menu from '../../components/menu/menu';
import { FragmentLink } from '../link/link';
import {
  type LanguageSelectorProps,
  LanguageTrigger,
  type UserMenuProps,
  UserTrigger,
  userName,
} from './header-triggers';

export function LanguageMenu({ intent, ...props }: LanguageSelectorProps & { intent: LoadIntent }) {
  const { languages, status, locale, onLocaleChange } = props;
  const intl = useIntl();
  const trigger = useRef<HTMLButtonElement>(null);
  useReplayIntent(trigger, intent);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <LanguageTrigger ref={trigger} {...props} />
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

export function UserMenu({ user, onLogout, intent }: UserMenuProps & { intent: LoadIntent }) {
  const intl = useIntl();
  const trigger = useRef<HTMLButtonElement>(null);
  useReplayIntent(trigger, intent);
  const name = userName(user);
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <UserTrigger ref={trigger} user={user} />
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
