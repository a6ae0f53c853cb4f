// Apart from funnel-chart.tsx (loaded lazily): the card sizes the chart's place, and tests check it, without it.
import { CHART_CONTAINER_HEIGHT, CHART_MARGIN } from '../dashboard/chart-constants';

/** Spec §9: a chart's container is 300 px high by default; the funnel is drawn at that height. */
export const FUNNEL_HEIGHT = CHART_CONTAINER_HEIGHT;

/**
 * The dashboard chart's margins, but with the counts' labels left of the axis rather than over the plot (they
 * would sit on the first bar) and room under the steps' numbers for the axis' name.
 */
export const FUNNEL_MARGIN = { ...CHART_MARGIN, left: 48, bottom: 52 } as const;

/** Below this width per step, only every other (third…) step's number is written under the axis. */
export const MIN_PX_PER_STEP_LABEL = 24;
