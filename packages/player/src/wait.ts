import { isVisible, type SearchRoot } from './dom';
import { type FindOptions, type FindResult, find } from './find';
import type { TargetDescriptor } from './target';

export interface WaitOptions extends FindOptions {
  /** milliseconds before giving up and resolving with the last report (default 6000) */
  timeout?: number;
  signal?: AbortSignal;
  root?: SearchRoot;
}

/** Delays in ms: between two polls (what no observer sees), and the least between two searches. */
const DELAY = { poll: 250, settle: 50 } as const;

/**
 * Resolves as soon as the target is found, attached and visible, re-checking on DOM mutations and on
 * client-side navigations; resolves with the last report (not found, ambiguous…) when the time is up.
 * Rejects only when the signal aborts.
 */
export function waitFor(descriptor: TargetDescriptor, options: WaitOptions = {}): Promise<FindResult> {
  const { timeout = 6000, signal, root = document } = options;
  // a document has no owner document: it is its own
  const doc = (root.ownerDocument ?? root) as Document;
  const win = doc.defaultView ?? window;
  return new Promise<FindResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let done = false;
    let pending = 0;
    let confirming = false;
    // set by the first check(), which runs before this function returns
    let last: FindResult;

    const observer = new MutationObserver(schedule);
    observer.observe(doc, { subtree: true, childList: true, attributes: true, characterData: true });
    // client-side navigations: the Navigation API tells of history.pushState, back and forward, and fragment changes
    // alike (Chrome 102; the extension requires a later one)
    const navigation = (win as Window & { navigation: EventTarget }).navigation;
    navigation.addEventListener('currententrychange', schedule);
    // shadow roots, frames and style-only changes are not all observable: poll as a safety net
    const poll = win.setInterval(schedule, DELAY.poll);
    const timer = win.setTimeout(() => {
      last = find(descriptor, root, options);
      // a node found but hidden is not usable by the step: report it as low confidence
      finish(
        last.status === 'found' && !usable(last)
          ? { ...last, status: 'low-confidence', reason: 'hidden', element: null }
          : last,
      );
    }, timeout);
    const onAbort = () => {
      cleanup();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort);

    function cleanup() {
      done = true;
      observer.disconnect();
      navigation.removeEventListener('currententrychange', schedule);
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
    let spacing: number = DELAY.settle;
    // once done, nothing calls these: the observer, the listeners, the poll and the pending check are gone
    function schedule() {
      pending ||= win.setTimeout(check, spacing);
    }
    function check() {
      pending = 0;
      if (confirming) return;
      const started = performance.now();
      last = find(descriptor, root, options);
      spacing = Math.max(DELAY.settle, 4 * (performance.now() - started));
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
      }, DELAY.settle);
    }
    check();
  });
}

/** The element found, when it is visible: a step can use it. */
function usable(result: FindResult): Element | null {
  // a found target always comes with its element
  const el = result.element as Element;
  return result.status === 'found' && isVisible(el) ? el : null;
}
