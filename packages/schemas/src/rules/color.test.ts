import { describe, expect, it } from 'vitest';

import { contrastRatio, ensureContrast, parseHexColor, readableTextColor, relativeLuminance, shade } from './color.js';

describe('parseHexColor', () => {
  it('reads #rgb and #rrggbb in any case', () => {
    expect(parseHexColor('#6139F6')).toEqual([0x61, 0x39, 0xf6]);
    expect(parseHexColor('#fff')).toEqual([255, 255, 255]);
    expect(parseHexColor('red')).toBeUndefined();
  });
});

describe('contrast', () => {
  it('follows WCAG 2', () => {
    expect(relativeLuminance([0, 0, 0])).toBe(0);
    expect(relativeLuminance([255, 255, 255])).toBeCloseTo(1);
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
    expect(contrastRatio([119, 119, 119], [255, 255, 255])).toBeCloseTo(4.48, 1);
  });
});

describe('readableTextColor', () => {
  it.each([
    ['#6139F6', '#ffffff'],
    ['#000000', '#ffffff'],
    ['#0b57d0', '#ffffff'],
    ['#FFD700', '#000000'],
    ['#ffffff', '#000000'],
    ['#7fffd4', '#000000'],
    ['#00ff00', '#000000'],
  ])('on %s uses %s', (background, text) => {
    expect(readableTextColor(background)).toBe(text);
  });

  it('always reaches at least 4.5:1 for saturated brand colours', () => {
    for (const color of ['#6139F6', '#e91e63', '#009688', '#ff9800', '#3f51b5', '#8bc34a']) {
      const text = readableTextColor(color);
      expect(contrastRatio(parseHexColor(color)!, parseHexColor(text)!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('ensureContrast', () => {
  it('keeps a colour that is readable already', () => {
    expect(ensureContrast('#6139f6', '#ffffff')).toBe('#6139f6');
  });

  it('darkens a pale brand colour on white and lightens a dark one on black', () => {
    const onWhite = ensureContrast('#ffd700', '#ffffff');
    expect(contrastRatio(parseHexColor(onWhite)!, [255, 255, 255])).toBeGreaterThanOrEqual(4.5);
    const onDark = ensureContrast('#1a1a80', '#1c1d21');
    expect(contrastRatio(parseHexColor(onDark)!, parseHexColor('#1c1d21')!)).toBeGreaterThanOrEqual(4.5);
  });

  it('shade moves a colour a little', () => {
    expect(shade('#6139f6')).not.toBe('#6139f6');
    expect(shade('not a colour')).toBe('not a colour');
  });
});
