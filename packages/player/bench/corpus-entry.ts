// Bundled by bench.ts and run in Chromium: the corpus of the tests, reduced to figures.
import { runCorpus } from '../test/corpus/corpus';

declare global {
  interface Window {
    runCorpus: () => unknown;
  }
}

window.runCorpus = () => {
  const started = performance.now();
  const summary = runCorpus(document);
  return {
    ...summary,
    failures: summary.failures.map((f) => ({
      page: f.page,
      target: f.target,
      mutation: f.mutation,
      status: f.player.status,
      confidence: f.player.confidence,
    })),
    milliseconds: performance.now() - started,
  };
};
