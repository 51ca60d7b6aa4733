/** Dates in the console's language (periods like 'Jan 5, 2025', spec §9). */
export const formatDate = (timestamp: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(timestamp));

export const formatDateTime = (timestamp: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(timestamp));
