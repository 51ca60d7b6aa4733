import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from './database.js';

/**
 * Deletes one tenant's rows of `table` that match `where`, `batchSize` at a time, each batch in its
 * own transaction; returns how many went. A purge after a long pause, or the first one under a
 * shorter retention period, can match millions of rows: one statement would hold them all locked
 * and hand every deleted row back to the process at once.
 *
 * `orderBy` is the indexed column `where` bounds. Unordered, the planner may choose to scan the
 * whole table expecting to meet matches early, and the last, short batch of every purge (finding
 * fewer than a batch) then reads all of it.
 */
export const deleteInBatches = async (
  database: Database,
  tenantId: string,
  table: PgTable,
  where: SQL,
  orderBy: PgColumn,
  batchSize = 10_000,
) => {
  let deleted = 0;
  for (;;) {
    const batch = await database.withTenant(tenantId, async (tx) => {
      const result = (await tx.execute(
        sql`delete from ${table} where ctid = any(array(select ctid from ${table} where ${where} order by ${orderBy} limit ${batchSize})) returning 1`,
      )) as unknown as { rows: unknown[] };
      return result.rows.length;
    });
    deleted += batch;
    if (batch < batchSize) {
      return deleted;
    }
  }
};
