import { useSyncExternalStore } from 'react';
import { i18nStore } from './intl';

export function useI18n() {
  return useSyncExternalStore(i18nStore.subscribe, i18nStore.get, i18nStore.get);
}
