import type { LogPayload } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

export const logs = pgTable(
  'logs',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    key: varchar('key', { length: 128 }).notNull(),
    payload: jsonb('payload').$type<LogPayload>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('logs_tenant_created_at').on(t.tenantId, t.createdAt, t.id),
    index('logs_tenant_key_created_at').on(t.tenantId, t.key, t.createdAt),
    index('logs_tenant_user_id').on(t.tenantId, sql`(payload->>'userId')`, t.createdAt),
    index('logs_tenant_application_id').on(t.tenantId, sql`(payload->>'applicationId')`, t.createdAt),
    tenantIsolationPolicy('logs'),
  ],
);
