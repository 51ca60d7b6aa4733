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
    // Filterable copies of payload fields. Row-level security keeps the planner from using an index
    // on a jsonb expression (`->>` is not leakproof); plain columns compared with `=` are indexable.
    userId: varchar('user_id').generatedAlwaysAs(sql`(payload->>'userId')`),
    applicationId: varchar('application_id').generatedAlwaysAs(sql`(payload->>'applicationId')`),
    result: varchar('result').generatedAlwaysAs(sql`(payload->>'result')`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('logs_tenant_created_at').on(t.tenantId, t.createdAt, t.id),
    index('logs_tenant_key_created_at').on(t.tenantId, t.key, t.createdAt),
    // Partial: many entries concern no user or no application, and those need no index entry.
    index('logs_tenant_user_id').on(t.tenantId, t.userId, t.createdAt).where(sql`${t.userId} is not null`),
    index('logs_tenant_application_id').on(t.tenantId, t.applicationId, t.createdAt).where(sql`${t.applicationId} is not null`),
    // Errors alone: a `result=Error` filter otherwise reads every entry, newest first, to find a few.
    index('logs_tenant_errors').on(t.tenantId, t.createdAt).where(sql`${t.result} = 'Error'`),
    tenantIsolationPolicy('logs'),
  ],
);
