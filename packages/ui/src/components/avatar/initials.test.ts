import { type Token, token } from '@mulot/ui/styled-system/tokens';
import { describe, expect, it } from 'vitest';
import { avatarColor, avatarTokens } from './initials';

describe('the avatar picture', () => {
  it('is drawn with the design tokens’ current values', () => {
    for (const group of [avatarTokens.backgrounds, avatarTokens.text])
      for (const [name, value] of Object.entries(group)) expect(value, name).toBe(token(name as Token));
  });

  it('gives a name the same background on every call, from the token colours', () => {
    const colour = avatarColor('Ada', 'Lovelace');
    expect(avatarColor('Ada', 'Lovelace')).toBe(colour);
    expect(Object.values(avatarTokens.backgrounds)).toContain(colour);
  });
});
