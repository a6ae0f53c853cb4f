import { browser } from 'wxt/browser';
import type { Message, TabState } from './messages';

export function send<T = unknown>(message: Message): Promise<T> {
  return browser.runtime.sendMessage(message) as Promise<T>;
}

export const tabState = {
  get: () => send<TabState | null>({ kind: 'tab-state:get' }),
  set: (state: TabState | null) => send({ kind: 'tab-state:set', state }),
};
