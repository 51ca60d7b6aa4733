import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The role the server runs as. Not the tables' owner, so row-level security always applies. */
export const runtimeRoleName = 'gatehouse_app';
export const runtimeRole = pgRole(runtimeRoleName).existing();

/** Per-transaction setting that carries the request's tenant (see tenant-context.ts). */
export const tenantSetting = 'app.tenant_id';

export const tenantIdColumn = () => varchar('tenant_id', { length: 21 }).notNull();

/** Millisecond-precision timestamp column read back as a Date. */
export const createdAtColumn = () =>
  timestamp('created_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow();

/**
 * Row-level security: the runtime role sees and writes only rows of the tenant set for the current
 * transaction. Without a tenant set, `current_setting(..., true)` is NULL or empty and nothing matches.
 */
export const tenantIsolationPolicy = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: runtimeRole,
    using: sql`tenant_id = current_setting('app.tenant_id', true)`,
    withCheck: sql`tenant_id = current_setting('app.tenant_id', true)`,
  });
