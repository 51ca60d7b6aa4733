import { date, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

import { tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { tenants } from '../tenants/tenants.table.js';

/**
 * One row per user and UTC day on which the user was active, kept by a row trigger on `logs`
 * (migration 0014): a successful end of a sign-in or registration, or a token issued to the user
 * (authorization code, refresh, token exchange). Active-user figures count these rows instead of
 * reading every sign-in and token refresh of 60 days of logs.
 */
export const userActivityDays = pgTable(
  'user_activity_days',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: varchar('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.day, t.userId] }), tenantIsolationPolicy('user_activity_days')],
);
