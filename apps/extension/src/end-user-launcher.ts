// The end users' launcher: the snippet's button (apps/embed/src/loader.ts), drawn by the extension on the sites of
// the policy's keys. Framework-free, in a closed shadow root in the page's top layer; only the user's own click opens.

// Its own look, self-contained: `:host` is reset so that no page rule sizes or hides it.
const STYLE = `:host{all:initial!important;position:fixed!important;z-index:2147483647!important;display:block!important;
margin:0!important;padding:0!important;border:0!important;background:transparent!important;
inset:auto 20px 20px auto!important;overflow:visible!important;width:auto!important;height:auto!important}
:host([hidden]){display:none!important}
button{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;cursor:pointer;
font:600 15px/1 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#fff;background:#4338ca;
padding:12px 18px;border-radius:999px;box-shadow:0 4px 14px rgba(15,23,42,.3)}
button:hover{background:#3730a3}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2}`;

/** The host element's name: not the snippet's `mulot-launcher`, which tells the extension the snippet is there. */
export const END_USER_LAUNCHER = 'mulot-guides';

export interface EndUserLauncher {
  show(shown: boolean): void;
  remove(): void;
}

export function drawLauncher(texts: { open: string; label: string }, onOpen: () => void): EndUserLauncher {
  const host = document.createElement(END_USER_LAUNCHER);
  host.setAttribute('data-mulot-ui', 'launcher');
  const shadow = host.attachShadow({ mode: 'closed' });
  // a constructed sheet: the page's CSP `style-src` governs `<style>` elements, not these
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  shadow.adoptedStyleSheets = [sheet];
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', texts.open);
  // a question mark in a bubble, drawn here rather than fetched
  button.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M21 12a9 9 0 1 1-3.6-7.2"/><path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3"/><path d="M12 17h.01"/></svg>';
  button.append(texts.label);
  button.addEventListener('click', (event) => {
    // a script of the page cannot open the reader by clicking for the user: only the user's own click does
    if (event.isTrusted) onOpen();
  });
  shadow.append(button);
  document.documentElement.append(host);
  const top = () => {
    // in the top layer where available: no stacking context of the page covers it
    try {
      if (!host.hasAttribute('popover')) host.setAttribute('popover', 'manual');
      if (!host.matches(':popover-open')) host.showPopover();
    } catch {
      host.removeAttribute('popover');
    }
  };
  top();
  return {
    show(shown) {
      host.hidden = !shown;
      if (!shown) return;
      top();
      // the reader closed: keyboard users are back where they opened it, not at the top of the page
      if (document.activeElement === document.body || document.activeElement?.localName === 'mulot-panel')
        button.focus({ preventScroll: true });
    },
    remove: () => host.remove(),
  };
}
