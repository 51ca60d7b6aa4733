import type { SigningKeyAlgorithm, SigningKeyInfo } from '@gatehouse/schemas';
import { and, eq } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { insertCookieKey, insertSigningKey, listKeys, type OidcKeyType } from './oidc-keys.queries.js';
import { oidcKeys } from './oidc-keys.table.js';

type KeyRow = typeof oidcKeys.$inferSelect;

const toInfo = (row: KeyRow, index: number): SigningKeyInfo => ({
  id: row.id,
  createdAt: row.createdAt.getTime(),
  status: index === 0 ? 'current' : 'previous',
  ...(row.type === 'private-keys'
    ? { signingKeyAlgorithm: row.algorithm ?? undefined, publicJwk: row.publicJwk ?? undefined }
    : {}),
});

/** Public view of a tenant's keys, newest (current) first. Private parts never leave the server. */
export const listOidcKeys = async (scope: TenantScope, type: OidcKeyType) =>
  (await scope.transaction((tx) => listKeys(tx, type))).map(toInfo);

/** Adds a new current key; earlier keys stay published so what they signed keeps verifying. */
export const rotateOidcKeys = async (scope: TenantScope, type: OidcKeyType, algorithm: SigningKeyAlgorithm) => {
  const keys = await scope.transaction(async (tx) => {
    await (type === 'private-keys'
      ? insertSigningKey(tx, scope.box, scope.tenantId, algorithm)
      : insertCookieKey(tx, scope.box, scope.tenantId));
    return listKeys(tx, type);
  });
  await scope.invalidate();
  return keys.map(toInfo);
};

export const deleteOidcKey = async (scope: TenantScope, type: OidcKeyType, keyId: string) => {
  await scope.transaction(async (tx) => {
    const keys = await listKeys(tx, type);
    const index = keys.findIndex((key) => key.id === keyId);
    if (index < 0) {
      throw notFound('key', keyId);
    }
    if (index === 0) {
      throw new ApiError(422, 'oidc_key.cannot_delete_current');
    }
    await tx.delete(oidcKeys).where(and(eq(oidcKeys.type, type), eq(oidcKeys.id, keyId)));
  });
  await scope.invalidate();
};
