import {
  ActivityChart,
  DashboardStats,
  QuickActions,
  RecentProjects,
  TipOfTheDay,
  Welcome,
} from '@mulot/ui/fragments/dashboard';
import { Grid, Stack } from '@mulot/ui/styled-system/jsx';
import { $api, errorMessage } from '../../lib/api';
import { useUser } from '../../lib/session';
import { title } from '../../lib/title';

export const meta = () => title('titleDashboard');

/** Real figures of the current organization (GET /dashboard), never sample data. */
export default function Dashboard() {
  const user = useUser();
  const dashboard = $api.useQuery('get', '/dashboard');
  const me = $api.useQuery('get', '/users/me');
  const data = dashboard.data;

  return (
    <Stack gap="6">
      <Welcome firstname={user?.firstname} />
      <DashboardStats counts={data?.counts} loading={dashboard.isPending} />
      <ActivityChart
        activity={data?.activity ?? []}
        loading={dashboard.isPending}
        error={dashboard.error ? { message: errorMessage(dashboard.error) } : null}
      />
      <Grid gridTemplateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <RecentProjects projects={data?.recentProjects ?? []} loading={dashboard.isPending} />
        <Stack gap="4">
          <QuickActions canInvite={me.data?.role === 'Admin'} />
          <TipOfTheDay />
        </Stack>
      </Grid>
    </Stack>
  );
}
