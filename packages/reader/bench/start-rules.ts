// `pnpm --filter @mulot/reader bench`: how long the start rules' decision takes on the page (issue 42's goal: ≤ 5 ms
// with 500 guides). Two catalogues of 500 automatic guides where only the last one matches, so that every rule is
// read: "typical" (1 to 3 page patterns and 0 to 2 audience rules per guide) and "heavy" (up to the contract's 20
// patterns and 3 audience rules, a third of them full addresses); a visitor who has seen 200 of them. "cold" is a
// page's first decision (a fresh module: nothing compiled, nothing optimized by the engine yet), "warm" the next
// ones (a client-side route, `identify`). The machine's load moves these figures: compare rows of one run.
import { performance } from 'node:perf_hooks';
import type { StartGuide, StartHistory, StartRule } from '../src/start-rules.ts';

const GUIDES = 500;
const frequencies: StartRule['frequency'][] = ['once', 'until-completed', 'every-visit'];

function guides(maxPatterns: number, maxAudience: number): StartGuide[] {
  return Array.from({ length: GUIDES }, (_, i) => {
    const last = i === GUIDES - 1;
    const patterns = 1 + (i % maxPatterns);
    return {
      id: `guide-${i}`,
      startRule: {
        mode: i % 10 === 9 && !last ? 'manual' : 'automatic',
        pages: last
          ? ['/app/**/edit']
          : Array.from({ length: patterns }, (_, p) =>
              p % 3 === 0
                ? `https://shop.example.com/section-${i}/page-${p}/*`
                : p % 3 === 1
                  ? `/section-${i}/**/item-${p}`
                  : `/section-${i}/page-${p}-*`,
            ),
        frequency: frequencies[i % 3] ?? 'once',
        delaySeconds: i % 7,
        audience: last
          ? []
          : Array.from({ length: i % (maxAudience + 1) }, (_, a) => ({
              attribute: `attribute-${a}`,
              operator: a === 0 ? 'is-set' : a === 1 ? 'contains' : 'equals',
              ...(a === 0 ? {} : { value: `value-${a}` }),
            })),
      },
    };
  });
}

const history: StartHistory = {
  seen: new Set(Array.from({ length: 200 }, (_, i) => `guide-${i * 2}`)),
  completed: new Set(Array.from({ length: 50 }, (_, i) => `guide-${i * 8}`)),
  seenThisVisit: new Set(['guide-4', 'guide-8']),
};
const attributes = {
  'attribute-0': 'x',
  'attribute-1': 'a value-1 here',
  'attribute-2': 'value-2',
  plan: 'pro',
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function report(name: string, times: number[]): void {
  const sorted = [...times].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  console.log(
    `${name.padEnd(6)} n=${String(sorted.length).padStart(5)}  p50 ${ms(percentile(sorted, 50))}  p95 ${ms(percentile(sorted, 95))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`,
  );
}

async function measure(name: string, catalogue: StartGuide[]): Promise<void> {
  const cold: number[] = [];
  for (let run = 0; run < 60; run++) {
    // a fresh module: a fresh cache of compiled patterns, as a page load has
    const fresh = `../src/start-rules.ts?${name}=${run}`;
    const { decideStart } = (await import(fresh)) as typeof import('../src/start-rules.ts');
    const started = performance.now();
    const decision = decideStart({
      url: `https://shop.example.com/app/clients/${run}/edit`,
      guides: catalogue,
      history,
      attributes,
      inProgress: null,
    });
    cold.push(performance.now() - started);
    if (decision.kind !== 'start' || decision.guideId !== `guide-${GUIDES - 1}`)
      throw new Error(`unexpected decision ${JSON.stringify(decision)}`);
  }
  const { decideStart } = (await import(
    `../src/start-rules.ts?${name}=warm`
  )) as typeof import('../src/start-rules.ts');
  const warm: number[] = [];
  for (let run = 0; run < 2000; run++) {
    const started = performance.now();
    decideStart({
      url: `https://shop.example.com/app/clients/${run}/edit?tab=${run}`,
      guides: catalogue,
      history,
      attributes,
      inProgress: null,
    });
    warm.push(performance.now() - started);
  }
  const patterns = catalogue.reduce((n, g) => n + g.startRule.pages.length, 0);
  console.log(`${name}: ${GUIDES} guides, ${patterns} page patterns`);
  report('  cold', cold.slice(10));
  report('  warm', warm.slice(100));
}

console.log("start rules' decision on a page (goal: ≤ 5 ms with 500 guides)");
await measure('typical', guides(3, 2));
await measure('heavy', guides(20, 3));
