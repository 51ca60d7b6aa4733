import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: 'date' });

/**
 * One-time codes sent by email or SMS. Only a hash of the code is kept; a new code for the same
 * identifier and use replaces the previous one.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    /** `email:a@b.c` or `phone:123`, lower-cased. */
    identifier: varchar('identifier', { length: 140 }).notNull(),
    usage: varchar('usage', { length: 32 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    tryCount: integer('try_count').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('verification_codes_identifier').on(t.tenantId, t.identifier, t.createdAt),
    index('verification_codes_expires_at').on(t.expiresAt),
    tenantIsolationPolicy('verification_codes'),
  ],
);

/**
 * Sentinel: failed and successful verification attempts per identifier (stored as a hash), and
 * the lockouts they caused.
 */
export const sentinelActivities = pgTable(
  'sentinel_activities',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    targetType: varchar('target_type', { length: 8 }).notNull(),
    /** SHA-256 of the identifier: lockouts work without keeping addresses in another table. */
    targetHash: varchar('target_hash', { length: 64 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    /** Success, Failed, Blocked (a lockout started), or Pending (being checked; counted meanwhile). */
    result: varchar('result', { length: 16 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sentinel_activities_target').on(t.tenantId, t.targetHash, t.createdAt),
    index('sentinel_activities_created_at').on(t.createdAt),
    tenantIsolationPolicy('sentinel_activities'),
  ],
);
