// The scales of the line chart, written out: the x axis is categorical (one band per row) and the y axis linear from
// zero, so d3-scale's every scale kind, its interpolators and d3-time-format (35 kB gzip with visx's xychart) are not
// needed. The arithmetic is d3's own, so the chart draws as it did. The curve is visx's (d3-shape).
import { curveMonotoneX } from '@visx/curve';
import { line } from '@visx/shape';

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3-array's tickIncrement: a round step (1, 2 or 5 × 10ⁿ; negative n as −10ⁿ) giving about `count` ticks. */
function tickIncrement(start: number, stop: number, count: number): number {
  const step = (stop - start) / Math.max(0, count);
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  return power >= 0 ? factor * 10 ** power : -(10 ** -power) / factor;
}

/**
 * d3's linear `nice(10)`: the domain widened to round values, once the rounding step settles; a domain it cannot
 * round (every value equal) is kept as it is.
 */
export function niceDomain(lo: number, hi: number, count = 10): [number, number] {
  let start = lo;
  let stop = hi;
  let previous: number | undefined;
  for (let i = 0; i < 10; i++) {
    const step = tickIncrement(start, stop, count);
    if (step === previous) return [start, stop];
    if (step > 0) {
      start = Math.floor(start / step) * step;
      stop = Math.ceil(stop / step) * step;
    } else if (step < 0) {
      start = Math.ceil(start * step) / step;
      stop = Math.floor(stop * step) / step;
    } else break;
    previous = step;
  }
  return [lo, hi];
}

/** d3's `ticks(start, stop, count)`, for a domain in increasing order. */
export function ticks(start: number, stop: number, count: number): number[] {
  if (start === stop) return [start];
  const step = tickIncrement(start, stop, count);
  if (step === 0 || !Number.isFinite(step)) return [];
  const up = step > 0;
  const s = Math.abs(step);
  let r0 = Math.round(up ? start / s : start * s);
  let r1 = Math.round(up ? stop / s : stop * s);
  const at = (r: number) => (up ? r * s : r / s);
  if (at(r0) < start) r0++;
  if (at(r1) > stop) r1--;
  return Array.from({ length: Math.max(0, r1 - r0 + 1) }, (_, i) => at(r0 + i));
}

/**
 * A linear scale from [lo, hi] onto [r0, r1] (d3's interpolation, so the points land where d3 put them); an empty
 * domain (every value equal) maps to the middle of the range, as d3 does.
 */
export function linear(domain: readonly [number, number], r0: number, r1: number): (value: number) => number {
  const [d0, d1] = domain;
  return (value) => {
    const t = d1 === d0 ? 0.5 : (value - d0) / (d1 - d0);
    return r0 * (1 - t) + r1 * t;
  };
}

/** d3's band scale (no outer padding, centred): where band `i` of `n` starts, and its width. */
export function band(n: number, r0: number, r1: number, paddingInner: number) {
  const step = (r1 - r0) / Math.max(1, n - paddingInner);
  return { step, bandwidth: step * (1 - paddingInner), start: (i: number) => r0 + step * i };
}

const curve = line<readonly [number, number]>({ x: (p) => p[0], y: (p) => p[1], curve: curveMonotoneX });

/**
 * An SVG path through the points with d3's monotone-X curve (Steffen's monotonic cubic interpolation: the line
 * never overshoots a day's value, so a zero day never dips below the axis), drawn by visx's d3-shape.
 */
export function monotoneXPath(points: readonly (readonly [number, number])[]): string {
  return curve([...points]) ?? '';
}
