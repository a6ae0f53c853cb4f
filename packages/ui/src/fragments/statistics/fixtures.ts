// Story fixtures only (never imported by the app). Figures that hold together as the API's would: each step is
// reached by those who reached the one before, less those who left there; the last step's reached less its left
// are the completed runs; the sources add up to the totals.
import type { FunnelStepHealth, GuideStatisticsData } from './types';

const stepId = (n: number) => `5e7c0a1b-0000-4000-8000-00000000000${n}`;

const steps = [
  { name: 'Ouvrir le menu Congés', reached: 128, left: 10 },
  { name: 'Cliquer sur «\u00a0Nouvelle demande\u00a0»', reached: 118, left: 6 },
  { name: 'Choisir les dates de début et de fin', reached: 112, left: 31 },
  { name: 'Indiquer le motif', reached: 81, left: 4 },
  { name: 'Envoyer la demande', reached: 77, left: 5 },
];

export const statistics: GuideStatisticsData = {
  days: 30,
  started: 128,
  completed: 72,
  abandoned: 51,
  completionRate: 72 / 128,
  medianDuration: 252,
  expectedDuration: { min: 3, max: 5 },
  bySource: [
    { source: 'members', started: 12, completed: 9 },
    { source: 'embed', started: 98, completed: 55 },
    { source: 'extension', started: 18, completed: 8 },
  ],
  funnel: steps.map((step, i) => ({ stepId: stepId(i + 1), position: i + 1, ...step })),
};

/** Step 3 not found at its latest failure (the finder said why), step 4 found without certainty. */
export const health: FunnelStepHealth[] = statistics.funnel.map((step) => ({
  stepId: step.stepId,
  runs: step.reached,
  health: step.position === 3 ? 'failing' : step.position === 4 ? 'degraded' : 'ok',
  lastOutcome: step.position === 3 ? 'not-found' : step.position === 4 ? 'low-confidence' : null,
  lastReason: step.position === 3 ? 'too-close-to-call' : null,
}));

/** A quiet week: nothing started. */
export const emptyWeek: GuideStatisticsData = {
  ...statistics,
  days: 7,
  started: 0,
  completed: 0,
  abandoned: 0,
  completionRate: null,
  medianDuration: null,
  bySource: statistics.bySource.map((row) => ({ ...row, started: 0, completed: 0 })),
  funnel: statistics.funnel.map((step) => ({ ...step, reached: 0, left: 0 })),
};
