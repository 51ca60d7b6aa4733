import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

import { tenantIdColumn, tenantIsolationPolicy } from '../db/tenant-table.js';
import { tenants } from '../modules/tenants/tenants.table.js';

/** Storage for oidc-provider models (sessions, grants, codes, refresh tokens, interactions…). */
export const oidcModelInstances = pgTable(
  'oidc_model_instances',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    modelName: varchar('model_name', { length: 64 }).notNull(),
    id: varchar('id', { length: 128 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, precision: 3, mode: 'date' }),
    // Lookup keys copied out of the payload: under row-level security only plain columns compared
    // with `=` can use an index (jsonb `->>` is not leakproof).
    uid: varchar('uid').generatedAlwaysAs(sql`(payload->>'uid')`),
    userCode: varchar('user_code').generatedAlwaysAs(sql`(payload->>'userCode')`),
    grantId: varchar('grant_id').generatedAlwaysAs(sql`(payload->>'grantId')`),
    accountId: varchar('account_id').generatedAlwaysAs(sql`(payload->>'accountId')`),
    clientId: varchar('client_id').generatedAlwaysAs(sql`(payload->>'clientId')`),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.modelName, t.id] }),
    // Partial: a key only some models have (uid: sessions, userCode: device codes) is indexed only
    // where present. Besides keeping these indexes small and off most writes, it keeps the planner
    // from reading a lookup by id through one of them: (tenant_id, model_name, …) is a prefix they
    // share with the primary key, and a small index on a churning table can look cheaper.
    index('oidc_model_instances_uid').on(t.tenantId, t.modelName, t.uid).where(sql`${t.uid} is not null`),
    index('oidc_model_instances_user_code').on(t.tenantId, t.modelName, t.userCode).where(sql`${t.userCode} is not null`),
    index('oidc_model_instances_grant_id').on(t.tenantId, t.grantId).where(sql`${t.grantId} is not null`),
    index('oidc_model_instances_account_id').on(t.tenantId, t.accountId).where(sql`${t.accountId} is not null`),
    index('oidc_model_instances_client_id').on(t.tenantId, t.clientId).where(sql`${t.clientId} is not null`),
    index('oidc_model_instances_expires_at').on(t.expiresAt),
    tenantIsolationPolicy('oidc_model_instances'),
  ],
);
