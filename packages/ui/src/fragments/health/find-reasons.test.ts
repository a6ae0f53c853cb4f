import en from '@mulot/i18n/lang/en.json' with { type: 'json' };
import { FIND_REASONS, type FindReason } from '@mulot/player';
import { expect, it } from 'vitest';
import { findReasonMessages } from './find-reasons';

// Guide health says why a step failed in the finder's own sentences: the French message is the finder's French
// sentence, and the English catalogue holds its English one, for every reason the finder can give.
it('says each finder reason in the finder’s sentences, in French and in English', () => {
  const reasons = Object.keys(FIND_REASONS) as FindReason[];
  expect(Object.keys(findReasonMessages).sort()).toEqual([...reasons].sort());
  const catalogue = en as Record<string, string>;
  for (const reason of reasons) {
    const message = findReasonMessages[reason];
    expect(message.defaultMessage).toBe(FIND_REASONS[reason].fr);
    expect(catalogue[message.id]).toBe(FIND_REASONS[reason].en);
  }
});
