import { defineBackground } from 'wxt/utils/define-background';
import { handleMessage } from '../src/background/handlers';

export default defineBackground(() => {
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
