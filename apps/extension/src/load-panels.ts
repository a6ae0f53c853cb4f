import { browser } from 'wxt/browser';
import type { Panels } from './panels';

/** The panels' code (`/panel.js`), imported once into the content script's world when a panel is to show. */
export async function loadPanels(): Promise<Panels> {
  if (!globalThis.mulotPanels) await import(/* @vite-ignore */ browser.runtime.getURL('/panel.js'));
  if (!globalThis.mulotPanels) throw new Error('Mulot: the panels did not load');
  return globalThis.mulotPanels;
}
