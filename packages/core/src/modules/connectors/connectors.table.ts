import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * A configured connector. `config` holds credentials (SMTP passwords, client secrets), so it is
 * stored sealed and only opened in memory.
 */
export const connectors = pgTable(
  'connectors',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 128 }).notNull(),
    /** The factory it was made from (`smtp`, `google`, …). */
    connectorId: varchar('connector_id', { length: 128 }).notNull(),
    type: varchar('type', { length: 16 }).notNull(),
    /** Social target (`google`, or the admin's own for generic OIDC/OAuth 2); email and SMS: the factory's (`smtp`). */
    target: varchar('target', { length: 128 }).notNull(),
    configSealed: text('config_sealed').notNull(),
    /** Overrides of the factory's name/logo (generic connectors). */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    syncProfile: boolean('sync_profile').notNull().default(false),
    enableTokenStorage: boolean('enable_token_storage').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One social connector per target; one email connector and one SMS connector, whatever their factory.
    uniqueIndex('connectors_target').on(t.tenantId, t.type, t.target),
    uniqueIndex('connectors_message_type').on(t.tenantId, t.type).where(sql`${t.type} <> 'Social'`),
    tenantIsolationPolicy('connectors'),
  ],
);

export const emailTemplates = pgTable(
  'email_templates',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    languageTag: varchar('language_tag', { length: 16 }).notNull(),
    templateType: varchar('template_type', { length: 32 }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('email_templates_language_type').on(t.tenantId, t.languageTag, t.templateType),
    tenantIsolationPolicy('email_templates'),
  ],
);
