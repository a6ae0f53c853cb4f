import type { TargetDescriptor } from './capture';
import { isVisible, type SearchRoot } from './dom';
import { type FindOptions, type FindResult, find } from './find';

export interface WaitOptions extends FindOptions {
  /** milliseconds before giving up and resolving with the last report (default 6000) */
  timeout?: number;
  signal?: AbortSignal;
  root?: SearchRoot;
}

const POLL_MS = 250;
const SETTLE_MS = 50;

/**
 * Resolves as soon as the target is found, attached and visible, re-checking on DOM mutations and on
 * client-side navigations; resolves with the last report (not found, ambiguous…) when the time is up.
 * Rejects only when the signal aborts.
 */
export function waitFor(descriptor: TargetDescriptor, options: WaitOptions = {}): Promise<FindResult> {
  const { timeout = 6000, signal, root = document } = options;
  const doc = root.nodeType === 9 ? (root as Document) : (root.ownerDocument as Document);
  const win = doc.defaultView ?? window;
  return new Promise<FindResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let done = false;
    let pending = 0;
    let confirming = false;
    let last: FindResult = { status: 'not-found', element: null, confidence: 0, candidates: [] };

    const observer = new MutationObserver(schedule);
    observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
    const navigation = (win as Window & { navigation?: EventTarget }).navigation;
    win.addEventListener('popstate', schedule);
    win.addEventListener('hashchange', schedule);
    navigation?.addEventListener('currententrychange', schedule);
    // shadow roots, frames and style-only changes are not all observable: poll as a safety net
    const poll = win.setInterval(schedule, POLL_MS);
    const timer = win.setTimeout(() => {
      last = find(descriptor, root, options);
      // a node found but hidden is not usable by the step: report it as low confidence
      finish(
        last.status === 'found' && !usable(last)
          ? { ...last, status: 'low-confidence', element: null }
          : last,
      );
    }, timeout);
    const onAbort = () => {
      cleanup();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    function cleanup() {
      done = true;
      observer.disconnect();
      win.removeEventListener('popstate', schedule);
      win.removeEventListener('hashchange', schedule);
      navigation?.removeEventListener('currententrychange', schedule);
      win.clearInterval(poll);
      win.clearTimeout(timer);
      win.clearTimeout(pending);
      signal?.removeEventListener('abort', onAbort);
    }
    function finish(result: FindResult) {
      if (done) return;
      cleanup();
      resolve(result);
    }
    // on a large, busy page a search costs milliseconds: keep the searches to a fifth of the time at most
    let spacing = SETTLE_MS;
    function schedule() {
      if (!pending && !done) pending = win.setTimeout(check, spacing);
    }
    function check() {
      pending = 0;
      if (done || confirming) return;
      const started = performance.now();
      last = find(descriptor, root, options);
      spacing = Math.max(SETTLE_MS, 4 * (performance.now() - started));
      const el = usable(last);
      if (!el) return;
      // frameworks often replace a node right after rendering it: confirm it is still there a moment later
      confirming = true;
      win.setTimeout(() => {
        confirming = false;
        if (done) return;
        // a detached node is not visible
        if (isVisible(el)) finish(last);
        else schedule();
      }, SETTLE_MS);
    }
    check();
  });
}

/** The element found, when it is visible: a step can use it. */
function usable(result: FindResult): Element | null {
  const el = result.element;
  return result.status === 'found' && el && isVisible(el) ? el : null;
}
