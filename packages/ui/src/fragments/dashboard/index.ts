export { ActivityChart, type ActivityChartProps, type ActivityDay } from './activity-chart';
export { type DashboardCounts, DashboardStats, type DashboardStatsProps } from './dashboard-stats';
export {
  CHART_HEIGHT,
  CHART_MARGIN,
  type ChartRow,
  type ChartSeries,
  DIMMED_OPACITY,
  LineChart,
  type LineChartProps,
  PX_PER_X_TICK,
  seriesColor,
  TOOLTIP_MAX_DISTANCE,
  TOOLTIP_OFFSET,
  xTickValues,
} from './line-chart';
export { QuickActions, type QuickActionsProps } from './quick-actions';
export { type RecentProject, RecentProjects, type RecentProjectsProps } from './recent-projects';
export { StatCard, type StatCardProps } from './stat-card';
export { TipOfTheDay, tipIndex } from './tip-of-the-day';
export { Welcome, type WelcomeProps } from './welcome';
