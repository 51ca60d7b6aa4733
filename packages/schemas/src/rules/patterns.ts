/** Validation patterns from spec §5. Each is unit-tested against the spec's wording. */

/**
 * Non-space text, an at sign, then non-space text containing a dot. Control characters (which no
 * mail system delivers to) do not count as text.
 */
export const emailPattern = /^[^\s\p{Cc}]+@[^\s\p{Cc}]+\.[^\s\p{Cc}]+$/u;

/** Digits only. */
export const phonePattern = /^\d+$/;

/** The looser phone form that also allows plus, dash, parentheses and spaces. */
export const phoneInputPattern = /^\+?[\d\s\-()]+$/;

/** Starts with a letter or underscore, then word characters only. */
export const usernamePattern = /^[A-Z_a-z]\w*$/;

/** # plus 3 or 6 hex digits. */
export const hexColorPattern = /^#([\dA-Fa-f]{3}|[\dA-Fa-f]{6})$/;

/** OAuth 2 scope token (RFC 6749 §3.3): printable ASCII except space, double quote and backslash. */
export const scopeTokenPattern = /^[\u0021\u0023-\u005B\u005D-\u007E]+$/;

const parseUrl = (value: string): URL | undefined => {
  // The URL parser drops spaces and control characters around a URL, and tabs and line breaks in
  // it: such a value would be stored as typed, yet never equal the URL an app sends.
  if (value !== value.trim() || /\p{Cc}/u.test(value)) {
    return undefined;
  }
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/**
 * True when the URI has a fragment, even an empty one (`…/cb#`): `URL.hash` is `''` for those, but
 * RFC 6749 §3.1.2 forbids the fragment component and oidc-provider refuses any `#` in the href.
 */
const hasFragment = (url: URL) => url.href.includes('#');

/** Schemes that are never a safe redirect target (the same list oidc-provider refuses for native clients). */
const forbiddenSchemes = new Set(['javascript:', 'vbscript:', 'data:', 'blob:', 'file:', 'about:']);

/** A web redirect URI: absolute http(s) URL with a host and no fragment. */
export const isWebRedirectUri = (value: string): boolean => {
  const url = parseUrl(value);
  return Boolean(url && isHttp(url) && url.hostname && !hasFragment(url));
};

/**
 * A native (mobile) redirect URI: a custom scheme that is not http(s), e.g.
 * `com.example.app://callback` or `myapp:/callback`, with no fragment.
 */
export const isNativeRedirectUri = (value: string): boolean => {
  if (!/^[a-z][\d+.a-z-]*:/i.test(value)) {
    return false;
  }
  const url = parseUrl(value);
  return Boolean(url && !isHttp(url) && !hasFragment(url) && !forbiddenSchemes.has(url.protocol));
};

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An http(s) redirect URI a native app may use (RFC 8252): `http` only on a loopback host (desktop
 * apps listening locally), `https` only on a real host (claimed links such as universal links).
 */
export const isNativeHttpRedirectUri = (value: string): boolean => {
  const url = parseUrl(value);
  if (!url || !isHttp(url) || hasFragment(url)) {
    return false;
  }
  return url.protocol === 'http:' ? loopbackHosts.has(url.hostname) : !loopbackHosts.has(url.hostname);
};

/** An absolute http(s) URL. */
export const isHttpUrl = (value: string): boolean => {
  const url = parseUrl(value);
  return Boolean(url && isHttp(url) && url.hostname);
};

/** A web origin: scheme, host and optional port only (no path, query or fragment). */
export const isWebOrigin = (value: string): boolean => {
  const url = parseUrl(value);
  return Boolean(url && isHttp(url) && url.origin === value.replace(/\/$/, ''));
};

/**
 * An API resource indicator (RFC 8707): an absolute URI without a fragment. Any scheme is allowed
 * (https URLs and URNs are both common).
 */
export const isResourceIndicator = (value: string): boolean => {
  if (!/^[a-z][\d+.a-z-]*:\S+$/i.test(value)) {
    return false;
  }
  const url = parseUrl(value);
  return Boolean(url && !url.hash && !value.includes('#'));
};
