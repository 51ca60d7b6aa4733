import { type EmailBlocklistPolicy, parseEmailDomain } from '@gatehouse/schemas';
import MailChecker from 'mailchecker';

import { ApiError } from '../../app/errors.js';

const disposableDomains = MailChecker.blacklist();

/**
 * The domain mail is delivered to, in one spelling: the ASCII form of the canonical domain that
 * account addresses are kept with (`ＥＸＡＭＰＬＥ.com`, `bücher.example` and `xn--bcher-kva.example`
 * are each one domain; see parseEmailDomain), which is also how the list of throwaway domains spells
 * them. A list entry written as a fully qualified name (`@example.com.`) counts without its dot; text
 * that is no deliverable domain is compared lowercase as written.
 */
const canonicalDomain = (domain: string) => {
  const bare = domain.replace(/\.+$/, '');
  return parseEmailDomain(bare)?.ascii ?? bare.toLowerCase();
};

/** `local@domain` with the domain canonical and the local part lowercase. */
const canonicalAddress = (email: string) => {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at).toLowerCase(), domain: canonicalDomain(address.slice(at + 1)) };
};

/** The domain or one of its parent domains is on the maintained list of throwaway-mail domains. */
const isDisposable = (domain: string) => {
  const labels = domain.split('.');
  return labels.some((_label, index) => disposableDomains.has(labels.slice(index).join('.')));
};

/** A custom blocklist entry: a whole address, or `@domain` for the domain and its subdomains. */
const isListed = (entry: string, { local, domain }: ReturnType<typeof canonicalAddress>) => {
  if (entry.startsWith('@')) {
    const blocked = canonicalDomain(entry.slice(1));
    return domain === blocked || domain.endsWith(`.${blocked}`);
  }
  const blocked = canonicalAddress(entry);
  return local === blocked.local && domain === blocked.domain;
};

/**
 * Why the tenant's blocklist policy excludes an address, if it does: a disposable domain (the
 * maintained list of the `mailchecker` package), sub-addressing (`name+tag@`), or the custom list
 * (whole addresses, or `@domain` for a domain and its subdomains). Domains are compared in their
 * canonical form, so another spelling of a blocked domain is blocked too.
 */
export const emailBlockReason = (policy: EmailBlocklistPolicy, email: string): 'disposable' | 'subaddressing' | 'custom' | undefined => {
  const { local, domain } = canonicalAddress(email);
  if (policy.blockDisposableAddresses && isDisposable(domain)) {
    return 'disposable';
  }
  if (policy.blockSubaddressing && local.includes('+')) {
    return 'subaddressing';
  }
  if (policy.customBlocklist.some((entry) => isListed(entry, { local, domain }))) {
    return 'custom';
  }
  return undefined;
};

/** Refuses an address the tenant's blocklist policy excludes (422 `user.email_blocked`). */
export const assertEmailAllowed = (policy: EmailBlocklistPolicy, email: string) => {
  const reason = emailBlockReason(policy, email);
  if (reason) {
    throw new ApiError(422, 'user.email_blocked', { reason });
  }
};
