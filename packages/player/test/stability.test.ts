import { describe, expect, test } from 'vitest';
import { isGeneratedId, isHashedClass } from '../src/stability';

describe('generated ids', () => {
  test.each([
    ':r1:',
    ':R2a:',
    '«r1»',
    '_r_3_',
    'radix-:r7:',
    'radix-«r3»',
    'ember123',
    'a1b2c3d4',
    '3f2a9c81-5d2e-4c1a-9b7e-2f6c8d9e0a1b',
    'headlessui-menu-button-12',
    'mui-45210',
    'field-7f3a9c',
  ])('%s is generated', (id) => {
    expect(isGeneratedId(id)).toBe(true);
  });

  test.each(['email', 'main-content', 'checkout-button', 'step2', 'section10', 'nav', 'user_profile'])(
    '%s is written by people',
    (id) => {
      expect(isGeneratedId(id)).toBe(false);
    },
  );
});

describe('hashed class names', () => {
  test.each([
    'Button_primary__3xYz',
    'Card_root__x1Y2z',
    'css-1a2b3c',
    'css-4r5t6y',
    'sc-bdVaJa',
    'kDhVIq',
    'jss42',
    'makeStyles-root-12',
    '_3xYz1a',
    'is-active',
    'open',
  ])('%s is hashed or transient', (name) => {
    expect(isHashedClass(name)).toBe(true);
  });

  test.each([
    'btn',
    'btn-primary',
    'card',
    'navbar-item',
    'ember-view',
    'MuiButton-root',
    'card__title',
    'col-md-6',
  ])('%s is stable', (name) => {
    expect(isHashedClass(name)).toBe(false);
  });
});
