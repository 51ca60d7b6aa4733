import type { PasswordEncryptionMethod, UserProfile } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    uniqueIndex('users_tenant_username').on(t.tenantId, sql`lower(${t.username})`),
    uniqueIndex('users_tenant_primary_email').on(t.tenantId, sql`lower(${t.primaryEmail})`),
    uniqueIndex('users_tenant_primary_phone').on(t.tenantId, t.primaryPhone),
    // Lists sort by these; the id breaks ties so pages never overlap.
    index('users_tenant_created_at').on(t.tenantId, t.createdAt, t.id),
    index('users_tenant_last_sign_in_at').on(t.tenantId, t.lastSignInAt, t.id),
    // Substring search (ILIKE '%term%') through trigram indexes.
    index('users_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
    index('users_primary_email_trgm').using('gin', t.primaryEmail.op('gin_trgm_ops')),
    index('users_primary_phone_trgm').using('gin', t.primaryPhone.op('gin_trgm_ops')),
    index('users_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    // Social sign-in finds the user by `identities @> {"target": {"userId": …}}`.
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
