/**
 * One spelling per email address, so that one mailbox is one identifier (spec §5: "non-space text,
 * an at sign, and a dot"; this adds which spellings name the same address).
 *
 * The local part is kept as typed: what it means is up to the receiving mail server (identifiers
 * compare it case-insensitively, as before). The domain is mapped as URLs map host names (UTS #46,
 * the WHATWG URL parser): `ＥＸＡＭＰＬＥ.com` is `example.com`, `Bücher.example` and
 * `xn--bcher-kva.example` are one domain. It is kept in its Unicode form (`bücher.example`), which
 * is what users recognise; the ASCII form (`xn--bcher-kva.example`) is what DNS and the blocklist's
 * list of throwaway domains use. Browser-safe: the URL parser does the mapping, no `node:` module.
 */

// The package, not Node's deprecated built-in module of the same name (the path picks the package).
import punycode from 'punycode/punycode.js';

/** The Unicode of a Punycode label (the part after `xn--`); undefined when it is not valid Punycode. */
export const decodePunycode = (input: string): string | undefined => {
  try {
    return punycode.decode(input);
  } catch {
    return undefined;
  }
};

/** The host name the URL parser makes of `domain` (UTS #46 to ASCII), or undefined if it refuses it. */
const hostnameOf = (domain: string) => {
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return undefined;
  }
};

/**
 * Characters that end or change a URL's host (`/`, `?`, `#`, `:`, `@`, `%`-escapes, IPv6 brackets,
 * `\`): given inside a domain they would make the parser read another host than the text says.
 */
const urlSyntax = /[#%/:?@[\\\]]/;

export type EmailDomain = {
  /** IDNA ASCII form, lowercase: `xn--bcher-kva.example`. */
  ascii: string;
  /** The same domain in Unicode (what addresses are stored and shown with): `bücher.example`. */
  unicode: string;
};

/**
 * An email domain in its two canonical forms, or undefined when it names no domain mail can be
 * delivered to: one the URL parser refuses (`bad-.xn--zz`, a numeric top-level label such as
 * `example.123`), an IP address, or an empty label (`example.com.`, `a..b.com`, `.example.com`:
 * the trailing dot of a fully qualified name is one no mail system takes in an address).
 */
export const parseEmailDomain = (domain: string): EmailDomain | undefined => {
  if (urlSyntax.test(domain) || /[\s\p{Cc}]/u.test(domain)) {
    return undefined;
  }
  const ascii = hostnameOf(domain);
  if (!ascii?.includes('.') || ascii.split('.').includes('') || /^[\d.]+$/.test(ascii)) {
    return undefined;
  }
  const labels = ascii.split('.').map((label) => (label.startsWith('xn--') ? decodePunycode(label.slice(4)) : label));
  if (labels.some((label) => !label)) {
    return undefined;
  }
  const unicode = labels.join('.');
  // An `xn--` label must be the ASCII form of what it decodes to (one spelling each way).
  return hostnameOf(unicode) === ascii ? { ascii, unicode } : undefined;
};

const split = (email: string) => {
  const at = email.lastIndexOf('@');
  return at > 0 ? { local: email.slice(0, at), domain: parseEmailDomain(email.slice(at + 1)) } : undefined;
};

/**
 * The one spelling of an address kept and compared: the local part as typed, `@`, the domain in its
 * canonical Unicode form. Undefined when the domain is none mail can be delivered to (see
 * parseEmailDomain).
 */
export const canonicalEmail = (email: string): string | undefined => {
  const parts = split(email);
  return parts?.domain && `${parts.local}@${parts.domain.unicode}`;
};

/** The address with its domain in IDNA ASCII form (`user@xn--bcher-kva.example`), as DNS and mail relays see it. */
export const asciiEmail = (email: string): string | undefined => {
  const parts = split(email);
  return parts?.domain && `${parts.local}@${parts.domain.ascii}`;
};

/**
 * The spellings an address may be stored with, for lookups: as given, canonical, and with the ASCII
 * domain. Addresses stored before canonicalisation may have either domain form; both name the same
 * mailbox as the canonical one.
 */
export const emailSpellings = (email: string): string[] => [...new Set([email, canonicalEmail(email) ?? email, asciiEmail(email) ?? email])];

/** How an address is compared (codes, lockouts): canonical where it has a canonical form, then case-folded. */
export const emailKey = (email: string) => (canonicalEmail(email) ?? email).toLowerCase();
