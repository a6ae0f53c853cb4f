// Bundled by bench.ts and run in each corpus page: samples the targets, captures them (player and CSS-path
// baseline), applies the redeploy profiles and searches again.
import { finder } from '@medv/finder';
import { isVisible } from '../src/dom';
import { contextOf, landmarkOf, nearText, rankOf } from '../src/features';
import { capture, find, type TargetDescriptor } from '../src/index';
import { PROFILES, seeded } from './profiles';
import { type Shape, shapeOf } from './shapes';

/** Every control a user can point at: links, buttons, fields, menu items, tabs, icon-only ones included. */
const INTERACTIVE =
  'a[href],button,input:not([type=hidden]),select,textarea,summary,[role=button],[role=link],[role=menuitem],' +
  '[role=tab],[role=checkbox],[role=radio],[role=switch],[role=option],[tabindex]:not([tabindex="-1"])';

export interface BenchTarget {
  path: number[];
  descriptor: TargetDescriptor;
  selector: string | null;
  label: string;
  shape: Shape;
}

/**
 * One case: [profile index, target index, player outcome, baseline outcome, find milliseconds, detail, the
 * player's reported confidence].
 */
export type Outcome = 'right' | 'ambiguous' | 'low-confidence' | 'not-found' | 'wrong';
export type CaseRow = [number, number, Outcome, Outcome, number, string, number];

const pathOf = (el: Element): number[] => {
  const path: number[] = [];
  for (let n = el; n !== document.body; n = n.parentElement as Element) {
    path.unshift(Array.prototype.indexOf.call((n.parentElement as Element).children, n));
  }
  return path;
};
const atPath = (path: number[]): Element =>
  path.reduce((el, i) => el.children[i] as Element, document.body as Element);

let pristine: HTMLElement | null = null;

function restore() {
  document.body.replaceWith((pristine as HTMLElement).cloneNode(true));
}

const describe = (el: Element | null) =>
  el
    ? `<${el.localName}${el.id ? `#${el.id}` : ''}> "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30)}"`
    : 'nothing';

/** Keeps the page as loaded (fixture markers removed), to start every profile from it. */
function prepare(fixtures: boolean): number[][] {
  const marked = fixtures ? Array.from(document.body.querySelectorAll('[data-target]')) : [];
  const paths = marked.map(pathOf);
  for (const el of marked) el.removeAttribute('data-target');
  pristine = document.body.cloneNode(true) as HTMLElement;
  return paths;
}

/** Picks the page's targets with a seeded sampler among every visible interactive element, and captures them. */
function sample(fixtures: boolean, count: number, seed: number): BenchTarget[] {
  const marked = prepare(fixtures);
  let elements: Element[];
  if (fixtures) elements = marked.map(atPath);
  else {
    const random = seeded(seed);
    const all = Array.from(document.body.querySelectorAll(INTERACTIVE)).filter((el) => {
      const rect = el.getBoundingClientRect();
      return isVisible(el) && rect.width > 0 && rect.height > 0;
    });
    elements = [];
    while (elements.length < count && all.length)
      elements.push(all.splice(Math.floor(random() * all.length), 1)[0] as Element);
  }
  return elements.map((el) => {
    let selector: string | null = null;
    try {
      // The selector @medv/finder settles on, not the one a clock cut short: with its own 1 s or a tighter limit,
      // a few targets of the corpus (0.4 to 0.7 s here) got a fallback path on a busy machine and the CSS path's
      // figures moved between two runs of the same code. The slowest takes under a second.
      selector = finder(el, { timeoutMs: 60_000 });
    } catch {
      selector = null;
    }
    // descriptors travel as JSON between the extension, the API and the player
    return {
      path: pathOf(el),
      descriptor: JSON.parse(JSON.stringify(capture(el))),
      selector,
      label: describe(el),
      shape: shapeOf(el),
    };
  });
}

function outcome(claimed: Element | null, status: string, expected: Element | null): Outcome {
  if (claimed) return claimed === expected ? 'right' : 'wrong';
  return status === 'found' ? 'not-found' : (status as Outcome);
}

function baseline(selector: string | null, expected: Element | null): Outcome {
  if (!selector) return 'not-found';
  let hit: Element | null = null;
  try {
    hit = document.querySelector(selector);
  } catch {
    hit = null;
  }
  return outcome(hit, hit ? 'found' : 'not-found', expected);
}

// why the target and the best candidate differ: their section titles, landmarks, nearby texts and ranks
const explain = (d: TargetDescriptor, expected: Element | null, best: Element | null) => {
  const show = (el: Element | null) =>
    el
      ? `ctx "${contextOf(el) ?? ''}" lm "${landmarkOf(el) ?? ''}" near "${nearText(el) ?? ''}" rank ${rankOf(el)?.index}/${rankOf(el)?.count}`
      : '-';
  return `\n      place ${JSON.stringify(d.place ?? null)}\n      captured: ctx "${d.fingerprint.context ?? ''}" outer ${JSON.stringify(d.fingerprint.outer ?? [])} lm "${d.landmark ?? ''}" near "${d.near ?? ''}" rank ${d.rank?.index}/${d.rank?.count} copies ${d.copies} twins ${d.twins}\n      T: ${show(expected)}\n      best: ${best === expected ? 'T' : show(best)}`;
};

function search(t: BenchTarget, expected: Element | null, p: number, i: number, rows: CaseRow[]) {
  const started = performance.now();
  const result = find(t.descriptor, document);
  const ms = performance.now() - started;
  const player = outcome(result.element, result.status, expected);
  const detail =
    player === 'right'
      ? ''
      : `${result.status} (${result.reason}) ${result.confidence.toFixed(2)} claimed ${describe(result.element)}; best ${describe(result.candidates[0]?.element ?? null)} [${result.candidates.map((c) => `${c.element === expected ? 'T' : describe(c.element)} ${c.confidence.toFixed(2)}/${c.identity.toFixed(2)}`).join(' | ')}]${explain(t.descriptor, expected, result.candidates[0]?.element ?? null)}`;
  rows.push([p, i, player, baseline(t.selector, expected), ms, detail, result.confidence]);
}

/** Every profile, each from the page as loaded, for every target. */
function run(targets: BenchTarget[], profiles: string[], seed: number, fixtures: boolean): CaseRow[] {
  if (!pristine) prepare(fixtures);
  const rows: CaseRow[] = [];
  PROFILES.forEach((profile, p) => {
    if (!profiles.includes(profile.name)) return;
    const random = seeded(seed + p * 7919);
    if (profile.perTarget) {
      targets.forEach((t, i) => {
        restore();
        const { expected } = profile.perTarget?.(atPath(t.path), random) ?? { expected: null };
        search(t, expected, p, i, rows);
      });
    } else {
      restore();
      const elements = targets.map((t) => atPath(t.path));
      for (const change of profile.page ?? []) change(document, elements, random);
      targets.forEach((t, i) => {
        search(t, elements[i] as Element, p, i, rows);
      });
    }
  });
  restore();
  return rows;
}

/**
 * find() on a page of about 3,000 elements (the page's content repeated): each of 100 targets searched ten
 * times, its fastest search kept (the machine is shared: the slower rounds measure the neighbours), then the
 * median and 95th percentile over the targets. Beside it, measured the same way in the same run, the cost of one pass
 * over the page listing its links and the elements with a class or a role: the machine's speed, so that a figure from
 * a slower or busier machine can be read against it.
 */
function timing(seed: number): { elements: number; p50: number; p95: number; finds: number; pass: number } {
  const content = Array.from(document.body.children);
  while (document.getElementsByTagName('*').length < 3000) {
    for (const el of content) document.body.append(el.cloneNode(true));
  }
  const random = seeded(seed);
  const all = Array.from(document.body.querySelectorAll(INTERACTIVE)).filter((el) => isVisible(el));
  const descriptors = Array.from({ length: 100 }, () => capture(pick(all, random)));
  const best = descriptors.map(() => Number.POSITIVE_INFINITY);
  for (let round = 0; round < 10; round++) {
    descriptors.forEach((d, i) => {
      const started = performance.now();
      find(d, document);
      best[i] = Math.min(best[i] as number, performance.now() - started);
    });
  }
  let pass = Number.POSITIVE_INFINITY;
  const listed: Element[] = [];
  for (let round = 0; round < 10; round++) {
    const started = performance.now();
    listed.length = 0;
    for (const el of document.querySelectorAll('*'))
      if (el.localName === 'a' || el.classList.length || el.getAttribute('role')) listed.push(el);
    pass = Math.min(pass, performance.now() - started);
  }
  best.sort((a, b) => a - b);
  const at = (q: number) => best[Math.min(best.length - 1, Math.floor(q * best.length))] as number;
  return {
    elements: document.getElementsByTagName('*').length,
    p50: at(0.5),
    p95: at(0.95),
    finds: 10 * best.length,
    pass,
  };
}

const pick = (items: Element[], random: () => number) =>
  items[Math.floor(random() * items.length)] as Element;

declare global {
  interface Window {
    mulotBench: {
      profiles: string[];
      sample: typeof sample;
      run: typeof run;
      timing: typeof timing;
    };
  }
}

window.mulotBench = { profiles: PROFILES.map((p) => p.name), sample, run, timing };
