import { browser } from 'wxt/browser';
import { mulotAddress } from '../store';

const ID = 'mulot-launcher';

/**
 * The launcher content script (presence marker, launch listener) runs on the configured Mulot address only: it is
 * registered for that origin, anew whenever the address changes, and not at all while none is set.
 */
export function registerLauncher(): Promise<void> {
  // one registration at a time: the start-up's and a change's would otherwise race for the same id
  queue = queue.then(register, register);
  return queue;
}
let queue: Promise<void> = Promise.resolve();

async function register(): Promise<void> {
  // a slow first read of the policy store does not hold the launcher back: its change event registers it again
  const address = await mulotAddress(500);
  const existing = await browser.scripting.getRegisteredContentScripts({ ids: [ID] });
  if (existing.length) await browser.scripting.unregisterContentScripts({ ids: [ID] });
  if (!address) return;
  await browser.scripting.registerContentScripts([
    {
      id: ID,
      js: ['content-scripts/launcher.js'],
      matches: [`${address}/*`],
      runAt: 'document_start',
      persistAcrossSessions: false,
    },
  ]);
}
