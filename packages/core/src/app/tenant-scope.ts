import type { SecretBox } from '../crypto/secret-box.js';
import type { Tx } from '../db/database.js';

/**
 * What a service needs to act inside one tenant: a transaction with the tenant set for row-level
 * security, the secret box, and a way to tell every process that the tenant's OIDC view changed.
 */
export type TenantScope = {
  tenantId: string;
  box: SecretBox;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** The tenant set, no transaction: each statement commits alone (one round trip instead of three). */
  autocommit: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** Call after committing a change to clients, resources, scopes, roles or keys. */
  invalidate: () => Promise<void>;
};
