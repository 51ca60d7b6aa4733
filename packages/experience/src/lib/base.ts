/**
 * A tenant may be served under a `/t/{tenantId}` path prefix. Every API call and page link of the
 * hosted pages keeps that prefix; without it the server resolves the tenant by host.
 */
export const detectBase = (pathname: string): string => /^\/t\/[^/]+/.exec(pathname)?.[0] ?? '';

/** The page path without the base, always starting with `/`. */
export const stripBase = (pathname: string, base: string): string => {
  const rest = base && pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
  return rest === '' ? '/' : rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
};
