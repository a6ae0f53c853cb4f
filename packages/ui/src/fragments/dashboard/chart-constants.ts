// Apart from line-chart.tsx (loaded lazily): callers size and test the chart without loading it.

/** Spec §9 "Line chart": the product's chart constants, exported so tests and callers agree with them. */
export const CHART_HEIGHT = 400;
/** Spec §9: a chart's container is 300 px high by default, before it is measured and when it has nothing to draw. */
export const CHART_CONTAINER_HEIGHT = 300;
export const CHART_MARGIN = { top: 24, right: 20, bottom: 32, left: 20 } as const;
export const TOOLTIP_OFFSET = 20;
/** Beyond this distance (px) from the nearest point, the crosshair and tooltip hide. */
export const TOOLTIP_MAX_DISTANCE = 100;
/** One x-axis label per this many pixels of width. */
export const PX_PER_X_TICK = 175;
export const DIMMED_OPACITY = 0.2;
