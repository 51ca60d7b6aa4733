import { lt, sql } from 'drizzle-orm';

import type { Database } from '../db/database.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { oidcModelInstances } from './oidc-model-instances.table.js';

/** Deletes expired sessions, codes, grants and tokens of each tenant; returns how many went. */
export const purgeExpiredOidcRows = async (database: Database, tenantIds: Iterable<string>, batchSize?: number): Promise<number> => {
  let purged = 0;
  for (const tenantId of tenantIds) {
    purged += await deleteInBatches(database, tenantId, oidcModelInstances, lt(oidcModelInstances.expiresAt, sql`now()`), oidcModelInstances.expiresAt, batchSize);
  }
  return purged;
};

/**
 * Runs a purge (by default of expired OIDC rows) every `intervalMs` in the background. Every process may run it: deleting an
 * already deleted row is a no-op. The timer does not keep the process alive.
 */
export const schedulePurge = (
  database: Database,
  tenantIds: () => Promise<Iterable<string>>,
  onError: (error: unknown) => void,
  intervalMs = 10 * 60 * 1000,
  purge: (ids: Iterable<string>) => Promise<number> = (ids) => purgeExpiredOidcRows(database, ids),
) => {
  const timer = setInterval(() => {
    tenantIds().then(purge).catch(onError);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
};
