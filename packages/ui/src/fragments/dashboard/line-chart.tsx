import { css } from '@mulot/ui/styled-system/css';
import { Box, styled } from '@mulot/ui/styled-system/jsx';
import {
  type KeyboardEvent,
  type PointerEvent,
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
import { band, linear, ticks as linearTicks, monotoneXPath, niceDomain } from './chart-scale';
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

/** Evenly spread labels, one per 175 px (spec §9), always including the first and last row. */
export function xTickValues(values: readonly string[], width: number): string[] {
  const count = Math.min(values.length, Math.max(1, Math.floor(width / PX_PER_X_TICK)));
  if (count === 1) return values.slice(0, 1);
  return Array.from(
    { length: count },
    (_, i) => values[Math.round((i * (values.length - 1)) / (count - 1))] ?? '',
  );
}

/** Horizontal grid lines and y labels: about four (d3's tick rule, as the grid always had). */
const Y_TICKS = 4;
/** Days are bands with 30 % of a step between them; a day's point is at its band's centre. */
const BAND_PADDING = 0.3;

// The axis labels keep the type they had when visx's chart theme drew them (its label font stack, light weight,
// 0.4 px spacing), so replacing visx moved no pixel; the size and colour are tokens.
const labelProps = {
  fontFamily: '-apple-system,BlinkMacSystemFont,Roboto,Helvetica Neue,sans-serif',
  fontWeight: 200,
  fontSize: 11,
  letterSpacing: 0.4,
  pointerEvents: 'none',
  style: { fill: tokenVar('colors.fg.muted'), fontSize: tokenVar('fontSizes.xs') },
} as const;
/** Where a bottom label's baseline sits below the axis: visx's 4 px tick, the 11 px label size, and 0.125em. */
const X_LABEL_DY = 4 + 11 + 11 * 0.125;
/** y labels sit just above their grid line, inside the 20 px margin. */
const Y_LABEL_DX = 4;
const Y_LABEL_DY = -4;
const { top, right, left } = CHART_MARGIN;
/** The x axis: where zero is drawn. */
const baseline = CHART_HEIGHT - CHART_MARGIN.bottom;

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
 * item isolates its series (others dimmed to 0.2), a second press restoring all. SVG, its lines drawn by
 * visx, its scales in chart-scale.ts (ADR 0011).
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
  const [isolated, setIsolated] = useState<string | null>(null);
  /** The row under the pointer, and the pointer's y (the tooltip follows it). */
  const [hover, setHover] = useState<{ row: number; y: number } | null>(null);
  const number = formatValue ?? ((v: number) => intl.formatNumber(v));
  const colors = useMemo(() => series.map((_, i) => seriesColor(i)), [series]);

  const layout = useMemo(() => {
    const days = band(data.length, left, width - right, BAND_PADDING);
    const xOf = (i: number) => days.start(i) + days.bandwidth / 2;
    const values = data.flatMap((row) => series.map((s) => Number(row[s.key])));
    // From zero, up to the largest value rounded up (d3's nice).
    const domain = niceDomain(Math.min(0, ...values), Math.max(0, ...values));
    const yOf = linear(domain, baseline, top);
    const lines = series.map((s) => monotoneXPath(data.map((row, i) => [xOf(i), yOf(Number(row[s.key]))])));
    return { days, xOf, yOf, lines, yTicks: linearTicks(domain[0], domain[1], Y_TICKS) };
  }, [data, series, width]);
  const { days, xOf, yOf } = layout;
  const xTicks = useMemo(
    () =>
      xTickValues(
        data.map((row) => String(row[index])),
        width,
      ),
    [data, index, width],
  );
  const rowOf = useMemo(() => new Map(data.map((row, i) => [String(row[index]), i])), [data, index]);

  const opacityOf = (key: string, i: number) =>
    isolated !== null && isolated !== key ? DIMMED_OPACITY : (colors[i]?.opacity ?? 1);
  // Spec §4: a press isolates a series; pressing it again while the others are dimmed brings them all back.
  const toggle = (key: string) => setIsolated((current) => (current === key ? null : key));

  // The day whose point is nearest the pointer across; the tooltip shows only within 100 px of one of its points.
  const point = (event: PointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    if (!box || data.length === 0) return;
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const row = Math.min(data.length - 1, Math.max(0, Math.round((x - xOf(0)) / days.step)));
    const near = series.some(
      (s) => Math.hypot(xOf(row) - x, yOf(Number(data[row]?.[s.key])) - y) <= TOOLTIP_MAX_DISTANCE,
    );
    setHover(near ? { row, y } : null);
  };
  const hovered = hover ? data[hover.row] : undefined;
  const hoverX = hover ? xOf(hover.row) : 0;
  const hintId = useId();
  // The keyboard's way to the days' figures: the arrows move a day at a time (from the last day, the newest),
  // Home and End jump to the ends, Escape hides; the tooltip shows under the day's highest point, and a live region
  // reads the figures out.
  const [fromKeyboard, setFromKeyboard] = useState(false);
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (data.length === 0) return;
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
    const y = Math.min(...series.map((s) => yOf(Number(data[row]?.[s.key]))));
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
    if (!tip || !hover) return;
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
      <svg
        width={width}
        height={CHART_HEIGHT}
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
        <g data-grid="">
          {layout.yTicks.map((tick) => (
            <line
              key={tick}
              x1={left}
              x2={width - right}
              y1={yOf(tick)}
              y2={yOf(tick)}
              stroke={tokenVar('colors.border.default')}
              shapeRendering="crispEdges"
            />
          ))}
        </g>
        <g data-axis="x">
          {xTicks.map((value) => (
            <text
              key={value}
              data-tick=""
              x={xOf(rowOf.get(value) ?? 0)}
              y={baseline + X_LABEL_DY}
              textAnchor="middle"
              {...labelProps}
            >
              {formatIndex(value)}
            </text>
          ))}
          <line
            x1={left + 0.5}
            x2={width - right + 0.5}
            y1={baseline}
            y2={baseline}
            stroke={tokenVar('colors.border.default')}
            strokeWidth={2}
            shapeRendering="crispEdges"
          />
        </g>
        <g data-axis="y">
          {layout.yTicks
            .filter((tick) => tick !== 0)
            .map((tick) => (
              <text
                key={tick}
                data-tick=""
                x={left + Y_LABEL_DX}
                y={yOf(tick) + Y_LABEL_DY}
                textAnchor="start"
                {...labelProps}
              >
                {number(tick)}
              </text>
            ))}
        </g>
        {series.map((s, i) => (
          <path
            key={s.key}
            data-series={s.key}
            d={layout.lines[i]}
            fill="none"
            strokeWidth={2}
            strokeLinecap="round"
            style={{
              stroke: colors[i]?.color,
              strokeOpacity: opacityOf(s.key, i),
              transition: 'stroke-opacity 150ms',
            }}
          />
        ))}
        {hovered && (
          <line
            data-chart-crosshair=""
            x1={hoverX}
            x2={hoverX}
            y1={top}
            y2={baseline}
            stroke={tokenVar('colors.border.input')}
            strokeWidth={1.5}
          />
        )}
        <rect
          x={left}
          y={top}
          width={Math.max(0, width - left - right)}
          height={baseline - top}
          fill="transparent"
          onPointerMove={(event) => {
            setFromKeyboard(false);
            point(event);
          }}
          onPointerDown={point}
          onPointerLeave={() => setHover(null)}
        />
      </svg>
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
        {series.map((s, i) => {
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
                style={{ background: colors[i]?.color, opacity: opacityOf(s.key, i) }}
                aria-hidden="true"
              />
              <span style={{ opacity: dimmed ? 0.6 : 1 }}>{s.label}</span>
            </LegendButton>
          );
        })}
      </Box>
    </Box>
  );
}
