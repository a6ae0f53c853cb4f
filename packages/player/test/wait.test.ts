import { afterEach, describe, expect, test } from 'vitest';
import { capture, placeStep, type TargetDescriptor, waitFor } from '../src/index';
// internal: the run engine always passes the step's own policy
import { DEFAULT_MISSING_TARGET_POLICY } from '../src/policy';

const original = location.href;

function descriptorOf(html: string, selector: string): TargetDescriptor {
  document.body.innerHTML = html;
  const d = capture(document.querySelector(selector) as Element);
  document.body.replaceChildren();
  return JSON.parse(JSON.stringify(d));
}

// a tiny client-side router: renders the route after the history change, like SPA frameworks do
function route(render: Record<string, string>) {
  const draw = () => {
    const html = render[new URL(location.href).searchParams.get('page') ?? location.hash.slice(1)];
    if (html !== undefined) setTimeout(() => (document.body.innerHTML = html), 30);
  };
  const push = history.pushState.bind(history);
  addEventListener('popstate', draw);
  addEventListener('hashchange', draw);
  return {
    go(page: string) {
      push(null, '', `?page=${page}`);
      draw();
    },
    stop() {
      removeEventListener('popstate', draw);
      removeEventListener('hashchange', draw);
    },
  };
}

afterEach(() => {
  history.replaceState(null, '', original);
  document.body.replaceChildren();
});

const settings = '<main><h1>Settings</h1><button>Save settings</button></main>';

describe('waitFor', () => {
  test('finds a target rendered after a history API navigation', async () => {
    const d = descriptorOf(settings, 'button');
    document.body.innerHTML = '<main><h1>Home</h1><a href="?page=settings">Settings</a></main>';
    const router = route({ settings });
    const waiting = waitFor(d, { timeout: 3000 });
    setTimeout(() => router.go('settings'), 50);
    const result = await waiting;
    router.stop();
    expect(result.status).toBe('found');
    expect(result.element).toBe(document.querySelector('button'));
    expect(result.element?.isConnected).toBe(true);
  });

  test('keeps waiting across popstate and hashchange navigations', async () => {
    const d = descriptorOf(settings, 'button');
    const router = route({ home: '<p>Home</p>', settings });
    router.go('home');
    const waiting = waitFor(d, { timeout: 3000 });
    location.hash = 'nothing-here';
    await new Promise((r) => setTimeout(r, 100));
    history.replaceState(null, '', `${location.pathname}#home`);
    location.hash = 'settings';
    const result = await waiting;
    router.stop();
    expect(result.status).toBe('found');
    expect(result.element?.textContent).toBe('Save settings');
  });

  test('waits for a hidden target to become visible', async () => {
    const d = descriptorOf(settings, 'button');
    document.body.innerHTML =
      '<main style="display:none"><h1>Settings</h1><button>Save settings</button></main>';
    let resolvedAt = 0;
    const shownAt = performance.now() + 150;
    setTimeout(() => (document.querySelector('main') as HTMLElement).style.removeProperty('display'), 150);
    const result = await waitFor(d, { timeout: 3000 }).then((r) => {
      resolvedAt = performance.now();
      return r;
    });
    expect(result.status).toBe('found');
    expect(resolvedAt).toBeGreaterThanOrEqual(shownAt - 5);
  });

  test('does not hand back a node the page replaced right after rendering it', async () => {
    const d = descriptorOf(settings, 'button');
    setTimeout(() => {
      document.body.innerHTML = settings;
      // a framework re-renders immediately (hydration): the first node is gone
      setTimeout(() => (document.body.innerHTML = settings), 10);
    }, 20);
    const result = await waitFor(d, { timeout: 3000 });
    expect(result.status).toBe('found');
    expect(result.element?.isConnected).toBe(true);
    expect(result.element).toBe(document.querySelector('button'));
  });

  test('notices a target rendered inside an existing shadow root or frame', async () => {
    const d = descriptorOf(settings, 'button');
    document.body.innerHTML = '<x-panel></x-panel><iframe title="panel"></iframe>';
    const shadow = (document.querySelector('x-panel') as Element).attachShadow({ mode: 'open' });
    // mutations inside a shadow root are invisible to an observer of the document
    setTimeout(() => (shadow.innerHTML = settings), 100);
    const inShadow = await waitFor(d, { timeout: 3000 });
    expect(inShadow.element).toBe(shadow.querySelector('button'));
    shadow.innerHTML = '';
    const frameDoc = (document.querySelector('iframe') as HTMLIFrameElement).contentDocument as Document;
    setTimeout(() => (frameDoc.body.innerHTML = settings), 100);
    const inFrame = await waitFor(d, { timeout: 3000 });
    expect(inFrame.element).toBe(frameDoc.querySelector('button'));
  });

  test('resolves with the not-found report when the time is up', async () => {
    const d = descriptorOf(settings, 'button');
    document.body.innerHTML = '<main><h1>Home</h1></main>';
    const started = performance.now();
    const result = await waitFor(d, { timeout: 300 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(result.element).toBeNull();
    expect(result.status).not.toBe('found');
  });

  test('rejects when aborted', async () => {
    const d = descriptorOf(settings, 'button');
    const controller = new AbortController();
    const waiting = waitFor(d, { timeout: 5000, signal: controller.signal });
    controller.abort(new DOMException('guide closed', 'AbortError'));
    await expect(waiting).rejects.toThrow('guide closed');
  });
});

describe('missing-target policy', () => {
  test('defaults to waiting 6 seconds, then showing the step unanchored', () => {
    expect(DEFAULT_MISSING_TARGET_POLICY).toEqual({ wait: 6, otherwise: 'unanchored' });
  });

  test('anchors the step as soon as the target shows up', async () => {
    const d = descriptorOf(settings, 'button');
    setTimeout(() => (document.body.innerHTML = settings), 100);
    const placement = await placeStep(d);
    expect(placement.kind).toBe('anchored');
    if (placement.kind === 'anchored') expect(placement.element).toBe(document.querySelector('button'));
  });

  test('skips the step or shows it unanchored after the chosen wait, with the report for the run', async () => {
    const d = descriptorOf(settings, 'button');
    document.body.innerHTML = '<p>Nothing</p>';
    const skipped = await placeStep(d, { wait: 0, otherwise: 'skip' });
    expect(skipped.kind).toBe('skip');
    expect(skipped.report.status).toBe('not-found');
    const started = performance.now();
    const unanchored = await placeStep(d, { wait: 0.2, otherwise: 'unanchored' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(unanchored.kind).toBe('unanchored');
    expect(unanchored.report.element).toBeNull();
  });
});
