import { readFileSync } from 'node:fs';
import { type Token, token } from '@mulot/ui/styled-system/tokens';
import { expect, it } from 'vitest';
import { tokenVar } from './token-var';

// Every file that draws a chart with tokenVar: the dashboard's lines, their shared parts, a guide's funnel.
const charts = ['./line-chart.tsx', './chart-parts.tsx', '../statistics/funnel-chart.tsx'];

it("names the same CSS variable as Panda's token.var, for every token the charts use", () => {
  const used = charts.flatMap((file) =>
    [...readFileSync(new URL(file, import.meta.url), 'utf8').matchAll(/tokenVar\('([^']+)'\)/g)].map(
      (m) => m[1] as Token,
    ),
  );
  expect(used).toContain('colors.bg.muted');
  expect(used).toContain('colors.primary.solid.bg');
  for (const name of used) expect(tokenVar(name), name).toBe(token.var(name));
});
