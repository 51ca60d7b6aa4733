import type {
  ApplicationType,
  CustomClientMetadata,
  OidcClientMetadata,
  ProtectedAppMetadata,
} from '@gatehouse/schemas';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

export const applications = pgTable(
  'applications',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    /** The client secret oidc-provider knows, sealed. Never shown: callers use application secrets. */
    secret: text('secret').notNull(),
    description: text('description'),
    type: varchar('type', { length: 32 }).$type<ApplicationType>().notNull(),
    oidcClientMetadata: jsonb('oidc_client_metadata').$type<OidcClientMetadata>().notNull(),
    customClientMetadata: jsonb('custom_client_metadata').$type<CustomClientMetadata>().notNull(),
    protectedAppMetadata: jsonb('protected_app_metadata').$type<ProtectedAppMetadata>(),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
    isThirdParty: boolean('is_third_party').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('applications_tenant_created_at').on(t.tenantId, t.createdAt),
    tenantIsolationPolicy('applications'),
  ],
);

/** Secrets a confidential client may authenticate with; each may expire. Values are sealed. */
export const applicationSecrets = pgTable(
  'application_secrets',
  {
    tenantId: tenantIdColumn(),
    applicationId: varchar('application_id', { length: 21 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.applicationId, t.name] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    tenantIsolationPolicy('application_secrets'),
  ],
);
