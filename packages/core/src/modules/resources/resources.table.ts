import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

export const resources = pgTable(
  'resources',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    indicator: varchar('indicator', { length: 256 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    accessTokenTtl: integer('access_token_ttl').notNull().default(3600),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('resources_tenant_indicator').on(t.tenantId, t.indicator),
    uniqueIndex('resources_tenant_single_default').on(t.tenantId).where(sql`is_default`),
    tenantIsolationPolicy('resources'),
  ],
);

export const scopes = pgTable(
  'scopes',
  {
    tenantId: tenantIdColumn(),
    id: varchar('id', { length: 21 }).notNull(),
    resourceId: varchar('resource_id', { length: 21 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    description: text('description'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('scopes_tenant_resource_name').on(t.tenantId, t.resourceId, t.name),
    foreignKey({ columns: [t.tenantId, t.resourceId], foreignColumns: [resources.tenantId, resources.id] }).onDelete(
      'cascade',
    ),
    tenantIsolationPolicy('scopes'),
  ],
);
