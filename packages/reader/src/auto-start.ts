// Starting a guide by itself on the page (issue 42), as both site-key hosts do it — the embed snippet's loader and
// the extension deployed by policy: ask whether the site has automatic guides at all, read the catalogue's start
// rules only then, decide (./start-rules.ts), wait the guide's delay, check again, and hand the guide to the host.
// Framework-free and small: the loader bundles it without React, and loads the reader only when a guide starts.
import { type Attributes, decideStart, type StartGuide, type StartHistory } from './start-rules.ts';

export interface AutoStartHost {
  /** whether the site has automatic guides (GET /public/start), saying whether the page identified its user */
  automatic(identified: boolean): Promise<boolean>;
  /** the page's catalogue, each guide with its start rule (GET /public/catalogue) */
  guides(url: string): Promise<readonly StartGuide[]>;
  history(): StartHistory;
  /** the identified user's attributes (`mulot('identify', …)`); null when the site did not identify its user */
  attributes(): Attributes | null;
  /** the guide whose run is in progress in this tab, if any */
  inProgress(): string | null;
  /** the reader's panel is open */
  readerOpen(): boolean;
  /** the guide to start now: its prerequisite prompt first when they are not done (the reader's own flow) */
  start(guideId: string): void;
  /** the page the user is on (location.href by default) */
  url?(): string;
  onError?(error: unknown): void;
}

export interface AutoStart {
  /** decide again: at the page load, when the site identifies its user, at a client-side route */
  check(): void;
  stop(): void;
}

export function autoStart(host: AutoStartHost): AutoStart {
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const url = () => host.url?.() ?? location.href;
  const decide = (guides: readonly StartGuide[], page: string) =>
    decideStart({
      url: page,
      guides,
      history: host.history(),
      attributes: host.attributes(),
      inProgress: host.inProgress(),
      readerOpen: host.readerOpen(),
    });

  const check = () => {
    const current = ++generation;
    clearTimeout(timer);
    if (stopped || host.inProgress() !== null || host.readerOpen()) return;
    const page = url();
    const decision = (async () => {
      if (!(await host.automatic(host.attributes() !== null))) return;
      const guides = await host.guides(page);
      if (current !== generation) return;
      const first = decide(guides, page);
      if (first.kind !== 'start') return;
      timer = setTimeout(() => {
        // after the delay: still this page, nothing else begun meanwhile, and the rule still allows it
        if (current !== generation || stopped || url() !== page) return;
        const now = decide(guides, page);
        if (now.kind === 'start' && now.guideId === first.guideId) host.start(now.guideId);
      }, first.delayMs);
    })();
    decision.catch((error: unknown) => host.onError?.(error));
  };

  // Client-side routes: the Navigation API where there is one (it sees history.pushState), else the back and forward
  // buttons and a look at the address every second.
  let last = url();
  const moved = () => {
    const now = url();
    if (now === last) return;
    last = now;
    check();
  };
  const navigation = (globalThis as { navigation?: EventTarget }).navigation;
  let poll: ReturnType<typeof setInterval> | undefined;
  if (navigation) navigation.addEventListener('currententrychange', moved);
  else {
    addEventListener('popstate', moved);
    poll = setInterval(moved, 1000);
  }

  return {
    check,
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(poll);
      navigation?.removeEventListener('currententrychange', moved);
      removeEventListener('popstate', moved);
    },
  };
}

/**
 * The two public calls the decision needs, with `fetch` alone (the loader stays free of the API client): both are
 * simple CORS GETs that the browser keeps a minute (`Cache-Control: public, max-age=60`).
 */
export function publicStartCalls(apiBase: string, key: string): Pick<AutoStartHost, 'automatic' | 'guides'> {
  const get = async (path: string, query: Record<string, string>): Promise<unknown> => {
    const address = new URL(`${apiBase.replace(/\/$/, '')}${path}`);
    for (const [name, value] of Object.entries(query)) address.searchParams.set(name, value);
    const response = await fetch(address, { mode: 'cors', credentials: 'omit' });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json();
  };
  return {
    automatic: async (identified) =>
      (
        (await get('/public/start', identified ? { key, identified: '1' } : { key })) as {
          automatic?: unknown;
        }
      ).automatic === true,
    guides: async (url) => {
      const entries = await get('/public/catalogue', { key, url: url.slice(0, 2048) });
      return Array.isArray(entries) ? (entries as StartGuide[]).filter((g) => g?.startRule) : [];
    },
  };
}
