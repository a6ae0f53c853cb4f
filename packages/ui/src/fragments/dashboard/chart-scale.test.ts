import { describe, expect, it } from 'vitest';
import { band, linear, monotoneXPath, niceDomain, ticks } from './chart-scale';

describe('the y scale', () => {
  // Expected values are d3-scale 4.0's `scaleLinear().domain([0, max]).nice()` and its `ticks(4)`.
  it('rounds the top of the domain up as d3 does, and puts about four grid lines on it', () => {
    // The story month: at most 27 guides a day.
    expect(niceDomain(0, 27)).toEqual([0, 28]);
    expect(ticks(0, 28, 4)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(niceDomain(0, 1485)).toEqual([0, 1600]);
    expect(ticks(0, 1600, 4)).toEqual([0, 500, 1000, 1500]);
    expect(niceDomain(0, 7)).toEqual([0, 7]);
    expect(ticks(0, 7, 4)).toEqual([0, 2, 4, 6]);
    expect(niceDomain(0, 0.37)).toEqual([0, 0.4]);
    expect(ticks(0, 0.4, 4)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  });

  it('draws a month without activity as one line across the middle, not at NaN', () => {
    expect(niceDomain(0, 0)).toEqual([0, 0]);
    expect(ticks(0, 0, 4)).toEqual([0]);
    expect(linear([0, 0], 368, 24)(0)).toBe(196);
  });

  it('maps zero to the axis and the top of the domain to the top margin', () => {
    const y = linear([0, 28], 368, 24);
    expect(y(0)).toBe(368);
    expect(y(28)).toBe(24);
    expect(y(14)).toBe(196);
  });
});

describe('the day bands', () => {
  it("spread the days over the width with 30 % gaps, as d3's band scale did", () => {
    const days = band(30, 20, 980, 0.3);
    expect(days.start(0)).toBe(20);
    expect(days.start(29) + days.bandwidth).toBeCloseTo(980);
    expect(days.bandwidth / days.step).toBeCloseTo(0.7);
  });
});

describe('the monotone-X line', () => {
  it("is d3-shape's path for the same points", () => {
    // d3.line().curve(d3.curveMonotoneX) of these points, as drawn by visx before the rewrite.
    expect(
      monotoneXPath([
        [31.313131313131315, 368],
        [63.63636363636364, 355.7142857142857],
        [95.95959595959596, 368],
        [128.28282828282826, 368],
      ]),
    ).toBe(
      'M31.313,368C42.088,361.857,52.862,355.714,63.636,355.714C74.411,355.714,85.185,368,95.96,368' +
        'C106.734,368,117.508,368,128.283,368',
    );
  });

  it('never overshoots: between two equal days the line stays flat', () => {
    const path = monotoneXPath([
      [0, 100],
      [10, 50],
      [20, 50],
      [30, 100],
    ]);
    const flat = path.split('C')[2];
    expect(flat).toBe('13.333,50,16.667,50,20,50');
  });

  it('draws one or two days without a curve', () => {
    expect(monotoneXPath([])).toBe('');
    expect(monotoneXPath([[1, 2]])).toBe('M1,2Z');
    expect(
      monotoneXPath([
        [1, 2],
        [3, 4],
      ]),
    ).toBe('M1,2L3,4');
  });
});
