import { describe, expect, it } from 'vitest';

import { avatarColor, avatarColors, avatarInitial } from './avatar.js';

describe('avatar', () => {
  it('has 12 distinct colours', () => {
    expect(avatarColors).toHaveLength(12);
    expect(new Set(avatarColors).size).toBe(12);
  });

  it('takes the initial as one upper-case code point', () => {
    expect(avatarInitial('alice')).toBe('A');
    expect(avatarInitial('  bob ')).toBe('B');
    expect(avatarInitial('😀 smile')).toBe('😀');
    expect(avatarInitial('')).toBe('?');
    expect(avatarInitial(null)).toBe('?');
  });

  it('picks the colour by the code point of the initial', () => {
    // 'A' is 65: 65 % 12 = 5.
    expect(avatarColor('alice')).toBe(avatarColors[5]);
    expect(avatarColor('Alice')).toBe(avatarColors[5]);
    // 'B' is 66: 66 % 12 = 6.
    expect(avatarColor('bob')).toBe(avatarColors[6]);
    // '张' is U+5F20 = 24352: 24352 % 12 = 4.
    expect(avatarColor('张三')).toBe(avatarColors[24_352 % 12]);
    expect(avatarColor('')).toBe(avatarColors['?'.codePointAt(0)! % 12]);
  });

  it('is stable for the same name', () => {
    expect(avatarColor('carol')).toBe(avatarColor('Carol'));
  });
});
