import { css } from '@mulot/ui/styled-system/css';
import { Box } from '@mulot/ui/styled-system/jsx';
import { Axis, BarSeries, BarStack, DataContext, Grid, XYChart } from '@visx/xychart';
import { type RefObject, useContext, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { DIMMED_OPACITY, TOOLTIP_OFFSET } from '../dashboard/chart-constants';
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
} from '../dashboard/chart-parts';
import { tokenVar } from '../dashboard/token-var';
import { FUNNEL_HEIGHT, FUNNEL_MARGIN, MIN_PX_PER_STEP_LABEL } from './funnel-constants';
import { funnelMessages, stepNameMessage } from './funnel-table';
import type { FunnelStep } from './types';

/** One step as drawn: its bar is the runs that reached it, split into those that went on and those that left. */
interface Row {
  position: string;
  name: string;
  reached: number;
  continued: number;
  left: number;
}

/** Steps are bands with 30 % of a step between them, and a little room at both ends. */
const X_SCALE = { type: 'band', paddingInner: 0.3, paddingOuter: 0.2 } as const;

/** The step numbers written under the axis: all of them when they fit, else every other one (third…). */
export function stepTickValues(positions: readonly string[], innerWidth: number): string[] {
  const fit = Math.max(1, Math.floor(innerWidth / MIN_PX_PER_STEP_LABEL));
  const stride = Math.ceil(positions.length / fit);
  return positions.filter((_, i) => i % stride === 0);
}

export interface FunnelChartProps {
  funnel: readonly FunnelStep[];
  /** What the chart shows, for assistive tech (its figures are in the tooltip and the table beside it). */
  label: string;
  /** Fixed width (stories); by default the chart takes its container's width. */
  width?: number;
}

/**
 * A guide's funnel: one stacked bar per step, the runs that reached it — those that went on below, those that
 * left there on top. Drawn like the dashboard's chart (visx's xychart and legend, colours from tokens, the legend
 * isolating a series, the steps' figures from the keyboard); its figures are also in the table beside it.
 */
export function FunnelChart({ width, ...props }: FunnelChartProps) {
  if (width) return <SizedFunnelChart width={width} {...props} />;
  return <MeasuredChart>{(measured) => <SizedFunnelChart width={measured} {...props} />}</MeasuredChart>;
}

/** Where a step's bar is, from the chart's scales once xychart has made them. */
interface Scales {
  /** the band's centre */
  xOf: (row: number) => number;
  /** half a bar's width */
  halfBar: number;
  yOf: (value: number) => number;
}

/** Inside the chart: hands its scales to the keyboard and pointer handling, and shades the shown step's band. */
function BandHighlight({
  positions,
  row,
  scales,
}: {
  positions: readonly string[];
  row: number | undefined;
  scales: RefObject<Scales | null>;
}) {
  const { xScale, yScale, margin, innerHeight } = useContext(DataContext);
  const band = xScale as unknown as
    | (((position: string) => number | undefined) & { bandwidth: () => number; step: () => number })
    | undefined;
  const linear = yScale as unknown as ((value: number) => number) | undefined;
  // Until the chart has its data, its scales are placeholders (a linear x): nothing to hand over yet.
  const current =
    band && typeof band.bandwidth === 'function' && linear
      ? {
          xOf: (i: number) => (band(positions[i] ?? '') ?? 0) + band.bandwidth() / 2,
          halfBar: band.bandwidth() / 2,
          yOf: (v: number) => linear(v),
        }
      : null;
  useLayoutEffect(() => {
    scales.current = current;
  });
  if (!current || !band || row === undefined || !margin || innerHeight === undefined) return null;
  const step = band.step();
  return (
    <rect
      data-chart-band=""
      x={current.xOf(row) - step / 2}
      y={margin.top}
      width={step}
      height={innerHeight}
      style={{ fill: tokenVar('colors.bg.muted') }}
      pointerEvents="none"
    />
  );
}

function SizedFunnelChart({ funnel, label, width }: FunnelChartProps & { width: number }) {
  const intl = useIntl();
  const hintId = useId();
  const [isolated, setIsolated] = useState<string | null>(null);
  /** The step under the pointer (or chosen from the keyboard). */
  const [hover, setHover] = useState<number | null>(null);
  const number = (v: number) => intl.formatNumber(v);
  const series: ChartSeries[] = useMemo(
    () => [
      { key: 'continued', label: intl.formatMessage(funnelMessages.continued) },
      { key: 'left', label: intl.formatMessage(funnelMessages.left) },
    ],
    [intl],
  );
  const colors = useMemo(() => series.map((_, i) => seriesColor(i)), [series]);
  const rows: Row[] = useMemo(
    () =>
      funnel.map((step) => ({
        position: String(step.position),
        name: step.name,
        reached: step.reached,
        continued: Math.max(0, step.reached - step.left),
        left: step.left,
      })),
    [funnel],
  );
  const positions = useMemo(() => rows.map((row) => row.position), [rows]);
  const yScale = useMemo(() => yScaleOf(rows.map((row) => row.reached)), [rows]);
  const innerWidth = width - FUNNEL_MARGIN.left - FUNNEL_MARGIN.right;
  const xTicks = useMemo(() => stepTickValues(positions, innerWidth), [positions, innerWidth]);
  const scales = useRef<Scales | null>(null);

  const opacityOf = (key: string, i: number) =>
    isolated !== null && isolated !== key ? DIMMED_OPACITY : (colors[i]?.opacity ?? 1);
  // A bar's fill is an attribute xychart sets (it takes no style per series): a dimmed series is its colour
  // mixed with transparency, which is what an opacity would show.
  const fillOf = (key: string, i: number) => {
    const color = colors[i]?.color ?? 'currentColor';
    const opacity = opacityOf(key, i);
    return opacity === 1 ? color : `color-mix(in srgb, ${color} ${Math.round(opacity * 100)}%, transparent)`;
  };
  const toggle = (key: string) => setIsolated((current) => (current === key ? null : key));

  const shown = hover === null ? undefined : rows[hover];
  // A funnel is read from its first step: the keyboard's walk starts there.
  const walk = useChartWalk(rows.length, hover, 'first', setHover);
  const fromKeyboard = walk.fromKeyboard;
  const stepName = (row: Row) =>
    intl.formatMessage(stepNameMessage, { position: row.position, name: row.name });
  const spoken =
    fromKeyboard && shown
      ? [
          stepName(shown),
          `${intl.formatMessage(funnelMessages.reached)} ${number(shown.reached)}`,
          `${intl.formatMessage(funnelMessages.left)} ${number(shown.left)}`,
        ].join(', ')
      : '';

  // The tooltip sits right of the step's bar, level with its top; where it would not fit it goes left of it, and
  // it never leaves the chart's box (the card around it hides what overflows). Placed before paint.
  const tooltipRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const tip = tooltipRef.current;
    const at = scales.current;
    if (!tip || hover === null || !at || !shown) return;
    const centre = at.xOf(hover);
    const w = tip.offsetWidth;
    const h = tip.offsetHeight;
    let x = centre + at.halfBar + TOOLTIP_OFFSET;
    if (x + w > width) x = centre - at.halfBar - TOOLTIP_OFFSET - w;
    const y = Math.min(at.yOf(shown.reached), FUNNEL_HEIGHT - h);
    tip.style.left = `${Math.max(0, Math.min(x, width - w))}px`;
    tip.style.top = `${Math.max(0, y)}px`;
  });

  /** A line of the tooltip: a series' figure beside its swatch, or the step's total without one. */
  const tooltipLine = (text: string, value: number, swatch?: { key: string; i: number }) => (
    <div key={text} className={css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1' })}>
      {swatch && (
        <Swatch
          w="2.5"
          h="2.5"
          borderRadius="full"
          flexShrink="0"
          style={{ background: colors[swatch.i]?.color, opacity: opacityOf(swatch.key, swatch.i) }}
        />
      )}
      <span className={css({ flex: '1', color: 'fg.muted' })}>{text}</span>
      <strong>{number(value)}</strong>
    </div>
  );

  return (
    <Box position="relative">
      <ChartFrame label={label} hintId={hintId} onKeyDown={walk.onKeyDown} onBlur={walk.onBlur}>
        <XYChart
          width={width}
          height={FUNNEL_HEIGHT}
          margin={FUNNEL_MARGIN}
          theme={chartTheme}
          xScale={X_SCALE}
          yScale={yScale}
          accessibilityLabel={label}
          onPointerMove={({ index, svgPoint }) => {
            walk.pointerMoved();
            const inside =
              svgPoint &&
              svgPoint.x >= FUNNEL_MARGIN.left &&
              svgPoint.x <= width - FUNNEL_MARGIN.right &&
              svgPoint.y >= FUNNEL_MARGIN.top &&
              svgPoint.y <= FUNNEL_HEIGHT - FUNNEL_MARGIN.bottom;
            setHover(inside ? index : null);
          }}
          onPointerDown={({ index }) => setHover(index)}
          onPointerOut={() => setHover(null)}
        >
          <BandHighlight
            positions={positions}
            row={shown ? (hover ?? undefined) : undefined}
            scales={scales}
          />
          <Grid
            columns={false}
            numTicks={Y_TICKS}
            lineStyle={{ stroke: tokenVar('colors.border.default'), strokeWidth: 1 }}
          />
          <BarStack>
            {series.map((s, i) => (
              <BarSeries
                key={s.key}
                dataKey={s.key}
                data={rows}
                xAccessor={(row: Row) => row.position}
                yAccessor={(row: Row) => row[s.key as 'continued' | 'left']}
                colorAccessor={() => fillOf(s.key, i)}
              />
            ))}
          </BarStack>
          <g data-axis="x">
            <Axis
              orientation="bottom"
              tickValues={xTicks}
              hideTicks
              stroke={tokenVar('colors.border.default')}
              strokeWidth={2}
              tickLabelProps={() => ({ 'data-tick': '', style: labelStyle, textAnchor: 'middle' })}
              label={intl.formatMessage(funnelMessages.steps)}
              labelOffset={16}
              labelProps={{ style: labelStyle, textAnchor: 'middle' }}
            />
          </g>
          <g data-axis="y">
            <Axis
              orientation="left"
              numTicks={Y_TICKS}
              hideAxisLine
              hideTicks
              tickFormat={(v: number) => number(v)}
              tickLabelProps={() => ({
                'data-tick': '',
                dx: -4,
                textAnchor: 'end',
                verticalAnchor: 'middle',
                style: labelStyle,
              })}
            />
          </g>
        </XYChart>
      </ChartFrame>
      {shown && (
        <div ref={tooltipRef} data-chart-tooltip="" className={tooltipClass}>
          {/* a long step name wraps rather than widening the tooltip past the chart */}
          <strong className={css({ display: 'block', maxW: '64', whiteSpace: 'normal' })}>
            {stepName(shown)}
          </strong>
          {tooltipLine(intl.formatMessage(funnelMessages.reached), shown.reached)}
          {series.map((s, i) =>
            tooltipLine(s.label, shown[s.key as 'continued' | 'left'], { key: s.key, i }),
          )}
        </div>
      )}
      <span id={hintId} className={css({ srOnly: true })}>
        {intl.formatMessage({
          id: 'statistics.funnel.keyboardHint',
          defaultMessage: 'Flèches gauche et droite : les chiffres de chaque étape.',
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
