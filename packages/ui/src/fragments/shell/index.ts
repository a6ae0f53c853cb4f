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
export {
  InvitationBanners,
  type InvitationBannersProps,
  type InvitationToAnswer,
} from './invitation-banners';
export { NoOrganization, type NoOrganizationProps } from './no-organization';
export type { OrganizationOption } from './organization-switcher-props';
