import type { Log, PaginationQuery } from '@gatehouse/schemas';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';

import { notFound } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Database } from '../../db/database.js';
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

export const listLogsPage = (scope: TenantScope, filter: LogFilter, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    const where = and(
      filter.userId ? eq(logs.userId, filter.userId) : undefined,
      filter.applicationId ? eq(logs.applicationId, filter.applicationId) : undefined,
      filter.logKey ? eq(logs.key, filter.logKey) : undefined,
      filter.result ? eq(logs.result, filter.result) : undefined,
      filter.startTime === undefined ? undefined : gte(logs.createdAt, new Date(filter.startTime)),
      filter.endTime === undefined ? undefined : lt(logs.createdAt, new Date(filter.endTime)),
    );
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(logs).where(where);
    const rows = await tx.select().from(logs).where(where).orderBy(desc(logs.createdAt), desc(logs.id)).limit(limit).offset(offset);
    return { total, items: rows.map(toLog) };
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
    purged += await deleteInBatches(database, tenantId, logs, lt(logs.createdAt, cutoff), batchSize);
  }
  return purged;
};
