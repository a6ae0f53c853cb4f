import { panelIntl, render as renderReader } from '@mulot/reader';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { type IntlShape, RawIntlProvider } from 'react-intl';
import { addInterFont } from './font';

export { panelIntl };

/**
 * Renders a panel's React tree (`@mulot/reader`'s render: portalled into shadow roots), with the design system's
 * font added to the page's document.
 */
export function render(intl: IntlShape, node: ReactNode): () => void {
  addInterFont();
  return renderReader(intl, node);
}

/** Renders an extension page (the popup, the consent window) into its `#app` element. */
export function renderPage(intl: IntlShape, node: ReactNode): void {
  addInterFont();
  createRoot(document.getElementById('app') as HTMLElement).render(
    <RawIntlProvider value={intl}>{node}</RawIntlProvider>,
  );
}
