import { readFileSync } from 'node:fs';
import { type Token, token } from '@mulot/ui/styled-system/tokens';
import { expect, it } from 'vitest';
import { tokenVar } from './token-var';

it("names the same CSS variable as Panda's token.var, for every token the chart uses", () => {
  const chart = readFileSync(new URL('./line-chart.tsx', import.meta.url), 'utf8');
  const used = [...chart.matchAll(/tokenVar\('([^']+)'\)/g)].map((m) => m[1] as Token);
  expect(used.length).toBeGreaterThan(0);
  for (const name of used) expect(tokenVar(name), name).toBe(token.var(name));
});
