import {
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** What the user did to the stand-in before the real control was there: replayed on the real one. */
type Intent = { kind: 'none' } | { kind: 'focus' } | { kind: 'press' } | { kind: 'key'; key: string };

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A control whose machinery (a menu's state machine, its positioning, its dismissable layer) is fetched only when
 * the user shows intent: the page first renders a stand-in that looks and is named the same (its trigger), and the
 * real control replaces it once its module arrived. Hover and focus start the download, so it is usually there
 * before the press; a press or an opening key made before is replayed on the real trigger, and focus follows.
 * Issue 13: the shell's menus were a sixth of the dashboard's first load although no one had opened them.
 */
export function useLoadOnIntent<T>(load: () => Promise<T>) {
  const [loaded, setLoaded] = useState<T | null>(null);
  const intent = useRef<Intent>({ kind: 'none' });
  const loading = useRef<Promise<void> | null>(null);
  const start = useCallback(() => {
    loading.current ??= load().then(setLoaded);
  }, [load]);

  const standIn = {
    onPointerEnter: start,
    onFocus: () => {
      if (intent.current.kind === 'none') intent.current = { kind: 'focus' };
      start();
    },
    onBlur: () => {
      if (intent.current.kind === 'focus') intent.current = { kind: 'none' };
    },
    // Pointer down rather than click: if the module lands between down and up, the click would go to neither.
    onPointerDown: (event: { button: number }) => {
      if (event.button !== 0) return;
      intent.current = { kind: 'press' };
      start();
    },
    onClick: () => {
      intent.current = { kind: 'press' };
      start();
    },
    onKeyDown: (event: ReactKeyboardEvent) => {
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      intent.current = { kind: 'key', key: event.key };
      start();
    },
  };
  return { loaded, standIn, intent };
}

export type LoadIntent = ReturnType<typeof useLoadOnIntent>['intent'];

/** On the real control's first render: gives its trigger the focus and the press or key the stand-in received. */
export function useReplayIntent(trigger: { current: HTMLElement | null }, intent: LoadIntent) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the real control replaces the stand-in
  useLayoutEffect(() => {
    const element = trigger.current;
    const what = intent.current;
    if (!element || what.kind === 'none') return;
    element.focus({ preventScroll: true });
    if (what.kind === 'press') element.click();
    else if (what.kind === 'key')
      element.dispatchEvent(new KeyboardEvent('keydown', { key: what.key, bubbles: true, cancelable: true }));
    intent.current = { kind: 'none' };
  }, []);
}
