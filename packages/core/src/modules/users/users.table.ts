import type { PasswordEncryptionMethod, UserProfile } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

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
    tenantIsolationPolicy('users'),
  ],
);
