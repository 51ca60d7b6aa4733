import { formatNumber } from './format.js';

/**
 * The dashboard's number handling, pure: the y axis of a chart and the change against the
 * previous period.
 */

/** The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least `value` (at least 1). */
export const niceCeiling = (value: number) => {
  if (!(value > 1)) {
    return 1;
  }
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
};

/** Y axis ticks from 0 to a round maximum covering every value: whole numbers only, at most `count` + 1 ticks. */
export const axisTicks = (values: readonly number[], count = 4) => {
  const largest = Math.max(0, ...values);
  const step = niceCeiling(Math.max(1, largest / count));
  const wholeStep = Math.max(1, Math.ceil(step));
  const top = Math.max(wholeStep, Math.ceil(largest / wholeStep) * wholeStep);
  return Array.from({ length: top / wholeStep + 1 }, (_, index) => index * wholeStep);
};

/** A change with its sign: "+3", "−2" (a real minus sign), "0". */
export const formatDelta = (delta: number) => {
  if (delta > 0) {
    return `+${formatNumber(delta)}`;
  }
  return delta < 0 ? `−${formatNumber(-delta)}` : '0';
};

/** `YYYY-MM-DD` of a day in UTC, the days the dashboard API counts in. */
export const utcDay = (timestamp: number) => new Date(timestamp).toISOString().slice(0, 10);
