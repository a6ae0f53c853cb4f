import { expect, test } from 'vitest';
import { capture, find, parseTarget, storedTarget } from '../src/index';

test('a captured target survives the trip through the API and is found again', () => {
  document.body.innerHTML = '<nav><a href="/panier" aria-label="Panier">🛒</a></nav>';
  const target = capture(document.querySelector('a') as Element);
  const stored: unknown = JSON.parse(JSON.stringify(storedTarget(target)));
  const parsed = parseTarget(stored);
  expect(parsed).toEqual(target);
  expect(find(parsed ?? target).element).toBe(document.querySelector('a'));
  expect(storedTarget(null)).toBeNull();
  document.body.replaceChildren();
});

test('what the player cannot read is no target, rather than an error in the finder', () => {
  document.body.innerHTML = '<button id="ok">OK</button>';
  const good = JSON.parse(JSON.stringify(capture(document.querySelector('button') as Element)));
  document.body.replaceChildren();
  expect(parseTarget(good)).not.toBeNull();
  expect(parseTarget(null)).toBeNull();
  expect(parseTarget({})).toBeNull();
  expect(parseTarget('button')).toBeNull();
  expect(parseTarget({ ...good, version: 2 })).toBeNull();
  expect(parseTarget({ ...good, css: undefined })).toBeNull();
  expect(parseTarget({ ...good, attributes: { id: 3 } })).toBeNull();
  expect(parseTarget({ ...good, fingerprint: { ...good.fingerprint, ancestors: [{ id: 'x' }] } })).toBeNull();
  expect(parseTarget({ ...good, classes: 'a b' })).toBeNull();
});

test('descriptors stored before the optional fields existed, and those with them, are both read', () => {
  document.body.innerHTML =
    '<nav aria-label="Main"><button data-action="archive" aria-label="Archive"><i class="fa fa-archive"></i></button></nav>';
  const full = JSON.parse(JSON.stringify(capture(document.querySelector('button') as Element)));
  expect(full).toMatchObject({ extra: { 'data-action': 'archive' }, icons: ['fa', 'fa-archive'], alike: 0 });
  expect(parseTarget(full)).toEqual(full);
  const { extra, icons, near, landmark, rank, copies, twins, namesakes, alike, ...old } = full;
  expect(parseTarget(old)).toEqual(old);
  expect(find(old).element).toBe(document.querySelector('button'));
  expect(parseTarget({ ...full, extra: { 'data-action': 1 } })).toBeNull();
  expect(parseTarget({ ...full, icons: 'fa' })).toBeNull();
  expect(parseTarget({ ...full, rank: { index: '0', count: 1 } })).toBeNull();
  expect(parseTarget({ ...full, copies: '2' })).toBeNull();
  expect(parseTarget({ ...full, namesakes: '1' })).toBeNull();
  expect(parseTarget({ ...full, alike: '0' })).toBeNull();
  expect(parseTarget({ ...full, near: 3 })).toBeNull();
  // fields earlier versions wrote and no version reads any more are left alone
  expect(full).not.toHaveProperty('xpath');
  expect(parseTarget({ ...full, apart: ['alert-warning'] })).not.toBeNull();
  expect(parseTarget({ ...full, xpath: '/html/body/nav/button' })).not.toBeNull();
  document.body.replaceChildren();
});
