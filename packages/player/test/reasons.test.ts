// Every answer of find() says which rule decided, in words guide health can show the author.
import { afterEach, describe, expect, test } from 'vitest';
import { capture, FIND_REASONS, type FindResult, find, type TargetDescriptor, waitFor } from '../src/index';

const roundTrip = (d: TargetDescriptor): TargetDescriptor => JSON.parse(JSON.stringify(d));

function captured(html: string, selector: string): TargetDescriptor {
  document.body.innerHTML = html;
  return roundTrip(capture(document.querySelector(selector) as Element));
}

/** What guide health would show beside the step, in French. */
const shown = (result: FindResult) => FIND_REASONS[result.reason].fr;

const menu = (items: string[]) =>
  `<nav aria-label="Main"><ul>${items.map((item) => `<li><a href="/${item.toLowerCase()}">${item}</a></li>`).join('')}</ul></nav>`;

afterEach(() => {
  document.body.replaceChildren();
});

describe('the reason of an answer', () => {
  test('a removed target is reported as gone', () => {
    const d = captured(menu(['Dashboard', 'Billing', 'Team']), 'a[href="/billing"]');
    document.body.innerHTML = menu(['Dashboard', 'Team']);
    const result = find(d);
    expect(result.status).not.toBe('found');
    expect(shown(result)).toMatch(/^Élément disparu/);
    document.body.innerHTML = '<p>Maintenance</p>';
    expect(shown(find(d))).toMatch(/^Élément disparu/);
  });

  test('a target the site duplicated is reported as several identical elements', () => {
    const form = (buttons: number) =>
      `<form><h2>Profile</h2><input name="nickname">${'<button class="btn" type="submit">Save</button>'.repeat(buttons)}</form>`;
    const d = captured(form(1), 'button');
    document.body.innerHTML = form(2);
    const result = find(d);
    expect(result).toMatchObject({ status: 'ambiguous', reason: 'ambiguous-copies' });
    expect(shown(result)).toMatch(/^Plusieurs éléments identiques/);
  });

  test('a target marked for guides is found by its mark, whatever else changed', () => {
    const d = captured('<button data-tour="publish">Publish</button>', 'button');
    document.body.innerHTML = '<div><a data-tour="publish" href="/publish">Go live</a></div>';
    expect(find(d)).toMatchObject({ status: 'found', reason: 'tour-attribute' });
  });

  test('a target found again says it was found', () => {
    const d = captured(menu(['Dashboard', 'Billing', 'Team']), 'a[href="/billing"]');
    document.body.innerHTML = menu(['Team', 'Dashboard', 'Billing', 'Reports']);
    const result = find(d);
    expect(result.element).toBe(document.querySelector('a[href="/billing"]'));
    expect(FIND_REASONS[result.reason].status).toBe('found');
  });

  test('a target still on the page but hidden when the wait ends is reported as hidden', async () => {
    const d = captured('<main><button>Save settings</button></main>', 'button');
    document.body.innerHTML = '<main style="display:none"><button>Save settings</button></main>';
    const result = await waitFor(d, { timeout: 300 });
    expect(result).toMatchObject({ status: 'low-confidence', reason: 'hidden', element: null });
  });

  test('every reason is described in English and French, with the status it comes with', () => {
    for (const [id, { status, en, fr }] of Object.entries(FIND_REASONS)) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(en.length).toBeGreaterThan(10);
      expect(fr.length).toBeGreaterThan(10);
      expect(
        [status].flat().every((s) => ['found', 'ambiguous', 'low-confidence', 'not-found'].includes(s)),
      ).toBe(true);
    }
  });
});
