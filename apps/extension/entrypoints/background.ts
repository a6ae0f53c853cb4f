import { defineBackground } from 'wxt/utils/define-background';
import { END_USER_ALARM, registerEndUser, registerEndUserOnce } from '../src/background/end-user';
import { handleMessage } from '../src/background/handlers';
import { registerLauncher } from '../src/background/launcher';
import { restartTabsInModes } from '../src/store';

export default defineBackground(() => {
  // the session (its token) and the tabs' states are for the extension's own pages and service worker only: never
  // for content scripts, which run beside every page
  void browser.storage.session.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
  // the Mulot address and the allowed origins too, where Chromium lets storage.local be restricted
  void Promise.resolve()
    .then(() => browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }))
    .catch((error) => console.error('mulot', error));
  // the launcher follows the Mulot address (options, popup sign-in, or the organization's policy)
  void registerLauncher().catch((error) => console.error('mulot', error));
  // the end users' reader follows the policy's site keys and their projects' sites, which change in the
  // back-office: asked at the browser's start (or the extension's installation), when the policy changes, and hourly
  void registerEndUserOnce().catch((error) => console.error('mulot', error));
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === END_USER_ALARM) void registerEndUser().catch((error) => console.error('mulot', error));
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if ((area === 'local' || area === 'managed') && 'mulotAddress' in changes)
      void registerLauncher().catch((error) => console.error('mulot', error));
    if (area === 'managed' && ('siteKeys' in changes || 'mulotAddress' in changes))
      void registerEndUser().catch((error) => console.error('mulot', error));
    // signed in again (popup, or a launch from the back-office) after the session had gone: the tabs that were
    // in a mode show their panels again
    if (area === 'session' && changes.session?.newValue && !changes.session.oldValue)
      void restartTabsInModes().catch((error) => console.error('mulot', error));
  });
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    handleMessage(message as never, sender).then(sendResponse, (error: unknown) =>
      sendResponse({ error: error instanceof Error ? error.message : String(error) }),
    );
    // keeps the channel open for the asynchronous answer
    return true;
  });
  // a tab's guide state dies with the tab
  browser.tabs.onRemoved.addListener((tabId) => {
    void browser.storage.session.remove(`tab:${tabId}`);
  });
});
