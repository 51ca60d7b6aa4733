import { describe, expect, it } from 'vitest';

import { axisTicks, formatDelta, niceCeiling, utcDay } from './dashboard.js';

describe('dashboard numbers', () => {
  it('rounds an axis maximum up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(1);
    expect(niceCeiling(3)).toBe(5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(21)).toBe(25);
    expect(niceCeiling(180)).toBe(200);
    expect(niceCeiling(1001)).toBe(2000);
  });

  it('makes whole-number ticks from zero that cover the largest value', () => {
    expect(axisTicks([])).toEqual([0, 1]);
    expect(axisTicks([0, 0])).toEqual([0, 1]);
    expect(axisTicks([1, 3])).toEqual([0, 1, 2, 3]);
    expect(axisTicks([17])).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks([950])).toEqual([0, 250, 500, 750, 1000]);
    for (const values of [[2], [9], [44], [123], [99_999]]) {
      const ticks = axisTicks(values);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(values[0]!);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });

  it('shows a change with its sign', () => {
    expect(formatDelta(3)).toBe('+3');
    expect(formatDelta(-1200)).toBe('−1,200');
    expect(formatDelta(0)).toBe('0');
  });

  it('names days in UTC', () => {
    expect(utcDay(Date.UTC(2025, 2, 15, 23, 59))).toBe('2025-03-15');
  });
});
