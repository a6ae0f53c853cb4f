// Visual regression for every story: after its play function and axe check, the rendered story is compared
// with the baseline committed under `__screenshots__/` beside the stories file (`pnpm test:visual:update`
// accepts changes). Animations and the caret are frozen and fonts awaited so that the pixels are stable.
import { afterEach, expect } from 'vitest';
import { page } from 'vitest/browser';

const freeze = document.createElement('style');
freeze.textContent = `*, *::before, *::after {
  animation: none !important;
  transition: none !important;
  caret-color: transparent !important;
  scroll-behavior: auto !important;
}`;
document.head.append(freeze);

const ignored = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE']);

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') return;
  const meta = task.meta as { storyId?: string };
  if (!meta.storyId) return;
  await document.fonts.ready;
  const shown = [...document.body.children].filter(
    (el) => !ignored.has(el.tagName) && el.getBoundingClientRect().height > 0,
  );
  // A story with something portalled (dialog, menu, toast, tooltip) is shot at viewport size; otherwise
  // only its canvas, so that a baseline is as small as the component.
  const target = shown.length === 1 && shown[0] ? shown[0] : document.documentElement;
  await expect.element(page.elementLocator(target)).toMatchScreenshot(meta.storyId);
});
