import { describe, expect, it } from 'vitest';

import { formatCents, formatNumber, formatPercent, formatQuantity } from './format.js';

describe('formatNumber', () => {
  it('separates thousands with commas', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatNumber(-50_000)).toBe('-50,000');
  });

  it('gives non-integers two decimals', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0.125)).toBe('0.13');
    expect(formatNumber(-0.001)).toBe('0.00');
  });
});

describe('formatQuantity', () => {
  it('keeps numbers below 1,000 as they are', () => {
    expect(formatQuantity(0)).toBe('0');
    expect(formatQuantity(999)).toBe('999');
    expect(formatQuantity(12.5)).toBe('12.50');
  });

  it('abbreviates with K from 1,000 with one decimal', () => {
    expect(formatQuantity(1000)).toBe('1.0K');
    expect(formatQuantity(1500)).toBe('1.5K');
    expect(formatQuantity(50_000)).toBe('50.0K');
    expect(formatQuantity(999_900)).toBe('999.9K');
  });

  it('abbreviates with M from 1,000,000 with one decimal', () => {
    expect(formatQuantity(1_000_000)).toBe('1.0M');
    expect(formatQuantity(2_540_000)).toBe('2.5M');
    expect(formatQuantity(1_234_000_000)).toBe('1,234.0M');
  });

  it('never shows 1000.0K', () => {
    expect(formatQuantity(999_990)).toBe('1.0M');
  });
});

describe('formatPercent', () => {
  it('rounds to a whole percent', () => {
    expect(formatPercent(1, 3)).toBe('33%');
    expect(formatPercent(2, 3)).toBe('67%');
    expect(formatPercent(150, 100)).toBe('150%');
    expect(formatPercent(5, 0)).toBe('0%');
  });
});

describe('formatCents', () => {
  it('divides by 100 with two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(1600)).toBe('16.00');
    expect(formatCents(123_456)).toBe('1,234.56');
  });
});
