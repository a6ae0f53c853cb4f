import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { LAUNCH_MESSAGE, LAUNCH_RESULT_MESSAGE } from '../src/launch';
import type { LaunchAnswer } from '../src/messages';
import { send } from '../src/runtime';

// Runs at document_start, before the back-office's own scripts: the presence marker is there when the app first
// looks, and a launch it posts is never missed. The panels are another content script (document_idle).
// Registered at run time by the background, on the configured Mulot address only (see src/background/launcher.ts):
// no other page sees the marker nor reaches the launch listener.
export default defineContentScript({
  matches: ['https://mulot.invalid/*'],
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  runAt: 'document_start',
  main() {
    window.addEventListener('message', (event: MessageEvent) => {
      if (event.source !== window || !event.data || event.data.type !== LAUNCH_MESSAGE) return;
      // the background checks that event.origin is the API's origin before using anything in the message
      void send<LaunchAnswer>({ kind: 'launch', data: event.data, origin: event.origin })
        .catch((): LaunchAnswer => ({ ok: false, error: "Impossible de lancer l'extension" }))
        .then((answer) => window.postMessage({ type: LAUNCH_RESULT_MESSAGE, ...answer }, event.origin));
    });
    // presence marker: the back-office offers "launch" only when the extension answers
    document.documentElement.dataset.mulotExtension = browser.runtime.getManifest().version;
  },
});
