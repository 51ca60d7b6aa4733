/** Number formatting of the console (spec §9). Pure: no locale of the machine leaks in. */

const withCommas = (integerDigits: string) => integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const fixed = (value: number, decimals: number) => {
  const [integer = '0', fraction] = Math.abs(value).toFixed(decimals).split('.');
  const sign = value < 0 && Number(Math.abs(value).toFixed(decimals)) !== 0 ? '-' : '';
  return `${sign}${withCommas(integer)}${fraction ? `.${fraction}` : ''}`;
};

/** Thousands separated by commas; non-integers get two decimals: 1234567 → "1,234,567", 1234.5 → "1,234.50". */
export const formatNumber = (value: number): string => {
  if (!Number.isFinite(value)) {
    return String(value);
  }
  return Number.isInteger(value) ? fixed(value, 0) : fixed(value, 2);
};

/**
 * A limit or usage figure, abbreviated: K from 1,000 and M from 1,000,000, with one decimal
 * ("1.5K", "2.0M"). Below 1,000 it is {@link formatNumber}. A value that would round up to
 * "1000.0K" is shown as "1.0M".
 */
export const formatQuantity = (value: number): string => {
  const size = Math.abs(value);
  if (size >= 1_000_000 || (size >= 1000 && Number((size / 1000).toFixed(1)) >= 1000)) {
    return `${fixed(value / 1_000_000, 1)}M`;
  }
  if (size >= 1000) {
    return `${fixed(value / 1000, 1)}K`;
  }
  return formatNumber(value);
};

/** Usage as a share of a quota, rounded to a whole percent: (1, 3) → "33%". A zero quota is 0%. */
export const formatPercent = (usage: number, quota: number): string =>
  `${quota > 0 ? Math.round((usage / quota) * 100) : 0}%`;

/** An amount in cents as currency units with two decimals: 123456 → "1,234.56". */
export const formatCents = (cents: number): string => fixed(cents / 100, 2);
