// embed.js: the one line a site owner pastes (`<script async src="https://<mulot>/embed.js" data-site-key="…">`).
// It stays a few kB and framework-free: it draws the launcher in a closed shadow root, adds one global (`mulot`),
// and imports the reader chunk (React, the ui fragments, the player) only when the user opens it or a guide is in
// progress. Nothing it does throws into the host page: every failure ends in at most one console warning.
import { autoStart, type Identity, identify, publicStartCalls, readHistory } from '@mulot/reader/start';
import { type EmbedConfig, type EmbedReader, type Locale, type Position, readProgress } from './shared';

/** The reader chunk's path beside this file, with its content hash (set by build.ts). */
declare const __MULOT_READER__: string;

type Command = ['open'] | ['start', string] | ['identify', unknown];
type Queue = ((...args: unknown[]) => void) & { q?: unknown[][] };

/** The launcher's texts per locale, from the one catalogue (src/texts.ts; set by build.ts). */
declare const __MULOT_TEXTS__: Record<Locale, { open: string; label: string }>;
const TEXT = __MULOT_TEXTS__;

let warned = false;
function warn(error: unknown): void {
  if (warned) return;
  warned = true;
  try {
    console.warn('Mulot:', error instanceof Error ? error.message : String(error));
  } catch {
    // a page that replaced console
  }
}

// The launcher's own look, self-contained: `:host` is reset so that no page rule sizes or hides it.
const STYLE = `:host{all:initial!important;position:fixed!important;bottom:20px!important;z-index:2147483647!important;
display:block!important;margin:0!important;padding:0!important;border:0!important;background:transparent!important;
inset:auto 20px 20px auto!important;overflow:visible!important;width:auto!important;height:auto!important}
:host([data-position=left]){inset:auto auto 20px 20px!important}:host([hidden]){display:none!important}
button{all:initial;box-sizing:border-box;display:inline-flex;align-items:center;gap:8px;cursor:pointer;
font:600 15px/1 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#fff;background:#4338ca;
padding:12px 18px;border-radius:999px;box-shadow:0 4px 14px rgba(15,23,42,.3)}
button:hover{background:#3730a3}button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2}`;

function localeOf(script: HTMLScriptElement): Locale {
  const given = (script.dataset.locale ?? '').toLowerCase();
  if (given === 'fr' || given === 'en') return given;
  return document.documentElement.lang.toLowerCase().startsWith('en') ? 'en' : 'fr';
}

function adopt(shadow: ShadowRoot, css: string): void {
  // constructed sheets: a page's CSP `style-src` governs `<style>` elements, not these
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  shadow.adoptedStyleSheets = [sheet];
}

interface Launcher {
  host: HTMLElement;
  button: HTMLButtonElement;
}

function launcher(locale: Locale, position: Position, onPress: () => void, onOpen: () => void): Launcher {
  const host = document.createElement('mulot-launcher');
  host.setAttribute('data-mulot-ui', 'launcher');
  host.setAttribute('data-position', position);
  const shadow = host.attachShadow({ mode: 'closed' });
  adopt(shadow, STYLE);
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', TEXT[locale].open);
  // a question mark in a bubble, drawn here rather than fetched
  button.innerHTML =
    '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M21 12a9 9 0 1 1-3.6-7.2"/><path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3"/><path d="M12 17h.01"/></svg>';
  button.append(TEXT[locale].label);
  // the user's press: the reader chunk is fetched and evaluated while the button is held, the click then opens it
  button.addEventListener('pointerdown', (event) => {
    if (event.isTrusted && event.button === 0) onPress();
  });
  button.addEventListener('click', (event) => {
    // a script of the page cannot open the reader by clicking for the user: only the user's own click does
    if (event.isTrusted) onOpen();
  });
  shadow.append(button);
  document.documentElement.append(host);
  // in the top layer where available: no stacking context of the page covers it
  try {
    host.setAttribute('popover', 'manual');
    host.showPopover();
  } catch {
    host.removeAttribute('popover');
  }
  return { host, button };
}

function main(script: HTMLScriptElement): void {
  const siteKey = script.dataset.siteKey ?? '';
  if (!/^mlt_pk_[A-Za-z0-9_-]{16,}$/.test(siteKey)) {
    warn('data-site-key is missing or malformed');
    return;
  }
  const src = new URL(script.src, location.href);
  const locale = localeOf(script);
  const position: Position = script.dataset.position === 'left' ? 'left' : 'right';
  let drawn: Launcher | null = null;
  const showLauncher = (shown: boolean) => {
    if (!drawn && shown)
      drawn = launcher(
        locale,
        position,
        () => void chunk().catch(() => undefined),
        () => withReader((r) => r.open()),
      );
    if (!drawn) return;
    const { host } = drawn;
    host.hidden = !shown;
    if (shown && host.hasAttribute('popover') && !host.matches(':popover-open')) host.showPopover();
  };
  // The reader closed: keyboard users are back on the launcher, where they opened it, not at the top of the page.
  // Never when the page loads: the page's own focus stays, and the launcher forces no layout before its first paint.
  const readerClosed = () => {
    showLauncher(true);
    if (document.activeElement === document.body || document.activeElement?.localName === 'mulot-panel')
      drawn?.button.focus({ preventScroll: true });
  };

  // Who the site's user is (`mulot('identify', { id, attributes })`), for the start rules' audience: the id only as
  // a hash, the attributes in this page's memory. Each call is applied in turn; the start rules wait for them.
  let identity: Identity | null = null;
  let identifying: Promise<void> = Promise.resolve();
  // the reader's panel is open (or a guide plays): nothing starts by itself meanwhile
  let readerOpen = false;

  type ReaderChunk = { mount(config: EmbedConfig): EmbedReader };
  let imported: Promise<ReaderChunk> | null = null;
  const chunk = (): Promise<ReaderChunk> => {
    if (imported) return imported;
    const importing: Promise<ReaderChunk> = import(/* @vite-ignore */ new URL(__MULOT_READER__, src).href);
    // a failed import is tried again at the next press
    importing.catch(() => {
      if (imported === importing) imported = null;
    });
    imported = importing;
    // While the chunk is fetched and compiled (off the main thread, which waits idle), the page's first Intl call:
    // react-intl's first step asks V8 which locales it formats numbers and dates in, about 40 ms the first time in
    // a page, paid here rather than after the chunk runs.
    setTimeout(() => {
      try {
        Intl.NumberFormat.supportedLocalesOf(locale);
        Intl.DateTimeFormat.supportedLocalesOf(locale);
      } catch {
        // a page that replaced Intl: react-intl meets it all the same
      }
    });
    return importing;
  };
  let reader: Promise<EmbedReader | null> | null = null;
  const load = (): Promise<EmbedReader | null> => {
    reader ??= chunk()
      .then((loaded) => {
        const config: EmbedConfig = {
          apiBase: new URL('/api', src).href,
          siteKey,
          locale,
          position,
          onClosed: () => {
            readerOpen = false;
            readerClosed();
          },
          warn,
          subject: () => identity?.subject ?? null,
        };
        const mounted = loaded.mount(config);
        readerOpen = true;
        showLauncher(false);
        return mounted;
      })
      .catch((error: unknown) => {
        // a page whose CSP does not allow the Mulot origin, a network failure: one warning, and the launcher (also
        // where a guide in progress was to resume) lets the user try again
        reader = null;
        warn(error);
        showLauncher(true);
        return null;
      });
    return reader;
  };

  const withReader = (action: (reader: EmbedReader) => void) =>
    void load()
      .then((r) => {
        if (!r) return;
        action(r);
        readerOpen = true;
        showLauncher(false);
      })
      .catch(warn);

  // Guides that start by themselves (issue 42): the loader asks whether the site has any (one small answer a browser
  // keeps a minute), reads the catalogue's rules only then, and loads the reader only for a guide that starts (ADR 20).
  const progressGuide = () => {
    const progress = readProgress();
    return progress?.scenarioId && progress.run && !progress.finished ? progress.scenarioId : null;
  };
  const starts = autoStart({
    ...publicStartCalls(new URL('/api', src).href, siteKey),
    history: () => readHistory(identity?.subject ?? null),
    attributes: () => identity?.attributes ?? null,
    inProgress: progressGuide,
    readerOpen: () => readerOpen,
    start: (scenarioId) => withReader((r) => r.start(scenarioId)),
    onError: warn,
  });
  const identifyUser = (input: unknown) => {
    identifying = identifying
      .then(() => identify(siteKey, input))
      .then((result) => {
        if (!result) return warn('identify needs { id, attributes }: an id of at most 256 characters');
        identity = result.identity;
        if (result.dropped.length > 0) warn(`identify: attributes left out: ${result.dropped.join(', ')}`);
        starts.check();
      })
      .catch(warn);
  };

  const run = (command: unknown[]) => {
    const [name, argument] = command as Command;
    if (name === 'open') withReader((r) => r.open());
    else if (name === 'start' && typeof argument === 'string') withReader((r) => r.start(argument));
    else if (name === 'identify') identifyUser(argument);
    else warn(`unknown command ${String(name)}`);
  };

  // One global. A queue made before this loaded (`mulot = mulot || function () { (mulot.q = mulot.q || []).push
  // (arguments) }`) is played; a `mulot` of the page's own is left alone (the launcher still works).
  const existing = (window as { mulot?: unknown }).mulot as Queue | undefined;
  const ours = existing === undefined || (typeof existing === 'function' && Array.isArray(existing.q));
  if (ours) {
    const api = (...args: unknown[]) => {
      try {
        run(args);
      } catch (error) {
        warn(error);
      }
    };
    Object.defineProperty(window, 'mulot', { value: api, configurable: true, writable: true });
    for (const queued of existing?.q ?? []) api(...queued);
  } else warn('window.mulot is already defined by the page: mulot(…) is not available');

  // a guide in progress (a full page load of the tab) resumes at once; else the launcher waits for the user
  if (progressGuide()) void load();
  else {
    showLauncher(true);
    // After the page's load event (a guide's steps need the page's own elements, and the host's first paint owes
    // nothing to our call) and after the identify calls queued before this loaded.
    const firstCheck = () => void identifying.then(() => starts.check());
    if (document.readyState === 'complete') firstCheck();
    else addEventListener('load', firstCheck, { once: true });
  }
}

try {
  const script = document.currentScript;
  if (script instanceof HTMLScriptElement) main(script);
  else warn('embed.js must be loaded by a <script> element');
} catch (error) {
  warn(error);
}
