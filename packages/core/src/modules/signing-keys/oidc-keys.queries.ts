import { desc, eq } from 'drizzle-orm';

import type { SecretBox } from '../../crypto/secret-box.js';
import type { Queryable } from '../../db/database.js';
import { oidcKeys } from './oidc-keys.table.js';
import { generateCookieKey, generateSigningKey } from './key-material.js';
import type { SigningKeyAlgorithm } from '@gatehouse/schemas';

export type OidcKeyType = 'private-keys' | 'cookie-keys';

/** Seal context: binds a sealed key to its tenant and key id. */
export const keySealContext = (tenantId: string, keyId: string) => `oidc_keys:${tenantId}:${keyId}`;

export const listKeys = (tx: Queryable, type: OidcKeyType) =>
  tx.select().from(oidcKeys).where(eq(oidcKeys.type, type)).orderBy(desc(oidcKeys.createdAt), desc(oidcKeys.id));

export const insertSigningKey = async (
  tx: Queryable,
  box: SecretBox,
  tenantId: string,
  algorithm: SigningKeyAlgorithm,
) => {
  const key = generateSigningKey(algorithm);
  const [row] = await tx
    .insert(oidcKeys)
    .values({
      tenantId,
      id: key.id,
      type: 'private-keys',
      algorithm,
      secret: box.seal(key.privatePem, keySealContext(tenantId, key.id)),
      publicJwk: key.publicJwk as Record<string, unknown>,
    })
    .returning();
  return row!;
};

export const insertCookieKey = async (tx: Queryable, box: SecretBox, tenantId: string) => {
  const key = generateCookieKey();
  const [row] = await tx
    .insert(oidcKeys)
    .values({ tenantId, id: key.id, type: 'cookie-keys', secret: box.seal(key.secret, keySealContext(tenantId, key.id)) })
    .returning();
  return row!;
};
