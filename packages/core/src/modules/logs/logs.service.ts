import type { Log, PaginationQuery } from '@gatehouse/schemas';
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';

import { notFound } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Database, Tx } from '../../db/database.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { logs } from './logs.table.js';

const toLog = (row: typeof logs.$inferSelect): Log => ({
  id: row.id,
  key: row.key,
  payload: row.payload,
  createdAt: row.createdAt.getTime(),
});

export type LogFilter = {
  userId?: string;
  applicationId?: string;
  logKey?: string;
  result?: 'Success' | 'Error';
  startTime?: number;
  endTime?: number;
};

/** How many entries a list counts: its page numbers reach the newest this many, a time filter the rest. */
export const logCountLimit = 10_000;

// Literals, not parameters: a plan made for any value could not use the partial index on errors.
const resultIs = { Success: sql`${logs.result} = 'Success'`, Error: sql`${logs.result} = 'Error'` };

const filterWhere = (filter: LogFilter) =>
  and(
    filter.userId ? eq(logs.userId, filter.userId) : undefined,
    filter.applicationId ? eq(logs.applicationId, filter.applicationId) : undefined,
    filter.logKey ? eq(logs.key, filter.logKey) : undefined,
    filter.result ? resultIs[filter.result] : undefined,
    filter.startTime === undefined ? undefined : gte(logs.createdAt, new Date(filter.startTime)),
    filter.endTime === undefined ? undefined : lt(logs.createdAt, new Date(filter.endTime)),
  );

/**
 * Entries matching `filter`, counted up to one past the limit; unprepared, so a test can ask
 * PostgreSQL how it runs it. Newest first, as every index of the logs is ordered after its equality
 * columns: unordered, the planner may pick a scan of the whole table, expecting to stop early, and
 * read all of it for a tenant with few entries.
 */
export const countMatches = (tx: Tx, filter: LogFilter) =>
  tx
    .select({ matches: count() })
    .from(tx.select({ one: sql`1` }).from(logs).where(filterWhere(filter)).orderBy(desc(logs.createdAt)).limit(logCountLimit + 1).as('matched'));

export const listLogsPage = (scope: TenantScope, filter: LogFilter, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    const { limit, offset } = pageWindow(page);
    const [{ matches } = { matches: 0 }] = await countMatches(tx, filter);
    const total = Math.min(matches, logCountLimit);
    // A page past the counted entries is refused (page out of range): nothing to read for it.
    const rows =
      offset >= total ? [] : await tx.select().from(logs).where(filterWhere(filter)).orderBy(desc(logs.createdAt), desc(logs.id)).limit(limit).offset(offset);
    return { total, totalCapped: matches > logCountLimit, items: rows.map(toLog) };
  });

export const getLog = async (scope: TenantScope, id: string) => {
  const [row] = await scope.transaction((tx) => tx.select().from(logs).where(eq(logs.id, id)));
  if (!row) {
    throw notFound('log', id);
  }
  return toLog(row);
};

/** Deletes logs older than the retention period, tenant by tenant. */
export const purgeOldLogs = async (database: Database, tenantIds: Iterable<string>, retentionDays: number, batchSize?: number) => {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  let purged = 0;
  for (const tenantId of tenantIds) {
    purged += await deleteInBatches(database, tenantId, logs, lt(logs.createdAt, cutoff), logs.createdAt, batchSize);
  }
  return purged;
};
