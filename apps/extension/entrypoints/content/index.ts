import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { mountCreator } from '../../src/creator/creator';
import { LAUNCH_MESSAGE, LAUNCH_RESULT_MESSAGE } from '../../src/launch';
import type { LaunchAnswer } from '../../src/messages';
import { mountReader } from '../../src/reader/reader';
import { loadContext, send, tabState } from '../../src/runtime';

export default defineContentScript({
  matches: ['<all_urls>'],
  runAt: 'document_idle',
  main() {
    // presence marker: the back-office offers "launch" only when the extension answers
    document.documentElement.dataset.mulotExtension = browser.runtime.getManifest().version;

    window.addEventListener('message', (event: MessageEvent) => {
      if (event.source !== window || !event.data || event.data.type !== LAUNCH_MESSAGE) return;
      // the background checks that event.origin is the API's origin before using anything in the message
      void send<LaunchAnswer>({ kind: 'launch', data: event.data, origin: event.origin })
        .catch((): LaunchAnswer => ({ ok: false, error: "Impossible de lancer l'extension" }))
        .then((answer) => window.postMessage({ type: LAUNCH_RESULT_MESSAGE, ...answer }, event.origin));
    });

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
