import { css } from '@mulot/ui/styled-system/css';
import { Box } from '@mulot/ui/styled-system/jsx';
import { curveMonotoneX } from '@visx/curve';
import { Axis, DataContext, Grid, LineSeries, XYChart } from '@visx/xychart';
import { type RefObject, useContext, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  CHART_HEIGHT,
  CHART_MARGIN,
  DIMMED_OPACITY,
  PX_PER_X_TICK,
  TOOLTIP_MAX_DISTANCE,
  TOOLTIP_OFFSET,
} from './chart-constants';
import {
  ChartFrame,
  ChartLegend,
  type ChartSeries,
  chartTheme,
  labelStyle,
  MeasuredChart,
  Swatch,
  seriesColor,
  tooltipClass,
  useChartWalk,
  Y_TICKS,
  yScaleOf,
} from './chart-parts';
import { tokenVar } from './token-var';

export type ChartRow = Record<string, string | number>;
export type { ChartSeries };
export { seriesColor };

/**
 * Evenly spread labels, one per 175 px (spec §9), always including the first and last row: at least two, so that
 * a phone-wide chart still says which days it spans.
 */
export function xTickValues(values: readonly string[], width: number): string[] {
  const count = Math.min(values.length, Math.max(2, Math.floor(width / PX_PER_X_TICK)));
  if (count === 1) return values.slice(0, 1);
  return Array.from(
    { length: count },
    (_, i) => values[Math.round((i * (values.length - 1)) / (count - 1))] ?? '',
  );
}

/** Days are bands with 30 % of a step between them; a day's point is at its band's centre. */
const BAND_PADDING = 0.3;
const X_SCALE = { type: 'band', paddingInner: BAND_PADDING } as const;

export interface LineChartProps {
  data: readonly ChartRow[];
  /** The row field naming the x-axis label of each row. */
  index: string;
  series: readonly ChartSeries[];
  formatIndex?: (value: string) => string;
  formatValue?: (value: number) => string;
  /** What the chart shows, for assistive tech (its figures are in the tooltip and the caller's summary). */
  label: string;
  /** Fixed width (stories); by default the chart takes its container's width. */
  width?: number;
}

/**
 * A multi-series line chart (spec §9): monotone-X curves, 400 px high, crosshair tooltip, and a legend whose
 * item isolates its series (others dimmed to 0.2), a second press restoring all. Drawn by visx's xychart, its
 * legend by visx's legend (ADR 0012).
 */
export function LineChart({ width, ...props }: LineChartProps) {
  if (width) return <SizedLineChart width={width} {...props} />;
  return <MeasuredLineChart {...props} />;
}

/** The chart at its container's width (see MeasuredChart). */
function MeasuredLineChart(props: LineChartProps) {
  return <MeasuredChart>{(width) => <SizedLineChart width={width} {...props} />}</MeasuredChart>;
}

/** Where a day and a value are drawn, from the chart's scales once xychart has made them. */
interface Scales {
  xOf: (row: number) => number;
  yOf: (value: number) => number;
}

/**
 * Inside the chart: hands its scales to the chart's keyboard and pointer handling, and draws the crosshair at the
 * shown day.
 */
function Crosshair({
  days,
  row,
  scales,
}: {
  days: readonly string[];
  row: number | undefined;
  scales: RefObject<Scales | null>;
}) {
  const { xScale, yScale, margin, innerHeight } = useContext(DataContext);
  const band = xScale as unknown as
    | (((day: string) => number | undefined) & { bandwidth: () => number })
    | undefined;
  const linear = yScale as unknown as ((value: number) => number) | undefined;
  const current =
    band && linear
      ? {
          xOf: (i: number) => (band(days[i] ?? '') ?? 0) + band.bandwidth() / 2,
          yOf: (v: number) => linear(v),
        }
      : null;
  useLayoutEffect(() => {
    scales.current = current;
  });
  if (!current || row === undefined || !margin || innerHeight === undefined) return null;
  const x = current.xOf(row);
  return (
    <line
      data-chart-crosshair=""
      x1={x}
      x2={x}
      y1={margin.top}
      y2={margin.top + innerHeight}
      stroke={tokenVar('colors.border.input')}
      strokeWidth={1.5}
      pointerEvents="none"
    />
  );
}

function SizedLineChart({
  data,
  index,
  series,
  formatIndex = (v) => v,
  formatValue,
  label,
  width,
}: LineChartProps & { width: number }) {
  const intl = useIntl();
  const hintId = useId();
  const [isolated, setIsolated] = useState<string | null>(null);
  /** The row under the pointer (or chosen from the keyboard), and the y the tooltip follows. */
  const [hover, setHover] = useState<{ row: number; y: number } | null>(null);
  const number = formatValue ?? ((v: number) => intl.formatNumber(v));
  const colors = useMemo(() => series.map((_, i) => seriesColor(i)), [series]);
  const days = useMemo(() => data.map((row) => String(row[index])), [data, index]);
  const values = useMemo(() => data.flatMap((row) => series.map((s) => Number(row[s.key]))), [data, series]);
  const yScale = useMemo(() => yScaleOf(values), [values]);
  const xTicks = useMemo(() => xTickValues(days, width), [days, width]);
  const scales = useRef<Scales | null>(null);

  const opacityOf = (key: string, i: number) =>
    isolated !== null && isolated !== key ? DIMMED_OPACITY : (colors[i]?.opacity ?? 1);
  // Spec §4: a press isolates a series; pressing it again while the others are dimmed brings them all back.
  const toggle = (key: string) => setIsolated((current) => (current === key ? null : key));

  // xychart finds the day nearest the pointer across; the tooltip shows only within 100 px of one of its points.
  const point = (row: number, x: number, y: number) => {
    const at = scales.current;
    if (!at) return;
    const near = series.some(
      (s) => Math.hypot(at.xOf(row) - x, at.yOf(Number(data[row]?.[s.key])) - y) <= TOOLTIP_MAX_DISTANCE,
    );
    setHover(near ? { row, y } : null);
  };
  const hovered = hover ? data[hover.row] : undefined;
  // The keyboard's way to the days' figures: from the last day (the newest); the tooltip shows under the day's
  // highest point, and a live region reads the figures out.
  const walk = useChartWalk(data.length, hover?.row ?? null, 'last', (row) => {
    const at = scales.current;
    if (row === null || !at) return setHover(null);
    setHover({ row, y: Math.min(...series.map((s) => at.yOf(Number(data[row]?.[s.key])))) });
  });
  const fromKeyboard = walk.fromKeyboard;
  const spoken =
    fromKeyboard && hovered
      ? [
          formatIndex(String(hovered[index])),
          ...series.map((s) => `${s.label} ${number(Number(hovered[s.key]))}`),
        ].join(', ')
      : '';
  // The tooltip sits 20 px right of the crosshair and below the pointer; where it would not fit it goes left or
  // above, and it never leaves the chart's box: the card around it hides what overflows. Placed before paint,
  // once its size is known.
  const tooltipRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const tip = tooltipRef.current;
    const at = scales.current;
    if (!tip || !hover || !at) return;
    const hoverX = at.xOf(hover.row);
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    let x = hoverX + TOOLTIP_OFFSET;
    if (x + w > width) x = hoverX - TOOLTIP_OFFSET - w;
    let y = hover.y + TOOLTIP_OFFSET;
    if (y + h > CHART_HEIGHT) y = hover.y - TOOLTIP_OFFSET - h;
    tip.style.left = `${Math.max(0, Math.min(x, width - w))}px`;
    tip.style.top = `${Math.max(0, y)}px`;
  });

  return (
    <Box position="relative">
      <ChartFrame label={label} hintId={hintId} onKeyDown={walk.onKeyDown} onBlur={walk.onBlur}>
        <XYChart
          width={width}
          height={CHART_HEIGHT}
          margin={CHART_MARGIN}
          theme={chartTheme}
          xScale={X_SCALE}
          yScale={yScale}
          accessibilityLabel={label}
          onPointerMove={({ index: row, svgPoint }) => {
            walk.pointerMoved();
            if (svgPoint) point(row, svgPoint.x, svgPoint.y);
          }}
          onPointerDown={({ index: row, svgPoint }) => {
            if (svgPoint) point(row, svgPoint.x, svgPoint.y);
          }}
          onPointerOut={() => setHover(null)}
        >
          <Grid
            columns={false}
            numTicks={Y_TICKS}
            lineStyle={{ stroke: tokenVar('colors.border.default'), strokeWidth: 1 }}
          />
          <g data-axis="x">
            <Axis
              orientation="bottom"
              tickValues={xTicks}
              tickFormat={(v: string) => formatIndex(v)}
              hideTicks
              stroke={tokenVar('colors.border.default')}
              strokeWidth={2}
              tickLabelProps={() => ({ 'data-tick': '', style: labelStyle, textAnchor: 'middle' })}
            />
          </g>
          <g data-axis="y">
            <Axis
              orientation="left"
              numTicks={Y_TICKS}
              hideAxisLine
              hideTicks
              hideZero
              tickFormat={(v: number) => number(v)}
              // Inside the 20 px margin: labels sit just above their grid line.
              tickLabelProps={() => ({
                'data-tick': '',
                x: 0,
                dx: 4,
                dy: -4,
                textAnchor: 'start',
                verticalAnchor: 'end',
                style: labelStyle,
              })}
            />
          </g>
          {series.map((s, i) => (
            <LineSeries
              key={s.key}
              dataKey={s.key}
              data={data as ChartRow[]}
              xAccessor={(row: ChartRow) => String(row[index])}
              yAccessor={(row: ChartRow) => Number(row[s.key])}
              curve={curveMonotoneX}
              data-series={s.key}
              strokeWidth={2}
              strokeLinecap="round"
              style={{
                stroke: colors[i]?.color,
                strokeOpacity: opacityOf(s.key, i),
                transition: 'stroke-opacity 150ms',
              }}
            />
          ))}
          <Crosshair days={days} row={hovered ? hover?.row : undefined} scales={scales} />
        </XYChart>
      </ChartFrame>
      {hovered && (
        <div ref={tooltipRef} data-chart-tooltip="" className={tooltipClass}>
          <strong>{formatIndex(String(hovered[index]))}</strong>
          {series.map((s, i) => (
            <div key={s.key} className={css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1' })}>
              <Swatch
                w="2.5"
                h="2.5"
                borderRadius="full"
                flexShrink="0"
                style={{ background: colors[i]?.color, opacity: opacityOf(s.key, i) }}
              />
              <span className={css({ flex: '1', color: 'fg.muted' })}>{s.label}</span>
              <strong>{number(Number(hovered[s.key]))}</strong>
            </div>
          ))}
        </div>
      )}
      <span id={hintId} className={css({ srOnly: true })}>
        {intl.formatMessage({
          id: 'chart.keyboardHint',
          defaultMessage: 'Flèches gauche et droite : les chiffres de chaque jour.',
        })}
      </span>
      <span aria-live="polite" className={css({ srOnly: true })}>
        {spoken}
      </span>
      <ChartLegend
        series={series}
        colors={colors}
        isolated={isolated}
        onToggle={toggle}
        opacityOf={opacityOf}
      />
    </Box>
  );
}
