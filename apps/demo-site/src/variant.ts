export type Variant = 'normal' | 'broken';

const KEY = 'demo-site-variant';

/** `?variant=` on a page wins and is kept for the tab's session; otherwise the server's variant applies. */
export function currentVariant(): Variant {
  const fromQuery = new URLSearchParams(location.search).get('variant');
  if (fromQuery === 'broken' || fromQuery === 'normal') {
    sessionStorage.setItem(KEY, fromQuery);
    return fromQuery;
  }
  const stored = sessionStorage.getItem(KEY);
  if (stored === 'broken' || stored === 'normal') return stored;
  return document.querySelector('meta[name="demo-variant"]')?.getAttribute('content') === 'broken'
    ? 'broken'
    : 'normal';
}
