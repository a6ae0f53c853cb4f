// Bundled by bench.ts and run in Chromium: the corpus of the tests, reduced to figures.
import { capture, find } from '../src/index';
import { runCorpus } from '../test/corpus/corpus';
import { PAGES } from '../test/corpus/pages';

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
    largePage: largePage(),
  };
};

/** Cost of one find() on a large page: every corpus page repeated, about 4,000 elements. */
function largePage() {
  document.body.innerHTML = Array.from({ length: 8 }, () =>
    PAGES.map((p) => `<section>${p.html}</section>`).join(''),
  ).join('');
  const targets = Array.from(document.querySelectorAll('[data-target]')).filter((_, i) => i % 37 === 0);
  const descriptors = targets.map((t) => capture(t));
  // best of five rounds: the machine is shared, the slowest rounds measure the neighbours
  let perFind = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = performance.now();
    for (const d of descriptors) find(d);
    perFind = Math.min(perFind, (performance.now() - started) / descriptors.length);
  }
  const elements = document.getElementsByTagName('*').length;
  document.body.replaceChildren();
  return { elements, perFind, finds: descriptors.length };
}
