import { maxLockoutMinutes } from '@gatehouse/schemas';
import { lt, sql } from 'drizzle-orm';

import type { Database } from '../../db/database.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { sentinelActivities, verificationCodes } from './experience.table.js';

/**
 * Deletes, tenant by tenant, the sign-in records nothing reads any more: verification codes past
 * the hour their sending is counted in (they name the address they went to), and password and code
 * attempts older than the longest lockout. Returns how many rows went.
 */
export const purgeSignInRecords = async (database: Database, tenantIds: Iterable<string>, batchSize?: number): Promise<number> => {
  let purged = 0;
  for (const tenantId of tenantIds) {
    purged += await deleteInBatches(database, tenantId, verificationCodes, lt(verificationCodes.expiresAt, sql`now() - interval '1 hour'`), verificationCodes.expiresAt, batchSize);
    purged += await deleteInBatches(
      database,
      tenantId,
      sentinelActivities,
      lt(sentinelActivities.createdAt, sql`now() - make_interval(mins => ${maxLockoutMinutes})`),
      sentinelActivities.createdAt,
      batchSize,
    );
  }
  return purged;
};
