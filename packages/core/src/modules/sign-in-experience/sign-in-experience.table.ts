import { boolean, foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();

/**
 * One sign-in experience per tenant, stored as the document the API shows. A tenant without a row
 * has the defaults; fields added in later versions read as their defaults too.
 */
export const signInExperiences = pgTable(
  'sign_in_experiences',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId] }), tenantIsolationPolicy('sign_in_experiences')],
);

/** Per-language overrides of the hosted pages' texts. */
export const customPhrases = pgTable(
  'custom_phrases',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    languageTag: varchar('language_tag', { length: 16 }).notNull(),
    translation: jsonb('translation').$type<Record<string, string>>().notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.languageTag] }), tenantIsolationPolicy('custom_phrases')],
);

export const customProfileFields = pgTable(
  'custom_profile_fields',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    label: varchar('label', { length: 128 }).notNull().default(''),
    description: varchar('description', { length: 256 }),
    required: boolean('required').notNull().default(false),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    sieOrder: integer('sie_order').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('custom_profile_fields_name').on(t.tenantId, t.name),
    tenantIsolationPolicy('custom_profile_fields'),
  ],
);

/** The tenant's captcha provider; the whole config (with the secret key) is sealed. */
export const captchaProviders = pgTable(
  'captcha_providers',
  {
    tenantId: tenantIdColumn(),
    id: varchar('id', { length: 21 }).notNull(),
    type: varchar('type', { length: 32 }).notNull(),
    configSealed: text('config_sealed').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId] }),
    foreignKey({ columns: [t.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    tenantIsolationPolicy('captcha_providers'),
  ],
);
