import type { ReaderProgress } from '@mulot/reader';
import { type AutoStart, autoStart, publicStartCalls, readHistory } from '@mulot/reader/start';
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { drawLauncher, type EndUserLauncher } from '../src/end-user-launcher';
import { loadPanels } from '../src/load-panels';
import type { EndUserAnswer } from '../src/messages';
import { END_USER_PROGRESS_KEY } from '../src/reader/end-user-progress';
import { send } from '../src/runtime';

/** The snippet is on the page (its script tag, or the launcher it drew): its launcher is the one that shows. */
function snippetOnPage(): boolean {
  return document.querySelector('script[data-site-key], mulot-launcher') !== null;
}

/** A guide in progress in the site's sessionStorage (a full page load of the tab), to resume at once. */
function progressToResume(): ReaderProgress | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(END_USER_PROGRESS_KEY) ?? 'null',
    ) as ReaderProgress | null;
    return value?.scenarioId && value.run && !value.finished ? value : null;
  } catch {
    return null;
  }
}

// The end users' launcher and reader, for every user of a browser whose organization's policy lists site keys.
// Registered at run time by the background on those keys' projects' sites only (src/background/end-user.ts): no
// other page runs it. The background answers it only for a tab's top page on such a site and not in a member's mode.
export default defineContentScript({
  matches: ['https://mulot.invalid/*'],
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  runAt: 'document_idle',
  main() {
    let launcher: EndUserLauncher | null = null;
    let unmountReader: (() => void) | null = null;
    let answer: EndUserAnswer | null = null;
    let starts: AutoStart | null = null;

    const stop = () => {
      starts?.stop();
      starts = null;
      launcher?.remove();
      launcher = null;
      unmountReader?.();
      unmountReader = null;
    };
    const open = (initial: ReaderProgress) => {
      const config = answer;
      if (!config || unmountReader) return;
      launcher?.show(false);
      loadPanels()
        .then((panels) => {
          unmountReader = panels.mountEndUser(config, config.locale, initial, () => {
            unmountReader = null;
            showLauncher();
          });
        })
        .catch((error: unknown) => {
          console.warn('Mulot:', error instanceof Error ? error.message : String(error));
          showLauncher();
        });
    };
    const showLauncher = () => {
      if (!answer || snippetOnPage()) return;
      launcher ??= drawLauncher(answer.texts, () => open({}));
      launcher.show(true);
    };
    const start = async () => {
      stop();
      if (snippetOnPage()) return;
      answer = await send<EndUserAnswer | null>({
        kind: 'end-user',
        locale: document.documentElement.lang,
      }).catch(() => null);
      if (!answer || snippetOnPage()) return;
      const progress = progressToResume();
      if (progress) open(progress);
      else showLauncher();
      // Guides that start by themselves (issue 42): the snippet's decision, made the same way (@mulot/reader/start),
      // under the same site storage. No page calls `mulot('identify')` here (the snippet is absent): a guide with
      // an audience rule does not start, as for a visitor the snippet's site did not identify.
      const config = answer;
      starts = autoStart({
        ...publicStartCalls(config.apiBase, config.siteKey),
        history: () => readHistory(null),
        attributes: () => null,
        inProgress: () => progressToResume()?.scenarioId ?? null,
        readerOpen: () => unmountReader !== null,
        start: (scenarioId) => open({ scenarioId }),
        onError: (error) => console.warn('Mulot:', error instanceof Error ? error.message : String(error)),
      });
      starts.check();
    };

    // the snippet drawing its launcher later (an async script, a tag manager): the extension's goes away
    new MutationObserver(() => {
      if (launcher && !unmountReader && snippetOnPage()) stop();
    }).observe(document.documentElement, { childList: true });
    // the tab entered or left a member's mode (a launch, signing in or out): asked again
    browser.runtime.onMessage.addListener((message: unknown) => {
      if ((message as { kind?: string })?.kind === 'restart') void start();
    });
    void start();
  },
});
