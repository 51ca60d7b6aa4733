import type { RoleType } from '@gatehouse/schemas';
import { bigint, boolean, foreignKey, index, pgTable, primaryKey, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { applications } from '../applications/applications.table.js';
import { scopes } from '../resources/resources.table.js';
import { tenants } from '../tenants/tenants.table.js';
import { users } from '../users/users.table.js';

export const roles = pgTable(
  'roles',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    name: varchar('name', { length: 128 }).notNull(),
    description: varchar('description', { length: 128 }).notNull(),
    type: varchar('type', { length: 32 }).$type<RoleType>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** The management role: listed, but protected from deletion. */
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('roles_tenant_name').on(t.tenantId, t.name),
    tenantIsolationPolicy('roles'),
  ],
);

export const rolesScopes = pgTable(
  'roles_scopes',
  {
    tenantId: tenantIdColumn(),
    roleId: varchar('role_id', { length: 21 }).notNull(),
    scopeId: varchar('scope_id', { length: 21 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.roleId, t.scopeId] }),
    index('roles_scopes_scope').on(t.tenantId, t.scopeId),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.scopeId], foreignColumns: [scopes.tenantId, scopes.id] }).onDelete('cascade'),
    tenantIsolationPolicy('roles_scopes'),
  ],
);

export const applicationsRoles = pgTable(
  'applications_roles',
  {
    tenantId: tenantIdColumn(),
    applicationId: varchar('application_id', { length: 21 }).notNull(),
    roleId: varchar('role_id', { length: 21 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.applicationId, t.roleId] }),
    index('applications_roles_role').on(t.tenantId, t.roleId),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    tenantIsolationPolicy('applications_roles'),
  ],
);

export const usersRoles = pgTable(
  'users_roles',
  {
    tenantId: tenantIdColumn(),
    userId: varchar('user_id', { length: 12 }).notNull(),
    roleId: varchar('role_id', { length: 21 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.roleId] }),
    index('users_roles_role').on(t.tenantId, t.roleId, t.userId),
    foreignKey({ columns: [t.tenantId, t.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    tenantIsolationPolicy('users_roles'),
  ],
);

/**
 * Holders of each role, kept by statement triggers on `users_roles` (migration 0013): the role list
 * and a role's user list answer their counts without counting a default role's million holders.
 * Slots as in userCounts; the count is the sum of a role's slots.
 */
export const roleUserCounts = pgTable(
  'role_user_counts',
  {
    tenantId: tenantIdColumn(),
    roleId: varchar('role_id', { length: 21 }).notNull(),
    slot: smallint('slot').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.roleId, t.slot] }), tenantIsolationPolicy('role_user_counts')],
);
