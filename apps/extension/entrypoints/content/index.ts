import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountCreator } from '../../src/creator/creator';
import { mountReader } from '../../src/reader/reader';
import { loadContext, tabState } from '../../src/runtime';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  // the in-page panels of the tab's mode (creator or reader), restored on every page load of the tab
  main() {
    let unmount: (() => void) | null = null;
    const mount = async () => {
      unmount?.();
      unmount = null;
      const state = await tabState.get();
      if (!state) return;
      const context = await loadContext();
      if (!context) return;
      unmount = state.mode === 'creator' ? mountCreator(context, state) : mountReader(context, state);
    };
    browser.runtime.onMessage.addListener((message: unknown) => {
      if ((message as { kind?: string })?.kind === 'restart') void mount();
    });
    void mount();
  },
});
