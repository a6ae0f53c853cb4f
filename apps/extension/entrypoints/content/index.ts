import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { loadPanels } from '../../src/load-panels';
import { tabState } from '../../src/runtime';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  // no `wxt:content-script-started` message posted to every page: it would tell them the extension is there
  noScriptStartedPostMessage: true,
  // The in-page panels of the tab's mode (creator or reader), restored on every page load of the tab. On a page of
  // a tab in neither mode — nearly every page a user visits — this script asks the tab's state and stops there.
  main() {
    let unmount: (() => void) | null = null;
    const mount = async () => {
      unmount?.();
      unmount = null;
      const state = await tabState.get();
      if (!state) return;
      unmount = await (await loadPanels()).mount(state);
    };
    browser.runtime.onMessage.addListener((message: unknown) => {
      if ((message as { kind?: string })?.kind === 'restart') void mount();
    });
    void mount();
  },
});
