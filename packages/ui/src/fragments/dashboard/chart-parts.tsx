// What the product's charts share (the dashboard's activity lines, a guide's funnel): series colours from tokens,
// whole-count y scales, the tooltip's box, the focus ring, and the legend whose item isolates its series. Loaded
// with the charts themselves (lazy chunks), never by the cards around them.
import { css } from '@mulot/ui/styled-system/css';
import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { LegendOrdinal } from '@visx/legend';
import { scaleOrdinal } from '@visx/scale';
import { buildChartTheme } from '@visx/xychart';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CHART_CONTAINER_HEIGHT } from './chart-constants';
import { tokenVar } from './token-var';

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

/** Horizontal grid lines and y labels: about four. */
export const Y_TICKS = 4;

/**
 * The y axis runs from zero to the largest value rounded up (d3's nice), and never below 4, one whole count per
 * grid line: with about four ticks a step is then at least 1, so counts are marked in whole numbers (a top of 2
 * would be marked 0, 0.5, 1, 1.5, 2), and a month without activity draws its zero line at the bottom (a linear
 * scale puts an empty domain's one value halfway up).
 */
export function yScaleOf(values: readonly number[]) {
  return { type: 'linear' as const, domain: [0, Math.max(Y_TICKS, ...values)], nice: true, zero: true };
}

// Only what visx needs to lay out; every visible colour is set from tokens on the elements themselves.
export const chartTheme = buildChartTheme({
  backgroundColor: 'transparent',
  colors: ['currentColor'],
  gridColor: 'currentColor',
  gridColorDark: 'currentColor',
  tickLength: 4,
});

export const labelStyle = { fill: tokenVar('colors.fg.muted'), fontSize: tokenVar('fontSizes.xs') };

export const focusRing = css({
  borderRadius: 'l2',
  _focusVisible: { outline: '[2px solid]', outlineColor: 'focusRing', outlineOffset: '0.5' },
});

export const tooltipClass = css({
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

/**
 * A chart at its container's width. The container keeps the chart in the flow (its height is the chart's, at
 * least the spec's 300 px): a measuring box sized by its parent, as visx's ParentSize is, would be 0 px high in
 * a card whose height comes from its content, and clip the chart away.
 */
export function MeasuredChart({ children }: { children: (width: number) => ReactNode }) {
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
      {width > 0 ? children(width) : null}
    </Box>
  );
}

const LegendButton = styled('button');
export const Swatch = styled('span');

export interface ChartLegendProps {
  series: readonly ChartSeries[];
  colors: readonly { color: string }[];
  /** The isolated series' key, null when all show. */
  isolated: string | null;
  onToggle: (key: string) => void;
  opacityOf: (key: string, index: number) => number;
}

/**
 * Spec §4: a press isolates a series (the others dimmed); pressing it again while the others are dimmed brings
 * them all back. Drawn by visx's legend (ADR 0012), each item a toggle button.
 */
export function ChartLegend({ series, colors, isolated, onToggle, opacityOf }: ChartLegendProps) {
  const intl = useIntl();
  const legendId = useId();
  const legendScale = useMemo(
    () => scaleOrdinal({ domain: series.map((s) => s.key), range: colors.map((c) => c.color) }),
    [series, colors],
  );
  return (
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
                onClick={() => onToggle(s.key)}
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
  );
}

export interface ChartFrameProps {
  /** the chart's summary, its name as one image */
  label: string;
  /** the id of the hint saying how to walk its figures by keyboard */
  hintId: string;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onBlur: () => void;
  children: ReactNode;
}

/**
 * The chart as one image named by its summary, and focusable: its figures (the days', the steps') are otherwise only
 * for a pointer, so the keyboard walks them from here.
 */
export function ChartFrame({ label, hintId, onKeyDown, onBlur, children }: ChartFrameProps) {
  return (
    <div
      role="img"
      aria-label={label}
      aria-describedby={hintId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the figures are otherwise only for a pointer
      tabIndex={0}
      className={focusRing}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      {children}
    </div>
  );
}

/**
 * The keyboard's walk along a chart's points (the days, the steps), for its ChartFrame: the arrows move one point at
 * a time, from the `start` end when none is shown; Home and End jump to the ends; Escape hides it, and so does
 * leaving the chart when the keyboard showed it. `fromKeyboard`: the point shown was chosen by key (the chart reads
 * its figures out then, not for a pointer's) — until the pointer moves over the chart (`pointerMoved`).
 */
export function useChartWalk(
  count: number,
  shown: number | null,
  start: 'first' | 'last',
  show: (point: number | null) => void,
): {
  fromKeyboard: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onBlur: () => void;
  pointerMoved: () => void;
} {
  const [fromKeyboard, setFromKeyboard] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return;
    if (event.key === 'Escape') {
      if (shown === null) return;
      event.preventDefault();
      show(null);
      return;
    }
    const last = count - 1;
    const from = shown ?? (start === 'first' ? 0 : last);
    const moves: Record<string, number> = {
      ArrowRight: shown === null ? from : Math.min(last, from + 1),
      ArrowLeft: shown === null ? from : Math.max(0, from - 1),
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    setFromKeyboard(true);
    show(to);
  };
  const onBlur = () => {
    if (fromKeyboard) show(null);
    setFromKeyboard(false);
  };
  return { fromKeyboard, onKeyDown, onBlur, pointerMoved: () => setFromKeyboard(false) };
}
