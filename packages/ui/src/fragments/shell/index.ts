export { AppHeader, type AppHeaderProps, LanguageSelector, UserMenu } from './app-header';
export { AppShell, type AppShellProps, PageHeader } from './app-shell';
export { AppSidebar, type AppSidebarProps } from './app-sidebar';
export type {
  Language,
  LanguageSelectorProps,
  LanguagesStatus,
  UserMenuProps,
  UserMenuUser,
} from './header-triggers';
export type { OrganizationOption } from './organization-switcher-props';
