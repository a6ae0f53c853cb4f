// The header menus' triggers and props: drawn by app-header.tsx as stand-ins until the menus are fetched, then by
// the menus themselves (header-menus.tsx), so both read the same.

import { styled } from '@mulot/ui/styled-system/jsx';
import { ChevronDown, Globe } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Avatar } from '../../components/avatar/avatar';
import { Button, type ButtonProps } from '../../components/button/button';

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

type TriggerProps = Omit<ButtonProps, 'children'>;

/** The language menu's trigger: the stand-in until the menu is fetched, then the menu's own trigger. */
export function LanguageTrigger({
  languages,
  locale,
  switching,
  status: _status,
  onLocaleChange: _onLocaleChange,
  ...props
}: LanguageSelectorProps & TriggerProps) {
  const intl = useIntl();
  const current = languages.find((l) => l.key === locale);
  return (
    <Button
      variant="plain"
      colorPalette="gray"
      size="sm"
      loading={switching}
      aria-label={intl.formatMessage(
        { id: 'shell.language.trigger', defaultMessage: 'Langue : {language}' },
        { language: current?.value ?? locale.toUpperCase() },
      )}
      {...props}
    >
      <Globe aria-hidden />
      <styled.span display={{ base: 'none', sm: 'inline' }}>
        {current?.value ?? locale.toUpperCase()}
      </styled.span>
      <ChevronDown aria-hidden />
    </Button>
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

export function userName(user: UserMenuUser): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email;
}

/** The user menu's trigger: the stand-in until the menu is fetched, then the menu's own trigger. */
export function UserTrigger({ user, ...props }: { user: UserMenuUser } & TriggerProps) {
  const intl = useIntl();
  return (
    <Button variant="plain" colorPalette="gray" size="sm" {...props}>
      {/* The name beside it says who this is; the picture is decoration here. */}
      <styled.span aria-hidden="true" display="contents">
        <Avatar firstName={user.firstname || user.email} lastName={user.lastname} size="sm" />
      </styled.span>
      <styled.span srOnly>
        {intl.formatMessage({ id: 'shell.userMenu.trigger', defaultMessage: 'Menu utilisateur' })}
      </styled.span>
      <styled.span display={{ base: 'none', md: 'inline' }} maxW="40" truncate>
        {userName(user)}
      </styled.span>
      <ChevronDown aria-hidden />
    </Button>
  );
}
