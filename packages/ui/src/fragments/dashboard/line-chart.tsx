import { css } from '@mulot/ui/styled-system/css';
import { Box, styled } from '@mulot/ui/styled-system/jsx';
import { curveMonotoneX } from '@visx/curve';
import { LegendOrdinal } from '@visx/legend';
import { useParentSize } from '@visx/responsive';
import { scaleOrdinal } from '@visx/scale';
import { Axis, buildChartTheme, Grid, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { useId, useMemo, useState } from 'react';
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

/** Evenly spread labels, one per 175 px (spec §9), always including the first and last row. */
export function xTickValues(values: readonly string[], width: number): string[] {
  const count = Math.min(values.length, Math.max(1, Math.floor(width / PX_PER_X_TICK)));
  if (count === 1) return values.slice(0, 1);
  return Array.from(
    { length: count },
    (_, i) => values[Math.round((i * (values.length - 1)) / (count - 1))] ?? '',
  );
}

// Only what visx needs to lay out; every visible colour is set from tokens on the elements themselves.
const theme = buildChartTheme({
  backgroundColor: 'transparent',
  colors: ['currentColor'],
  gridColor: 'currentColor',
  gridColorDark: 'currentColor',
  tickLength: 4,
});

const tooltipClass = css({
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
 * item isolates its series (others dimmed to 0.2), a second press restoring all.
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
  const { parentRef, width } = useParentSize({ debounceTime: 50, ignoreDimensions: 'height' });
  return (
    <Box ref={parentRef} w="full" minW="0" style={{ minHeight: CHART_CONTAINER_HEIGHT }}>
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
  const number = formatValue ?? ((v: number) => intl.formatNumber(v));
  const colors = useMemo(() => series.map((_, i) => seriesColor(i)), [series]);
  const legendScale = useMemo(
    () => scaleOrdinal({ domain: series.map((s) => s.key), range: colors.map((c) => c.color) }),
    [series, colors],
  );
  const ticks = useMemo(
    () =>
      xTickValues(
        data.map((row) => String(row[index])),
        width,
      ),
    [data, index, width],
  );

  const opacityOf = (key: string, i: number) =>
    isolated !== null && isolated !== key ? DIMMED_OPACITY : (colors[i]?.opacity ?? 1);
  // Spec §4: a press isolates a series; pressing it again while the others are dimmed brings them all back.
  const toggle = (key: string) => setIsolated((current) => (current === key ? null : key));

  return (
    <Box>
      <XYChart
        width={width}
        height={CHART_HEIGHT}
        margin={CHART_MARGIN}
        theme={theme}
        xScale={{ type: 'band', paddingInner: 0.3 }}
        yScale={{ type: 'linear', nice: true, zero: true }}
        accessibilityLabel={label}
      >
        <Grid
          columns={false}
          numTicks={4}
          lineStyle={{ stroke: tokenVar('colors.border.default'), strokeWidth: 1 }}
        />
        <Axis
          orientation="bottom"
          tickValues={ticks}
          tickFormat={(v: string) => formatIndex(v)}
          hideTicks
          stroke={tokenVar('colors.border.default')}
          tickLabelProps={() => ({
            style: { fill: tokenVar('colors.fg.muted'), fontSize: tokenVar('fontSizes.xs') },
            textAnchor: 'middle',
          })}
        />
        <Axis
          orientation="left"
          numTicks={4}
          hideAxisLine
          hideTicks
          hideZero
          tickFormat={(v: number) => number(v)}
          // Inside the 20 px margin: labels sit just above their grid line.
          tickLabelProps={() => ({
            x: 0,
            dx: 4,
            dy: -4,
            textAnchor: 'start',
            verticalAnchor: 'end',
            style: { fill: tokenVar('colors.fg.muted'), fontSize: tokenVar('fontSizes.xs') },
          })}
        />
        {series.map((s, i) => (
          <LineSeries
            key={s.key}
            dataKey={s.key}
            data={data as ChartRow[]}
            xAccessor={(row: ChartRow) => String(row[index])}
            yAccessor={(row: ChartRow) => Number(row[s.key])}
            curve={curveMonotoneX}
            data-series={s.key}
            style={{
              stroke: colors[i]?.color,
              strokeOpacity: opacityOf(s.key, i),
              transition: 'stroke-opacity 150ms',
            }}
            strokeWidth={2}
          />
        ))}
        <Tooltip<ChartRow>
          showVerticalCrosshair
          snapTooltipToDatumX
          offsetLeft={TOOLTIP_OFFSET}
          offsetTop={TOOLTIP_OFFSET}
          unstyled
          applyPositionStyle
          className={tooltipClass}
          verticalCrosshairStyle={{ style: { stroke: tokenVar('colors.border.input') } }}
          renderTooltip={({ tooltipData }) => {
            const nearest = tooltipData?.nearestDatum;
            if (!nearest || nearest.distance > TOOLTIP_MAX_DISTANCE) return null;
            const row = nearest.datum;
            return (
              <div data-chart-tooltip="">
                <strong>{formatIndex(String(row[index]))}</strong>
                {series.map((s, i) => (
                  <div
                    key={s.key}
                    className={css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1' })}
                  >
                    <Swatch
                      w="2.5"
                      h="2.5"
                      borderRadius="full"
                      flexShrink="0"
                      style={{ background: colors[i]?.color, opacity: opacityOf(s.key, i) }}
                    />
                    <span className={css({ flex: '1', color: 'fg.muted' })}>{s.label}</span>
                    <strong>{number(Number(row[s.key]))}</strong>
                  </div>
                ))}
              </div>
            );
          }}
        />
      </XYChart>
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
