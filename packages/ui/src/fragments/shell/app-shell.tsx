import { Box } from '@mulot/ui/styled-system/jsx';
import type { ReactNode } from 'react';
import * as Sidebar from '../../components/sidebar/sidebar';
import { AppHeader, type AppHeaderProps } from './app-header';
import { AppSidebar, type AppSidebarProps } from './app-sidebar';

export interface AppShellProps {
  sidebar: AppSidebarProps;
  header: AppHeaderProps;
  children: ReactNode;
  /** Stories pin it; the app leaves it to the remembered cookie. */
  defaultSidebarOpen?: boolean;
}

/** The main layout of every /app page: sidebar, top bar and the page in <main>. */
export function AppShell({ sidebar, header, children, defaultSidebarOpen }: AppShellProps) {
  return (
    <Sidebar.Provider defaultOpen={defaultSidebarOpen}>
      <AppSidebar {...sidebar} />
      <Box display="flex" flexDirection="column" flex="1" minW="0">
        <AppHeader
          organizationName={
            sidebar.organizations?.find((o) => o.id === sidebar.currentOrganizationId)?.name ?? null
          }
          {...header}
        />
        <Sidebar.Inset p={{ base: '4', md: '6' }} gap="6">
          {children}
        </Sidebar.Inset>
      </Box>
    </Sidebar.Provider>
  );
}

/** The page's title (h1) and an optional subtitle, at the top of a shell page. */
export function PageHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <Box>
      <Box as="h1" textStyle="2xl" fontWeight="bold">
        {title}
      </Box>
      {description && (
        <Box as="p" mt="1" color="fg.muted" textStyle="sm">
          {description}
        </Box>
      )}
    </Box>
  );
}
