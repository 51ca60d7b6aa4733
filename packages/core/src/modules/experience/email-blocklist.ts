import type { EmailBlocklistPolicy } from '@gatehouse/schemas';
import MailChecker from 'mailchecker';

import { ApiError } from '../../app/errors.js';

/**
 * Refuses an address the tenant's blocklist policy excludes: a disposable domain (the maintained
 * list of the `mailchecker` package), sub-addressing (`name+tag@`), or the custom list (whole
 * addresses, or `@domain` for a domain and its subdomains).
 */
export const assertEmailAllowed = (policy: EmailBlocklistPolicy, email: string) => {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (policy.blockDisposableAddresses && !MailChecker.isValid(address)) {
    throw new ApiError(422, 'user.email_blocked', { reason: 'disposable' });
  }
  if (policy.blockSubaddressing && local.includes('+')) {
    throw new ApiError(422, 'user.email_blocked', { reason: 'subaddressing' });
  }
  for (const entry of policy.customBlocklist) {
    const blocked = entry.toLowerCase();
    const hit = blocked.startsWith('@') ? domain === blocked.slice(1) || domain.endsWith(`.${blocked.slice(1)}`) : address === blocked;
    if (hit) {
      throw new ApiError(422, 'user.email_blocked', { reason: 'custom' });
    }
  }
};
