import type { PasswordEncryptionMethod, UserProfile } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

export type UserIdentities = Record<string, { userId: string; details?: Record<string, unknown> }>;

export const users = pgTable(
  'users',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 12 }).notNull(),
    username: varchar('username', { length: 128 }),
    primaryEmail: varchar('primary_email', { length: 128 }),
    primaryPhone: varchar('primary_phone', { length: 128 }),
    // Case-folded identifiers for lookups. Row-level security keeps the planner from using an index
    // on lower(column) (lower() is not leakproof); a plain column compared with `=` is indexable.
    usernameLower: varchar('username_lower').generatedAlwaysAs(sql`lower(username)`),
    primaryEmailLower: varchar('primary_email_lower').generatedAlwaysAs(sql`lower(primary_email)`),
    nameLower: varchar('name_lower').generatedAlwaysAs(sql`lower(name)`),
    // Every searchable field, case-folded, joined by the unit separator (U+001F, which search terms
    // cannot hold): one trigram index answers a substring search over all of them.
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(username, '') || chr(31) || coalesce(primary_email, '') || chr(31) || coalesce(primary_phone, '') || chr(31) || coalesce(name, ''))`,
    ),
    passwordEncrypted: text('password_encrypted'),
    passwordEncryptionMethod: varchar('password_encryption_method', { length: 32 }).$type<PasswordEncryptionMethod>(),
    name: varchar('name', { length: 128 }),
    avatar: varchar('avatar', { length: 2048 }),
    profile: jsonb('profile').$type<UserProfile>().notNull().default({}),
    applicationId: varchar('application_id', { length: 21 }),
    identities: jsonb('identities').$type<UserIdentities>().notNull().default({}),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
    /** Internal per-user settings (not shown to the user). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    mfaVerifications: jsonb('mfa_verifications').$type<Record<string, unknown>[]>().notNull().default([]),
    isSuspended: boolean('is_suspended').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, precision: 3, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // Identifiers are unique per tenant; email and username case-insensitively.
    uniqueIndex('users_tenant_username').on(t.tenantId, t.usernameLower),
    uniqueIndex('users_tenant_primary_email').on(t.tenantId, t.primaryEmailLower),
    uniqueIndex('users_tenant_primary_phone').on(t.tenantId, t.primaryPhone),
    // Lists sort by these; the id breaks ties so pages never overlap. users_tenant_created_at also
    // INCLUDEs search_text (migration 0010, by hand: drizzle-kit cannot express INCLUDE).
    index('users_tenant_created_at').on(t.tenantId, t.createdAt, t.id),
    // Newest sign-in first, never-signed-in last; read backwards for the opposite order.
    index('users_tenant_last_sign_in_at').on(t.tenantId, t.lastSignInAt.desc().nullsLast(), t.id.desc()),
    // Searches of three characters or more (LIKE '%term%') go through one trigram index; shorter
    // ones match the start of a field (LIKE 'te%') through the pattern indexes. Both are queried by
    // the functions of migration 0010, because row-level security hides them from the planner.
    index('users_search_text_trgm').using('gin', t.searchText.op('gin_trgm_ops')),
    index('users_tenant_username_prefix').on(t.tenantId, t.usernameLower.op('varchar_pattern_ops')),
    index('users_tenant_primary_email_prefix').on(t.tenantId, t.primaryEmailLower.op('varchar_pattern_ops')),
    index('users_tenant_primary_phone_prefix').on(t.tenantId, t.primaryPhone.op('varchar_pattern_ops')),
    index('users_tenant_name_prefix').on(t.tenantId, t.nameLower.op('varchar_pattern_ops')),
    // Social sign-in finds the user by `identities @> {"target": {"userId": …}}`, through
    // gatehouse_user_ids_by_identity() (migration 0008) for the same reason.
    index('users_identities').using('gin', t.identities.op('jsonb_path_ops')),
    tenantIsolationPolicy('users'),
  ],
);

/** Enterprise SSO identities: one per (issuer, subject) in a tenant, deleted with their user. */
export const userSsoIdentities = pgTable(
  'user_sso_identities',
  {
    tenantId: tenantIdColumn(),
    id: varchar('id', { length: 21 }).notNull(),
    userId: varchar('user_id', { length: 12 }).notNull(),
    ssoConnectorId: varchar('sso_connector_id', { length: 128 }).notNull(),
    issuer: varchar('issuer', { length: 256 }).notNull(),
    identityId: varchar('identity_id', { length: 128 }).notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('user_sso_identities_issuer_identity').on(t.tenantId, t.issuer, t.identityId),
    index('user_sso_identities_user').on(t.tenantId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    tenantIsolationPolicy('user_sso_identities'),
  ],
);

/**
 * Users per tenant, kept by statement triggers on `users` (migration 0007) so an unfiltered list
 * answers Total-Number without counting a million rows. Spread over 16 slots chosen at random, so
 * concurrent sign-ups do not queue on one row; the count is the sum of the slots.
 */
export const userCounts = pgTable(
  'user_counts',
  {
    tenantId: tenantIdColumn(),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.slot] }), tenantIsolationPolicy('user_counts')],
);

/**
 * Users per creation day (`level` 0) and minute (`level` 1), kept by the same triggers as
 * userCounts: a page number deep in the newest- or oldest-first list is found by summing these
 * instead of skipping half a million index entries. Bucket times are UTC; slots as in userCounts.
 */
export const userCreatedBuckets = pgTable(
  'user_created_buckets',
  {
    tenantId: tenantIdColumn(),
    level: smallint('level').notNull(),
    bucket: timestamp('bucket', { withTimezone: false, precision: 0, mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.level, t.bucket, t.slot] }), tenantIsolationPolicy('user_created_buckets')],
);

/**
 * Tokens a social provider issued at sign-in, kept (sealed) when the connector enables token
 * storage, so the tenant's backend can call the provider's API for the user.
 */
export const userSocialTokenSets = pgTable(
  'user_social_token_sets',
  {
    tenantId: tenantIdColumn(),
    userId: varchar('user_id', { length: 12 }).notNull(),
    target: varchar('target', { length: 128 }).notNull(),
    connectorId: varchar('connector_id', { length: 128 }).notNull(),
    tokenSetSealed: text('token_set_sealed').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.target] }),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    tenantIsolationPolicy('user_social_token_sets'),
  ],
);
