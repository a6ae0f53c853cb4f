export {
  AppHeader,
  type AppHeaderProps,
  type Language,
  LanguageSelector,
  type LanguageSelectorProps,
  type LanguagesStatus,
  UserMenu,
  type UserMenuProps,
  type UserMenuUser,
} from './app-header';
export { AppShell, type AppShellProps, PageHeader } from './app-shell';
export { AppSidebar, type AppSidebarProps, type OrganizationOption } from './app-sidebar';
