import { pgTable, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn } from '../../db/tenant-table.js';

/** System table: one row per tenant. Not tenant-owned, so it has no row-level policy. */
export const tenants = pgTable('tenants', {
  id: varchar('id', { length: 21 }).primaryKey(),
  name: varchar('name', { length: 128 }).notNull(),
  tag: varchar('tag', { length: 32 }).notNull().default('development'),
  createdAt: createdAtColumn(),
});
