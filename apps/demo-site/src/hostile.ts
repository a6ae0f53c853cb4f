// Served only in the "hostile" page mode (server.ts): what a real site's own scripts may leave on `window` and that
// a snippet must not trip on — its own `mulot`, an AMD loader's `define`, a global `React` of another version.
const page = window as unknown as Record<string, unknown>;
page.mulot = { site: 'Bocal', version: 1 };
const define = (..._args: unknown[]) => {
  throw new Error('the page’s AMD loader was called');
};
define.amd = {};
page.define = define;
page.React = {
  version: '15.0.0',
  createElement: () => {
    throw new Error('the page’s React was called');
  },
};
