import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  capture,
  FIND_REASONS,
  type FindReason,
  type ProgressStore,
  RunEngine,
  type RunEngineOptions,
  type RunProgress,
  type RunState,
  type RunStep,
} from '../src/index';

// Fixture pages of a small shop. The run engine only sees the DOM and the "current page" given by samePage, so a
// page load is a new engine on the next page's DOM, reading the same store.
const pages: Record<string, string> = {
  'https://shop.test/': `<header><a href="/catalogue">Catalogue</a><button id="login">Connexion</button></header>
    <main><h1>Bienvenue</h1><button id="promo">Voir les promotions</button></main>`,
  'https://shop.test/catalogue': `<main><h1>Catalogue</h1>
    <article><h2>Lampe</h2><button data-testid="add-lamp">Ajouter au panier</button></article></main>`,
};
let page = 'https://shop.test/';

function load(url: string) {
  page = url;
  document.body.innerHTML = pages[url] ?? '';
}

function targetOf(url: string, selector: string): unknown {
  load(url);
  const target = JSON.parse(JSON.stringify(capture(document.querySelector(selector) as Element)));
  document.body.replaceChildren();
  return target;
}

function step(id: string, url: string, selector: string | null, more: Partial<RunStep> = {}): RunStep {
  return {
    id,
    url,
    target: selector ? targetOf(url, selector) : null,
    autoClick: false,
    onMissingTarget: { waitSeconds: 0, fallback: 'unanchored' },
    ...more,
  };
}

function memoryStore(): ProgressStore & { value: RunProgress | null } {
  return {
    value: null,
    load() {
      return this.value ? structuredClone(this.value) : null;
    },
    save(progress) {
      this.value = progress ? structuredClone(progress) : null;
    },
  };
}

const engines: RunEngine[] = [];
const stores = new WeakMap<RunEngine, ProgressStore>();
/** A new run from the first step, as the extension starts one: its first progress saved, then resumed. */
async function begin(run: RunEngine) {
  await stores.get(run)?.save({ index: 0, completed: 0, reported: [] });
  await run.resume();
}
function engine(options: Partial<RunEngineOptions> & Pick<RunEngineOptions, 'steps' | 'store'>) {
  const run = new RunEngine({
    samePage: (url) => url === page,
    navigate: () => {},
    clickDelay: 10,
    settle: 10,
    ...options,
  });
  const states: RunState[] = [];
  run.on('change', (state) => states.push(state));
  engines.push(run);
  stores.set(run, options.store);
  return { run, states };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 4000 });

afterEach(() => {
  for (const run of engines.splice(0)) run.destroy();
  document.body.replaceChildren();
});

const home = 'https://shop.test/';
const catalogue = 'https://shop.test/catalogue';

describe('moving through a run', () => {
  test('next, back and finish, with the progress of the steps done (0 % on the first step)', async () => {
    const steps = [step('a', home, '#promo'), step('b', home, '#login'), step('c', home, 'a')];
    const store = memoryStore();
    load(home);
    const { run, states } = engine({ steps, store });
    const completed = vi.fn();
    run.on('complete', completed);

    await begin(run);
    expect(run.state).toMatchObject({
      status: 'anchored',
      index: 0,
      element: document.querySelector('#promo'),
    });
    expect(run.progress).toMatchObject({ index: 0, completed: 0 });
    expect(states.map((s) => s.status)).toEqual(['waiting', 'anchored']);

    await run.next();
    expect(run.state).toMatchObject({
      status: 'anchored',
      index: 1,
      element: document.querySelector('#login'),
    });
    expect(run.progress).toMatchObject({ index: 1, completed: 1 });
    expect(store.value).toMatchObject({ index: 1, completed: 1 });

    await run.back();
    expect(run.state).toMatchObject({ status: 'anchored', index: 0 });
    expect(store.value).toMatchObject({ index: 0, completed: 1 });

    await run.next();
    await run.next();
    expect(run.state).toMatchObject({ status: 'anchored', index: 2 });
    // the last step is shown, not done
    expect(run.progress).toMatchObject({ index: 2, completed: 2 });
    expect(run.progress?.finished).toBeFalsy();
    await run.back();
    await run.next();
    expect(completed).not.toHaveBeenCalled();

    await run.next();
    expect(run.state).toEqual({ status: 'finished' });
    expect(run.progress).toMatchObject({ completed: 3, finished: true });
    expect(completed).toHaveBeenCalledWith(expect.objectContaining({ completed: 3, finished: true }));
    expect(store.value).toMatchObject({ finished: true, completed: 3 });
  });

  test('back on the first step stays there; skip passes a step without counting it done', async () => {
    const steps = [step('a', home, '#promo'), step('b', home, '#login')];
    const store = memoryStore();
    load(home);
    const { run } = engine({ steps, store });
    const completed = vi.fn();
    run.on('complete', completed);
    await begin(run);
    await run.back();
    expect(run.state).toMatchObject({ status: 'anchored', index: 0 });
    await run.skip();
    expect(run.state).toMatchObject({ status: 'anchored', index: 1 });
    expect(store.value).toMatchObject({ index: 1, completed: 0 });
    await run.skip();
    expect(run.state).toEqual({ status: 'finished' });
    expect(completed).toHaveBeenCalledOnce();
  });

  test('finish at any step ends the run', async () => {
    const steps = [step('a', home, '#promo'), step('b', home, '#login'), step('c', home, 'a')];
    load(home);
    const finished = memoryStore();
    const first = engine({ steps, store: finished });
    await begin(first.run);
    await first.run.finish();
    expect(first.run.state).toEqual({ status: 'finished' });
    expect(finished.value).toMatchObject({ finished: true, completed: 3 });
  });

  test('the user clicking the target themselves moves the guide on; an auto-click step clicks it', async () => {
    const clicks: string[] = [];
    const steps = [
      step('a', home, '#promo', { autoClick: true }),
      step('b', home, '#login'),
      step('c', home, 'a'),
    ];
    load(home);
    for (const button of document.querySelectorAll('button'))
      button.addEventListener('click', () => clicks.push(button.id));
    const store = memoryStore();
    const { run, states } = engine({ steps, store });
    await begin(run);
    await until(() => run.state.status === 'anchored' && run.state.index === 1);
    expect(clicks).toEqual(['promo']);
    expect(
      states.filter((s) => s.status === 'anchored' && s.index === 0).map((s) => 'click' in s && s.click),
    ).toEqual([null, 'clicking', 'clicked']);
    // a synthetic click is not the user's: only a trusted click counts
    (document.querySelector('#login') as HTMLElement).click();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(run.state).toMatchObject({ index: 1 });
    const { userEvent } = await import('vitest/browser');
    await userEvent.click(document.querySelector('#login') as HTMLElement);
    await until(() => run.state.status === 'anchored' && run.state.index === 2);
    expect(store.value).toMatchObject({ index: 2, completed: 2 });
  });

  test('an auto-click the user pauses does not happen: the step waits for them, where it was', async () => {
    const clicks: string[] = [];
    const steps = [step('a', home, '#promo', { autoClick: true }), step('b', home, '#login')];
    load(home);
    for (const button of document.querySelectorAll('button'))
      button.addEventListener('click', () => clicks.push(button.id));
    const store = memoryStore();
    const { run } = engine({ steps, store, clickDelay: 300 });
    // (the run's start resolves once its first step is done, auto-click included)
    const started = begin(run);
    await until(
      () => run.state.status === 'anchored' && 'click' in run.state && run.state.click === 'clicking',
    );
    run.pauseAutoClick();
    await until(() => run.state.status === 'anchored' && 'click' in run.state && run.state.click === null);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(clicks).toEqual([]);
    await started;
    expect(run.state).toMatchObject({ status: 'anchored', index: 0, click: null });
    // a page load now resumes on this step, not the next
    expect(store.value).toMatchObject({ index: 0, completed: 0 });
    const { userEvent } = await import('vitest/browser');
    await userEvent.click(document.querySelector('#promo') as HTMLElement);
    await until(() => run.state.status === 'anchored' && run.state.index === 1);
  });
});

describe('a run across page loads', () => {
  test('goes to the next step’s page, and the engine of that page resumes where the store left it', async () => {
    const steps = [step('a', home, '#promo'), step('b', catalogue, '[data-testid=add-lamp]')];
    const store = memoryStore();
    const navigate = vi.fn();
    load(home);
    const first = engine({ steps, store, navigate });
    await begin(first.run);
    await first.run.next();
    expect(first.run.state).toEqual({ status: 'navigating', index: 1, url: catalogue });
    expect(navigate).toHaveBeenCalledWith(catalogue);
    first.run.destroy();

    // the full page load: a new document, a new engine, the same store
    load(catalogue);
    const second = engine({ steps, store, navigate });
    expect(await second.run.resume()).toBe(true);
    expect(second.run.state).toMatchObject({
      status: 'anchored',
      index: 1,
      element: document.querySelector('[data-testid=add-lamp]'),
    });
    expect(second.run.progress).toMatchObject({ index: 1 });
    await second.run.next();
    expect(second.run.state).toEqual({ status: 'finished' });

    const third = engine({ steps, store, navigate });
    expect(await third.run.resume()).toBe(true);
    expect(third.run.state).toEqual({ status: 'finished' });
    expect(await engine({ steps, store: memoryStore() }).run.resume()).toBe(false);
  });

  test('a page that redirects elsewhere is not navigated to again: the step is looked for where the user is', async () => {
    const steps = [step('a', catalogue, '[data-testid=add-lamp]')];
    const store = memoryStore();
    const navigate = vi.fn();
    load(home);
    const first = engine({ steps, store, navigate });
    await begin(first.run);
    expect(navigate).toHaveBeenCalledOnce();
    first.run.destroy();
    // the site sent the user to its home page instead (a login, a redirect)
    load(home);
    const second = engine({ steps, store, navigate });
    await second.run.resume();
    expect(navigate).toHaveBeenCalledOnce();
    expect(second.run.state).toMatchObject({ status: 'unanchored', index: 0, reason: 'not-found' });
  });

  test('a step’s page saved as a path alone is on the site the guide is played on', async () => {
    // the API keeps `/tarifs.html` as typed: the page it means is the current site's, compared and navigated to
    // as an address (the host's own check, e.g. the extension's project's sites, needs one)
    const here = new URL(location.href);
    const steps = [step('a', here.pathname, null), step('b', '/catalogue?from=guide', null)];
    const store = memoryStore();
    const navigate = vi.fn();
    const { run } = engine({ steps, store, navigate, samePage: undefined });
    await begin(run);
    expect(navigate).not.toHaveBeenCalled();
    expect(run.state).toEqual({ status: 'unanchored', index: 0, reason: 'no-target' });
    await run.next();
    const page = `${here.origin}/catalogue?from=guide`;
    expect(run.state).toEqual({ status: 'navigating', index: 1, url: page });
    expect(navigate).toHaveBeenCalledWith(page);
  });
});

describe('a missing target, under each policy', () => {
  const gone = (policy: RunStep['onMissingTarget']) => {
    const lost = step('lost', home, '#promo', { onMissingTarget: policy });
    return [step('first', home, '#login'), lost, step('last', home, 'a')];
  };
  const withoutPromo = () => {
    load(home);
    document.querySelector('#promo')?.remove();
  };

  test('unanchored: the step shows without an anchor, reported once as not found', async () => {
    const onIssue = vi.fn();
    const steps = gone({ waitSeconds: 0, fallback: 'unanchored' });
    withoutPromo();
    const { run } = engine({
      steps,
      store: memoryStore(),
      onIssue,
    });
    await begin(run);
    await run.next();
    expect(run.state).toEqual({ status: 'unanchored', index: 1, reason: 'not-found' });
    await run.back();
    await run.next();
    expect(run.state).toEqual({ status: 'unanchored', index: 1, reason: 'not-found' });
    expect(onIssue).toHaveBeenCalledOnce();
    expect(onIssue).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'lost' }),
      expect.objectContaining({ outcome: 'not-found', url: location.href }),
    );
    // the report says why, in the words guide health shows: the element is gone from the page
    const reason: FindReason = onIssue.mock.calls[0]?.[1].reason;
    expect(FIND_REASONS[reason].fr).toMatch(/^Élément disparu/);
  });

  test('skip: the step is passed over in the direction the user was going', async () => {
    const onIssue = vi.fn();
    const steps = gone({ waitSeconds: 0, fallback: 'skip' });
    withoutPromo();
    const store = memoryStore();
    const { run } = engine({ steps, store, onIssue });
    await begin(run);
    await run.next();
    await until(() => run.state.status === 'anchored' && run.state.index === 2);
    expect(store.value).toMatchObject({ index: 2, completed: 1 });
    await run.back();
    await until(() => run.state.status === 'anchored' && run.state.index === 0);
    expect(onIssue).toHaveBeenCalledOnce();
  });

  test('wait: a target that appears within the wait is anchored, and nothing is reported', async () => {
    const onIssue = vi.fn();
    const steps = gone({ waitSeconds: 3, fallback: 'skip' });
    withoutPromo();
    const { run, states } = engine({
      steps,
      store: memoryStore(),
      onIssue,
    });
    await begin(run);
    setTimeout(
      () =>
        document
          .querySelector('main')
          ?.insertAdjacentHTML(
            'beforeend',
            pages[home]?.match(/<button id="promo">[^<]*<\/button>/)?.[0] ?? '',
          ),
      300,
    );
    await run.next();
    expect(states.at(-2)).toEqual({ status: 'waiting', index: 1 });
    expect(run.state).toMatchObject({
      status: 'anchored',
      index: 1,
      element: document.querySelector('#promo'),
    });
    expect(onIssue).not.toHaveBeenCalled();
  });

  test('a step without a captured target shows unanchored, with nothing to report', async () => {
    const onIssue = vi.fn();
    load(home);
    const { run } = engine({ steps: [step('free', home, null)], store: memoryStore(), onIssue });
    await begin(run);
    expect(run.state).toEqual({ status: 'unanchored', index: 0, reason: 'no-target' });
    expect(onIssue).not.toHaveBeenCalled();
  });
});
