import type { SigningKeyAlgorithm } from '@gatehouse/schemas';
import { jsonb, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * Token signing keys (`private-keys`) and cookie-signing keys (`cookie-keys`) of a tenant's OIDC
 * provider. The newest key of a type is current; older ones stay until deleted so that what they
 * signed keeps verifying. `secret` is sealed: a PKCS#8 PEM or a random cookie key.
 */
export const oidcKeys = pgTable(
  'oidc_keys',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 64 }).notNull(),
    type: varchar('type', { length: 16 }).$type<'private-keys' | 'cookie-keys'>().notNull(),
    algorithm: varchar('algorithm', { length: 16 }).$type<SigningKeyAlgorithm>(),
    secret: text('secret').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolationPolicy('oidc_keys')],
);
