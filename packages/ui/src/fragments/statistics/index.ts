export { GuideStatistics, type GuideStatisticsProps } from './guide-statistics';
export {
  type FunnelStep,
  type FunnelStepHealth,
  type GuideStatisticsData,
  PERIODS,
  type RunSource,
  type StatisticsPeriod,
} from './types';
