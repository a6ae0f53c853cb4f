import type { FindReason } from '@mulot/player';
import type { StepHealth } from '../health/step-health-badge';

/** The periods the screen offers, in days ending today (the API takes 1–365). */
export const PERIODS = [7, 30, 90] as const;
export type StatisticsPeriod = (typeof PERIODS)[number];

/** Who played a run (openapi `RunSource`): a member, an end user through the snippet or through the extension. */
export type RunSource = 'members' | 'embed' | 'extension';

/** A step of the funnel (openapi `FunnelStep`): runs that reached it, and those among them that stopped there. */
export interface FunnelStep {
  stepId: string;
  position: number;
  name: string;
  reached: number;
  left: number;
}

/** A guide's figures for a period (openapi `ScenarioStatistics`). */
export interface GuideStatisticsData {
  days: number;
  started: number;
  completed: number;
  abandoned: number;
  /** completed / started; null when nothing started */
  completionRate: number | null;
  /** seconds, over the completed runs; null when none completed */
  medianDuration: number | null;
  /** the guide's own estimate, in minutes */
  expectedDuration: { min: number; max: number };
  bySource: readonly { source: RunSource; started: number; completed: number }[];
  funnel: readonly FunnelStep[];
}

/** A step's health beside its funnel row (openapi `StepHealth`, the fields shown). */
export interface FunnelStepHealth {
  stepId: string;
  health: StepHealth;
  /** runs of the last 30 days that reached the step: none, and "ok" only means "no failure" */
  runs: number;
  lastOutcome?: 'not-found' | 'low-confidence' | null;
  /** why the player could not find the target at the latest failure (null or absent: it did not say) */
  lastReason?: FindReason | null;
}
