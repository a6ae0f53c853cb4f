import { css } from '@mulot/ui/styled-system/css';
import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { curveMonotoneX } from '@visx/curve';
import { LegendOrdinal } from '@visx/legend';
import { scaleOrdinal } from '@visx/scale';
import { Axis, buildChartTheme, DataContext, Grid, LineSeries, XYChart } from '@visx/xychart';
import {
  type KeyboardEvent,
  type RefObject,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import {
  CHART_CONTAINER_HEIGHT,
  CHART_HEIGHT,
  CHART_MARGIN,
  DIMMED_OPACITY,
  PX_PER_X_TICK,
  TOOLTIP_MAX_DISTANCE,
  TOOLTIP_OFFSET,
} from './chart-constants';
import { tokenVar } from './token-var';

export type ChartRow = Record<string, string | number>;
export interface ChartSeries {
  /** The row field holding this series' values. */
  key: string;
  label: string;
}

/**
 * Series colours come from the theme's tokens as CSS variables, so they follow light and dark themes without
 * re-rendering: primary and secondary alternate, each pair a little lighter than the one before.
 */
export function seriesColor(index: number): { color: string; opacity: number } {
  const color = index % 2 === 0 ? tokenVar('colors.primary.solid.bg') : tokenVar('colors.secondary.solid.bg');
  return { color, opacity: Math.max(0.4, 1 - Math.floor(index / 2) * 0.3) };
}

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

/** Horizontal grid lines and y labels: about four. */
const Y_TICKS = 4;
/** Days are bands with 30 % of a step between them; a day's point is at its band's centre. */
const BAND_PADDING = 0.3;
const X_SCALE = { type: 'band', paddingInner: BAND_PADDING } as const;

/**
 * The y axis runs from zero to the largest value rounded up (d3's nice), and never below 4, one whole count per
 * grid line: with about four ticks a step is then at least 1, so counts are marked in whole numbers (a top of 2
 * would be marked 0, 0.5, 1, 1.5, 2), and a month without activity draws its zero line at the bottom (a linear
 * scale puts an empty domain's one value halfway up).
 */
function yScaleOf(values: readonly number[]) {
  return { type: 'linear' as const, domain: [0, Math.max(Y_TICKS, ...values)], nice: true, zero: true };
}

// Only what visx needs to lay out; every visible colour is set from tokens on the elements themselves.
const theme = buildChartTheme({
  backgroundColor: 'transparent',
  colors: ['currentColor'],
  gridColor: 'currentColor',
  gridColorDark: 'currentColor',
  tickLength: 4,
});

const labelStyle = { fill: tokenVar('colors.fg.muted'), fontSize: tokenVar('fontSizes.xs') };

const focusRing = css({
  borderRadius: 'l2',
  _focusVisible: { outline: '[2px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});

const tooltipClass = css({
  position: 'absolute',
  bg: 'bg.default',
  color: 'fg.default',
  borderWidth: '1px',
  borderRadius: 'l2',
  boxShadow: 'lg',
  px: '3',
  py: '2',
  textStyle: 'xs',
  pointerEvents: 'none',
  zIndex: 'tooltip',
  minW: '40',
  whiteSpace: 'nowrap',
});

const LegendButton = styled('button');
const Swatch = styled('span');

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

/**
 * The chart at its container's width. The container keeps the chart in the flow (its height is the chart's, at
 * least the spec's 300 px): a measuring box sized by its parent, as visx's ParentSize is, would be 0 px high in
 * a card whose height comes from its content, and clip the chart away.
 */
function MeasuredLineChart(props: LineChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    // The first width at once, then one update per 50 ms of resizing: a dragged window redraws the chart once
    // it pauses, not on every frame.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let measured = false;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const next = entry.contentRect.width;
      clearTimeout(timer);
      if (measured) timer = setTimeout(() => setWidth(next), 50);
      else setWidth(next);
      measured = true;
    });
    observer.observe(box);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, []);
  return (
    <Box ref={ref} w="full" minW="0" style={{ minHeight: CHART_CONTAINER_HEIGHT }}>
      {width > 0 ? <SizedLineChart width={width} {...props} /> : null}
    </Box>
  );
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
  const legendId = useId();
  const hintId = useId();
  const [isolated, setIsolated] = useState<string | null>(null);
  /** The row under the pointer (or chosen from the keyboard), and the y the tooltip follows. */
  const [hover, setHover] = useState<{ row: number; y: number } | null>(null);
  const number = formatValue ?? ((v: number) => intl.formatNumber(v));
  const colors = useMemo(() => series.map((_, i) => seriesColor(i)), [series]);
  const legendScale = useMemo(
    () => scaleOrdinal({ domain: series.map((s) => s.key), range: colors.map((c) => c.color) }),
    [series, colors],
  );
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
  // The keyboard's way to the days' figures: the arrows move a day at a time (from the last day, the newest),
  // Home and End jump to the ends, Escape hides; the tooltip shows under the day's highest point, and a live region
  // reads the figures out.
  const [fromKeyboard, setFromKeyboard] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = scales.current;
    if (data.length === 0 || !at) return;
    const last = data.length - 1;
    const from = hover?.row;
    const moves: Record<string, number> = {
      ArrowRight: from === undefined ? last : Math.min(last, from + 1),
      ArrowLeft: from === undefined ? last : Math.max(0, from - 1),
      Home: 0,
      End: last,
    };
    const row = moves[event.key] ?? null;
    if (event.key === 'Escape' && hover) {
      event.preventDefault();
      setHover(null);
      return;
    }
    if (row === null) return;
    event.preventDefault();
    const y = Math.min(...series.map((s) => at.yOf(Number(data[row]?.[s.key]))));
    setFromKeyboard(true);
    setHover({ row, y });
  };
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
      <div
        // The chart as one image named by its summary; focusable, since the days' figures are otherwise only for a
        // pointer.
        role="img"
        aria-label={label}
        aria-describedby={hintId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the days' figures are otherwise only for a pointer
        tabIndex={0}
        className={focusRing}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (fromKeyboard) setHover(null);
          setFromKeyboard(false);
        }}
      >
        <XYChart
          width={width}
          height={CHART_HEIGHT}
          margin={CHART_MARGIN}
          theme={theme}
          xScale={X_SCALE}
          yScale={yScale}
          accessibilityLabel={label}
          onPointerMove={({ index: row, svgPoint }) => {
            setFromKeyboard(false);
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
      </div>
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
      <LegendOrdinal scale={legendScale}>
        {(labels) => (
          <Box
            role="group"
            aria-labelledby={legendId}
            display="flex"
            flexWrap="wrap"
            justifyContent="center"
            gap="2"
            mt="2"
          >
            <span id={legendId} className={css({ srOnly: true })}>
              {intl.formatMessage({ id: 'chart.legend', defaultMessage: 'Séries affichées' })}
            </span>
            {labels.map((item, i) => {
              const s = series[i];
              if (!s) return null;
              const dimmed = isolated !== null && isolated !== s.key;
              return (
                <LegendButton
                  key={s.key}
                  type="button"
                  aria-pressed={isolated === s.key}
                  data-dimmed={dimmed || undefined}
                  onClick={() => toggle(s.key)}
                  display="inline-flex"
                  alignItems="center"
                  gap="2"
                  px="2"
                  py="1"
                  borderRadius="l1"
                  textStyle="sm"
                  color="fg.default"
                  cursor="pointer"
                  _hover={{ bg: 'bg.muted' }}
                  _focusVisible={{ outline: '[2px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' }}
                >
                  <Swatch
                    w="3"
                    h="3"
                    borderRadius="full"
                    style={{ background: item.value, opacity: opacityOf(s.key, i) }}
                    aria-hidden="true"
                  />
                  <span style={{ opacity: dimmed ? 0.6 : 1 }}>{s.label}</span>
                </LegendButton>
              );
            })}
          </Box>
        )}
      </LegendOrdinal>
    </Box>
  );
}
