export { ActivityChart, type ActivityChartProps, type ActivityDay } from './activity-chart';
export {
  CHART_HEIGHT,
  CHART_MARGIN,
  DIMMED_OPACITY,
  PX_PER_X_TICK,
  TOOLTIP_MAX_DISTANCE,
  TOOLTIP_OFFSET,
} from './chart-constants';
export { type DashboardCounts, DashboardStats, type DashboardStatsProps } from './dashboard-stats';
export {
  type ChartRow,
  type ChartSeries,
  LineChart,
  type LineChartProps,
  seriesColor,
  xTickValues,
} from './line-chart';
export { QuickActions, type QuickActionsProps } from './quick-actions';
export { type RecentProject, RecentProjects, type RecentProjectsProps } from './recent-projects';
export { StatCard, type StatCardProps } from './stat-card';
export { TipOfTheDay, tipIndex } from './tip-of-the-day';
export {
  type UnansweredQuestion,
  UnansweredQuestions,
  type UnansweredQuestionsProps,
} from './unanswered-questions';
export { Welcome, type WelcomeProps } from './welcome';
