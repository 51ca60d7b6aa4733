import type { PasswordPolicyInput } from '@gatehouse/schemas';

import { api } from '../../api/client.js';
import { generatePassword } from '../../lib/password.js';

/** A password that fits the tenant's policy (read from the sign-in experience; the default policy if that fails). */
export const generateTenantPassword = async (): Promise<string> => {
  let policy: PasswordPolicyInput = {};
  try {
    policy = (await api.get<{ passwordPolicy?: PasswordPolicyInput }>('sign-in-exp')).passwordPolicy ?? {};
  } catch {
    policy = {};
  }
  return generatePassword(policy);
};
