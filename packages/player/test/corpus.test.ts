import { describe, expect, test } from 'vitest';
import { cleanUp, corpusTargets, MUTATION_NAMES, runCase } from './corpus/corpus';

const targets = corpusTargets();

describe('re-find corpus', () => {
  test('has at least 60 targets on several pages', () => {
    expect(targets.length).toBeGreaterThanOrEqual(60);
    expect(new Set(targets.map((t) => t.page.name)).size).toBeGreaterThanOrEqual(6);
  });

  for (const mutation of MUTATION_NAMES) {
    test(mutation, () => {
      const results = targets.map((target) => runCase(document, target, mutation));
      cleanUp(document);
      const failures = results
        .filter((r) => !r.playerOk)
        .map((r) => `${r.page}/${r.target}: ${r.player.status} ${r.player.confidence.toFixed(2)}`);
      expect(failures).toEqual([]);
    });
  }
});
