/**
 * localStorage, or nothing while the root is prerendered at build time (SPA mode renders it once in Node,
 * where there is no window): every read then answers "nothing stored".
 */
export function readItem(key: string): string | null {
  if (typeof localStorage === 'undefined') return null;
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage disabled by the browser (privacy settings): behave as a fresh visitor.
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  if (typeof localStorage === 'undefined') return;
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the value simply will not survive a reload.
  }
}

/** A tiny observable value, so that components re-render when the session, locale or organization changes. */
export function createSignal<T>(read: () => T) {
  const listeners = new Set<() => void>();
  let snapshot = read();
  return {
    get: () => snapshot,
    refresh() {
      snapshot = read();
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
