import { afterEach, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { autoClick, type ClickState, type HighlightHandle, highlight } from '../src/index';

let handle: HighlightHandle | undefined;

afterEach(() => {
  handle?.destroy();
  handle = undefined;
  document.body.replaceChildren();
  scrollTo(0, 0);
});

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));

function step(title: string): HTMLElement {
  const content = document.createElement('div');
  content.innerHTML = `<h2>${title}</h2><p>Click the button.</p><button type="button">Next</button>`;
  return content;
}

function ringElement(h: HighlightHandle): HTMLElement {
  return h.root.querySelector('.ring') as HTMLElement;
}

function ringOf(h: HighlightHandle): DOMRect {
  return (h.root.querySelector('.ring') as HTMLElement).getBoundingClientRect();
}

describe('highlight', () => {
  test('sits in the top layer above the page stacking contexts, around the target', async () => {
    document.body.innerHTML = `<div style="position:relative;z-index:2147483647;background:#fff">
      <button id="target" style="margin:40px">Create project</button></div>`;
    const target = document.getElementById('target') as HTMLElement;
    handle = highlight(target, step('Create your first project'));
    await frame();
    expect(handle.host.matches(':popover-open')).toBe(true);
    // the overlay covers the viewport, whatever the user-agent's popover sizes
    const host = handle.host.getBoundingClientRect();
    expect([host.left, host.top, host.width, host.height]).toEqual([0, 0, innerWidth, innerHeight]);
    const ring = ringOf(handle);
    const rect = target.getBoundingClientRect();
    expect(Math.abs(ring.left - (rect.left - 4))).toBeLessThan(1);
    expect(Math.abs(ring.width - (rect.width + 8))).toBeLessThan(1);
    // the card is what the user sees at its centre, not the page's z-index:max layer
    const card = handle.card.getBoundingClientRect();
    const hit = document.elementFromPoint(card.left + card.width / 2, card.top + card.height / 2);
    expect(hit).toBe(handle.host);
    expect(card.top).toBeGreaterThanOrEqual(rect.bottom);
  });

  // the card's every placement (below, above, right, left, at the bottom when nothing fits), on a desktop and a phone
  test.each([
    [1440, 900],
    [390, 844],
  ])(
    'keeps the step inside a %ix%i viewport and off the target wherever the target stands',
    async (width, height) => {
      await page.viewport(width, height);
      try {
        const spots = [
          'top:20px;left:20px;width:120px;height:32px',
          'bottom:20px;left:20px;width:120px;height:32px',
          `bottom:20px;right:20px;width:120px;height:32px`,
          'top:60px;left:8px;width:60px;height:calc(100vh - 110px)',
          'top:60px;right:8px;width:60px;height:calc(100vh - 110px)',
          'top:8px;left:8px;right:8px;bottom:8px',
        ];
        for (const spot of spots) {
          document.body.innerHTML = `<button id="target" style="position:fixed;${spot}">Target</button>`;
          const target = document.getElementById('target') as HTMLElement;
          handle = highlight(target, step('Where it stands'), { scroll: false });
          await frame();
          const card = handle.card.getBoundingClientRect();
          const rect = target.getBoundingClientRect();
          expect(card.left, spot).toBeGreaterThanOrEqual(8);
          expect(card.top, spot).toBeGreaterThanOrEqual(8);
          expect(card.right, spot).toBeLessThanOrEqual(width - 8 + 0.5);
          expect(card.bottom, spot).toBeLessThanOrEqual(height - 8 + 0.5);
          // the card covers the target only when no side has room for it (a target filling the viewport)
          const overlaps =
            card.left < rect.right &&
            card.right > rect.left &&
            card.top < rect.bottom &&
            card.bottom > rect.top;
          const room =
            height - rect.bottom >= card.height + 20 ||
            rect.top >= card.height + 20 ||
            width - rect.right >= card.width + 20 ||
            rect.left >= card.width + 20;
          expect(overlaps, spot).toBe(!room);
          handle.destroy();
          handle = undefined;
        }
      } finally {
        await page.viewport(1024, 768);
      }
    },
  );

  test('follows the target when the page scrolls or the layout changes', async () => {
    document.body.innerHTML = `<div id="scroller" style="height:200px;overflow:auto">
      <div style="height:600px"><button id="target" style="margin-top:100px">Export</button></div></div>
      <div id="grow" style="height:0"></div>`;
    const target = document.getElementById('target') as HTMLElement;
    handle = highlight(target, step('Export'), { scroll: false });
    await frame();
    (document.getElementById('scroller') as HTMLElement).scrollTop = 60;
    await frame();
    expect(Math.abs(ringOf(handle).top - (target.getBoundingClientRect().top - 4))).toBeLessThan(1);
    target.style.width = '300px';
    await frame();
    expect(Math.abs(ringOf(handle).width - 308)).toBeLessThan(1);
  });

  test('scrolls the target into view clear of a fixed header', async () => {
    document.body.innerHTML = `<header style="position:fixed;top:0;left:0;right:0;height:120px;background:#333;z-index:10">Menu</header>
      <div style="height:2000px"></div><button id="target">Far away</button><div style="height:2000px"></div>`;
    const target = document.getElementById('target') as HTMLElement;
    handle = highlight(target, step('Far away'));
    await frame();
    const rect = target.getBoundingClientRect();
    expect(rect.top).toBeGreaterThanOrEqual(120);
    expect(rect.bottom).toBeLessThanOrEqual(innerHeight);
    expect(document.elementFromPoint(rect.left + 2, rect.top + 2)).not.toBe(document.querySelector('header'));
  });

  test('moves focus to the step, lets Tab reach the target, and Escape leave the guide', async () => {
    document.body.innerHTML =
      '<input placeholder="before"><div id="target" style="width:80px;height:30px">Drop zone</div><input placeholder="after">';
    const target = document.getElementById('target') as HTMLElement;
    let left = 0;
    handle = highlight(target, step('Drop a file'), { onEscape: () => left++ });
    const card = handle.card;
    expect(handle.root.activeElement).toBe(card);
    expect(card.getAttribute('role')).toBe('dialog');
    expect(card.getAttribute('aria-labelledby')).toBeTruthy();
    const title = handle.root.getElementById(card.getAttribute('aria-labelledby') as string);
    expect(title?.textContent).toBe('Drop a file');
    await userEvent.tab();
    expect(handle.root.activeElement?.textContent).toBe('Next');
    await userEvent.tab();
    expect(document.activeElement).toBe(target);
    await userEvent.tab({ shift: true });
    expect(handle.root.activeElement?.textContent).toBe('Next');
    await userEvent.keyboard('{Escape}');
    expect(left).toBe(1);
    handle.destroy();
    handle = undefined;
    // the target gets back its own focus behaviour
    expect(target.hasAttribute('tabindex')).toBe(false);
    expect(document.querySelector('[data-mulot-ui]')).toBeNull();
  });

  test('uses the label when the content has no heading, and shows unanchored steps centered', async () => {
    const content = document.createElement('p');
    content.textContent = 'The page changed: here is what it looked like.';
    handle = highlight(null, content, { label: 'Step 2 of 5' });
    await frame();
    expect(handle.card.getAttribute('aria-label')).toBe('Step 2 of 5');
    expect((handle.root.querySelector('.ring') as HTMLElement).hidden).toBe(true);
    const card = handle.card.getBoundingClientRect();
    expect(Math.abs(card.left + card.width / 2 - innerWidth / 2)).toBeLessThan(2);
  });

  test('stays usable above a modal dialog holding the target', async () => {
    document.body.innerHTML = '<dialog><p>Invite</p><button id="target">Send invite</button></dialog>';
    (document.querySelector('dialog') as HTMLDialogElement).showModal();
    const target = document.getElementById('target') as HTMLElement;
    handle = highlight(target, step('Send it'));
    await frame();
    expect(handle.root.activeElement).toBe(handle.card);
    const card = handle.card.getBoundingClientRect();
    expect(document.elementFromPoint(card.left + 5, card.top + 5)).toBe(handle.host);
  });

  test('climbs back above a modal dialog or popover the page opens afterwards', async () => {
    document.body.innerHTML = `<button id="target">Help</button>
      <dialog style="width:100vw;height:100vh;max-width:none;max-height:none;margin:0;padding:0">Cookie wall</dialog>
      <div popover="manual" style="inset:0;width:100vw;height:100vh;margin:0">Promo</div>`;
    handle = highlight(document.getElementById('target'), step('Ask for help'));
    await frame();
    const onTop = () => {
      const card = (handle as HighlightHandle).card.getBoundingClientRect();
      return document.elementFromPoint(card.left + 5, card.top + 5) === (handle as HighlightHandle).host;
    };
    expect(onTop()).toBe(true);
    (document.querySelector('dialog') as HTMLDialogElement).showModal();
    await frame();
    expect(onTop()).toBe(true);
    (document.querySelector('[popover]') as HTMLElement).showPopover();
    await frame();
    expect(onTop()).toBe(true);
    // the page's dialog closes: the overlay must not vanish with it
    (document.querySelector('dialog') as HTMLDialogElement).close();
    await frame();
    expect(onTop()).toBe(true);
    expect(handle.host.parentElement).toBe(document.body);
  });

  test('draws the overlay inside the frame that holds the target', async () => {
    document.body.innerHTML =
      '<div style="height:50px"></div><iframe title="embedded" style="width:600px;height:300px;border:0"></iframe>';
    const frameDoc = (document.querySelector('iframe') as HTMLIFrameElement).contentDocument as Document;
    frameDoc.body.innerHTML = '<button style="margin:60px">Embedded action</button>';
    const target = frameDoc.querySelector('button') as HTMLElement;
    handle = highlight(target, step('Inside the frame'));
    await frame();
    expect(handle.host.ownerDocument).toBe(frameDoc);
    expect(handle.host.matches(':popover-open')).toBe(true);
    const rect = target.getBoundingClientRect();
    expect(Math.abs(ringOf(handle).top - (rect.top - 4))).toBeLessThan(1);
  });

  test('tells the caller when a re-render removes the target', async () => {
    document.body.innerHTML = '<div id="view"><button>Send</button></div>';
    let lost = 0;
    handle = highlight(document.querySelector('button'), step('Send it'), { onTargetLost: () => lost++ });
    await frame();
    expect(lost).toBe(0);
    (document.getElementById('view') as HTMLElement).innerHTML = '<button>Send</button>';
    await frame();
    expect(lost).toBe(1);
    expect(ringElement(handle).hidden).toBe(true);
    handle.update(undefined, document.querySelector('button'));
    await frame();
    expect(ringElement(handle).hidden).toBe(false);
  });

  test('update swaps content and target', async () => {
    document.body.innerHTML = '<button id="a">A</button><button id="b" style="margin-left:300px">B</button>';
    handle = highlight(document.getElementById('a'), step('First'));
    handle.update(step('Second'), document.getElementById('b'));
    await frame();
    expect(handle.card.textContent).toContain('Second');
    const b = (document.getElementById('b') as HTMLElement).getBoundingClientRect();
    expect(Math.abs(ringOf(handle).left - (b.left - 4))).toBeLessThan(1);
  });
});

describe('autoClick', () => {
  test('surfaces the clicking state, then clicks like a user', async () => {
    document.body.innerHTML = '<button>Open menu</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    const events: string[] = [];
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
      button.addEventListener(type, () => events.push(type));
    }
    const states: ClickState[] = [];
    const outcome = autoClick(button, { delay: 50, onState: (s) => states.push(s) });
    expect(states).toEqual(['clicking']);
    expect(events).toEqual([]);
    expect(await outcome).toBe('clicked');
    expect(states).toEqual(['clicking', 'clicked']);
    expect(events).toEqual(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
  });

  test('runs default actions (checkbox toggles, links navigate)', async () => {
    document.body.innerHTML = '<input type="checkbox"><a href="#clicked-link">Go</a>';
    await autoClick(document.querySelector('input') as Element, { delay: 0 });
    expect((document.querySelector('input') as HTMLInputElement).checked).toBe(true);
    await autoClick(document.querySelector('a') as Element, { delay: 0 });
    expect(location.hash).toBe('#clicked-link');
    history.replaceState(null, '', location.pathname + location.search);
  });

  test('fails without clicking a disabled or vanished target', async () => {
    document.body.innerHTML = '<button disabled>Pay</button><button>Gone</button>';
    const [disabled, gone] = Array.from(document.querySelectorAll('button'));
    let clicks = 0;
    document.addEventListener('click', () => clicks++);
    const states: ClickState[] = [];
    expect(await autoClick(disabled as Element, { delay: 0, onState: (s) => states.push(s) })).toBe('failed');
    const pending = autoClick(gone as Element, { delay: 20 });
    gone?.remove();
    expect(await pending).toBe('failed');
    expect(states).toEqual(['clicking', 'failed']);
    expect(clicks).toBe(0);
  });
});

describe('accessibility of the step overlay', () => {
  test('has no axe WCAG 2.2 AA violations, anchored or not', async () => {
    const { default: axe } = await import('axe-core');
    document.body.innerHTML = '<main><h1>Projects</h1><button id="target">New project</button></main>';
    const check = async () => {
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    document.documentElement.lang = 'en';
    document.title = 'overlay';
    handle = highlight(document.getElementById('target'), step('Create a project'));
    await frame();
    expect(await check()).toEqual([]);
    handle.destroy();
    const content = document.createElement('p');
    content.textContent = 'This step could not be located on the page.';
    handle = highlight(null, content, { label: 'Step 3 of 4' });
    await frame();
    expect(await check()).toEqual([]);
  });
});
