import type { ToastOptions } from '@mulot/ui/components/toast';
import { useSyncExternalStore } from 'react';

// The toaster (Ark's toast machine and the whole design-token table it reads, ~16 kB gzip) is not needed to show
// a page, only once something fails or is confirmed there. Pages call this `toast`, which loads it on first use;
// the root mounts the <Toaster> once it is wanted (root.tsx).
type ToastModule = typeof import('@mulot/ui/components/toast');

let loading: Promise<ToastModule> | null = null;
const listeners = new Set<() => void>();

export function loadToaster(): Promise<ToastModule> {
  if (!loading) {
    loading = import('@mulot/ui/components/toast');
    // Not synchronously: the root's lazy <Toaster> calls this while rendering.
    queueMicrotask(() => {
      for (const listener of listeners) listener();
    });
  }
  return loading;
}

/** Same call as the ui's `toast`; the toast shows once the toaster has loaded (a few milliseconds, once). */
export function toast(options: ToastOptions): void {
  // The toaster's store keeps it until the <Toaster> mounts (it reads the visible toasts when it subscribes).
  void loadToaster().then((module) => module.toast(options));
}

/** Removes the toast on screen, if the toaster was ever loaded (without loading it: nothing can be showing). */
export function dismissToasts(): void {
  void loading?.then((module) => module.toaster.remove());
}

/** Whether some page has asked for the toaster yet. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading !== null,
    () => false,
  );
}
