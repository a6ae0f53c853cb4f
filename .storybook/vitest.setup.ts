// Visual regression and accessibility for every story, on its settled state: after its play function, once
// focus and the DOM are still, the rendered story is compared with the baseline committed under
// `__screenshots__/` beside the stories file (`pnpm test:visual:update` accepts changes) and audited by axe
// (WCAG 2.2 A/AA, light theme); then colour contrast is checked again in the dark theme. Animations and the
// caret are frozen and fonts awaited so that the pixels are stable.
import { toaster } from '@mulot/ui/components/toast';
import axe from 'axe-core';
import { afterEach, beforeEach, expect } from 'vitest';
import { page, userEvent } from 'vitest/browser';

const freeze = document.createElement('style');
freeze.textContent = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}
/* A story with portals is shot at viewport size: the body spans the viewport. */
body {
  min-height: 100vh;
}`;
document.head.append(freeze);

// Chromium shows a focus ring on programmatic focus (a dialog's first field, a trigger focused back) only
// when the last real input was the keyboard; the stories' own events are synthetic and do not count. One real
// key press before each story makes that the same whatever story ran before.
beforeEach(async () => {
  await userEvent.keyboard('{Shift}');
});

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The focused element, inside the open shadow roots it is in (the extension's panel stories). */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** Every element under `root`, open shadow trees included: a dialog portalled into a panel's shadow root counts. */
function deepElements(root: ParentNode): Element[] {
  return [...root.querySelectorAll('*')].flatMap((el) =>
    el.shadowRoot ? [el, ...deepElements(el.shadowRoot)] : [el],
  );
}

/**
 * Resolves once focus and the DOM have stayed still for `quiet` ms (at most `limit`): Ark moves focus into a
 * dialog, back to a trigger, or unmounts a layer a few frames after the play function ends — later on a loaded
 * machine — and a screenshot taken before that would depend on the machine's load.
 */
async function settled(quiet = 200, limit = 3000) {
  let changedAt = performance.now();
  let focused = deepActiveElement();
  const observer = new MutationObserver(() => {
    changedAt = performance.now();
  });
  const options = { subtree: true, childList: true, attributes: true, characterData: true };
  observer.observe(document.body, options);
  for (const el of deepElements(document.body)) if (el.shadowRoot) observer.observe(el.shadowRoot, options);
  const start = performance.now();
  try {
    while (performance.now() - start < limit) {
      await frame();
      if (deepActiveElement() !== focused) {
        focused = deepActiveElement();
        changedAt = performance.now();
      }
      if (performance.now() - changedAt >= quiet) return;
    }
  } finally {
    observer.disconnect();
  }
}

const ignored = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE']);

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') return;
  const meta = task.meta as { storyId?: string };
  if (!meta.storyId) return;
  await document.fonts.ready;
  // a toast the story showed stays for the shot: its 5 s could run out while a loaded machine takes it
  toaster.pause();
  await settled();
  const shown = [...document.body.children].filter(
    (el) => !ignored.has(el.tagName) && el.getBoundingClientRect().height > 0,
  );
  const visible = (el: Element) => el.getBoundingClientRect().height > 0;
  // A fixed layer can have no height of its own (the toast group positions its toasts absolutely).
  const overlay = deepElements(document.body).some(
    (el) => getComputedStyle(el).position === 'fixed' && (visible(el) || deepElements(el).some(visible)),
  );
  // A story with something portalled or fixed (dialog, menu, toast, tooltip) is shot at viewport size;
  // otherwise only its canvas, so that a baseline is as small as the component.
  // A whole screen of the back-office (apps/backoffice's route stories mark their root) is shot as a user first
  // sees it, the viewport: below the fold lies outside the test's frame and would be shot blank.
  const wholeScreen = document.querySelector('[data-whole-screen]') !== null;
  const target = shown.length === 1 && shown[0] && !overlay && !wholeScreen ? shown[0] : document.body;
  const { height, overflow } = document.body.style;
  if (wholeScreen) Object.assign(document.body.style, { height: '100vh', overflow: 'hidden' });
  try {
    // A whole screen is a million pixels: the ratio that absorbs anti-aliasing on a component would let a changed
    // figure or word through, so it is held to a count.
    await expect.element(page.elementLocator(target)).toMatchScreenshot(
      meta.storyId,
      wholeScreen
        ? {
            timeout: 15_000,
            comparatorName: 'pixelmatch',
            comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 100 },
          }
        : {},
    );
  } finally {
    Object.assign(document.body.style, { height, overflow });
  }
  // WCAG 2.2 A/AA on what the screenshot shows: the settled state, portals included.
  const { violations } = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  });
  expect(
    violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')}`)),
    'axe (WCAG 2.2 AA) on the settled story',
  ).toEqual([]);
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' || !(task.meta as { storyId?: string }).storyId) return;
  const html = document.documentElement;
  const theme = html.dataset.theme;
  html.dataset.theme = 'dark';
  try {
    await frame();
    const { violations } = await axe.run(document.body, {
      runOnly: { type: 'rule', values: ['color-contrast'] },
    });
    const problems = violations.flatMap((violation) =>
      violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`),
    );
    expect(problems, 'colour contrast in the dark theme').toEqual([]);
  } finally {
    html.dataset.theme = theme ?? 'light';
  }
});
