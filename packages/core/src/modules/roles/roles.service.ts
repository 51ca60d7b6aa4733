import type { PaginationQuery, Role, RoleType } from '@gatehouse/schemas';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';
import type { EntityName } from '../../i18n/index.js';
import { toApplication } from '../applications/applications.queries.js';
import { applications } from '../applications/applications.table.js';
import { toScope } from '../resources/resources.service.js';
import { scopes } from '../resources/resources.table.js';
import { users } from '../users/users.table.js';
import { applicationsRoles, roles, rolesScopes, roleUserCounts, usersRoles } from './roles.table.js';

type RoleRow = typeof roles.$inferSelect;

export const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  isDefault: row.isDefault,
  isBuiltIn: row.isBuiltIn,
  createdAt: row.createdAt.getTime(),
});

const requireRole = async (tx: Tx, id: string, { editable = false } = {}) => {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id));
  if (!row) {
    throw notFound('role', id);
  }
  if (editable && row.isBuiltIn) {
    throw new ApiError(422, 'role.built_in_read_only');
  }
  return row;
};

/** Fails with the first id that does not exist, so nothing is half-assigned. */
const requireAll = async <T extends { id: string }>(rows: T[], ids: string[], entity: EntityName) => {
  const found = new Set(rows.map((row) => row.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing) {
    throw notFound(entity, missing);
  }
  return rows;
};

const nameConflict = (name: string) =>
  new ApiError(409, 'role.name_exists', { name }, [
    { path: 'body.name', code: 'duplicate', message: 'Already used by another role.' },
  ]);

const assertDefaultFits = (type: RoleType, isDefault: boolean | undefined) => {
  if (isDefault && type !== 'User') {
    throw new ApiError(422, 'role.default_needs_user_type');
  }
};

/** Users holding each of `roleIds`, from the trigger-kept counts (see roleUserCounts), not by counting them. */
export const countRoleUsers = async (tx: Tx, roleIds: string[]) =>
  new Map(
    roleIds.length === 0
      ? []
      : (
          await tx
            .select({ roleId: roleUserCounts.roleId, total: sql<string>`sum(${roleUserCounts.count})` })
            .from(roleUserCounts)
            .where(inArray(roleUserCounts.roleId, roleIds))
            .groupBy(roleUserCounts.roleId)
        ).map((row) => [row.roleId, Number(row.total)] as const),
  );

export const listRolesPage = (
  scope: TenantScope,
  filter: { search?: string; type?: RoleType },
  page: PaginationQuery,
) =>
  scope.transaction(async (tx) => {
    const where: SQL | undefined = and(
      filter.type ? eq(roles.type, filter.type) : undefined,
      filter.search
        ? or(ilike(roles.name, likePattern(filter.search)), ilike(roles.description, likePattern(filter.search)))
        : undefined,
    );
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(roles).where(where);
    const rows = await tx
      .select()
      .from(roles)
      .where(where)
      .orderBy(desc(roles.isBuiltIn), desc(roles.createdAt), asc(roles.id))
      .limit(limit)
      .offset(offset);
    const ids = rows.map((row) => row.id);
    const usersCount = await countRoleUsers(tx, ids);
    const applicationsCount = new Map(
      ids.length === 0
        ? []
        : (
            await tx
              .select({ roleId: applicationsRoles.roleId, total: count() })
              .from(applicationsRoles)
              .where(inArray(applicationsRoles.roleId, ids))
              .groupBy(applicationsRoles.roleId)
          ).map((row) => [row.roleId, row.total] as const),
    );
    return {
      total,
      items: rows.map((row) => ({ ...toRole(row), usersCount: usersCount.get(row.id) ?? 0, applicationsCount: applicationsCount.get(row.id) ?? 0 })),
    };
  });

export const createRole = async (
  scope: TenantScope,
  input: { name: string; description: string; type: RoleType; isDefault?: boolean; scopeIds?: string[] },
): Promise<Role> => {
  assertDefaultFits(input.type, input.isDefault);
  const row = await scope.transaction(async (tx) => {
    const scopeIds = [...new Set(input.scopeIds ?? [])];
    if (scopeIds.length > 0) {
      await requireAll(await tx.select({ id: scopes.id }).from(scopes).where(inArray(scopes.id, scopeIds)), scopeIds, 'permission');
    }
    const [inserted] = await tx
      .insert(roles)
      .values({
        tenantId: scope.tenantId,
        id: generateId(),
        name: input.name,
        description: input.description,
        type: input.type,
        isDefault: input.isDefault ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      throw nameConflict(input.name);
    }
    if (scopeIds.length > 0) {
      await tx.insert(rolesScopes).values(scopeIds.map((scopeId) => ({ tenantId: scope.tenantId, roleId: inserted.id, scopeId })));
    }
    return inserted;
  });
  return toRole(row);
};

export const getRole = async (scope: TenantScope, id: string) => toRole(await scope.transaction((tx) => requireRole(tx, id)));

export const patchRole = async (
  scope: TenantScope,
  id: string,
  patch: { name?: string; description?: string; isDefault?: boolean },
): Promise<Role> => {
  const row = await scope.transaction(async (tx) => {
    const current = await requireRole(tx, id, { editable: true });
    assertDefaultFits(current.type, patch.isDefault);
    if (patch.name && patch.name !== current.name) {
      const [clash] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, patch.name));
      if (clash) {
        throw nameConflict(patch.name);
      }
    }
    const [updated] = await tx.update(roles).set(patch).where(eq(roles.id, id)).returning();
    return updated!;
  });
  return toRole(row);
};

/** Deletes the role and, in the same transaction, every assignment and scope link it had. */
export const deleteRole = async (scope: TenantScope, id: string) => {
  await scope.transaction(async (tx) => {
    await requireRole(tx, id, { editable: true });
    await tx.delete(roles).where(eq(roles.id, id));
  });
  await scope.invalidate();
};

export const listRoleScopesPage = (scope: TenantScope, roleId: string, search: string | undefined, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    await requireRole(tx, roleId);
    const where = and(
      eq(rolesScopes.roleId, roleId),
      search ? or(ilike(scopes.name, likePattern(search)), ilike(scopes.description, likePattern(search))) : undefined,
    );
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(rolesScopes)
      .innerJoin(scopes, eq(scopes.id, rolesScopes.scopeId))
      .where(where);
    const rows = await tx
      .select({ scope: scopes })
      .from(rolesScopes)
      .innerJoin(scopes, eq(scopes.id, rolesScopes.scopeId))
      .where(where)
      .orderBy(asc(scopes.name), asc(scopes.id))
      .limit(limit)
      .offset(offset);
    return { total, items: rows.map((row) => toScope(row.scope)) };
  });

export const addRoleScopes = async (scope: TenantScope, roleId: string, scopeIds: string[]) => {
  const ids = [...new Set(scopeIds)];
  await scope.transaction(async (tx) => {
    await requireRole(tx, roleId, { editable: true });
    await requireAll(await tx.select({ id: scopes.id }).from(scopes).where(inArray(scopes.id, ids)), ids, 'permission');
    await tx
      .insert(rolesScopes)
      .values(ids.map((scopeId) => ({ tenantId: scope.tenantId, roleId, scopeId })))
      .onConflictDoNothing();
  });
  await scope.invalidate();
};

export const removeRoleScope = async (scope: TenantScope, roleId: string, scopeId: string) => {
  await scope.transaction(async (tx) => {
    await requireRole(tx, roleId, { editable: true });
    const deleted = await tx
      .delete(rolesScopes)
      .where(and(eq(rolesScopes.roleId, roleId), eq(rolesScopes.scopeId, scopeId)))
      .returning({ scopeId: rolesScopes.scopeId });
    if (deleted.length === 0) {
      throw notFound('permission of this role', scopeId);
    }
  });
  await scope.invalidate();
};

/** Assigns machine-to-machine roles to machine-to-machine applications, all or nothing. */
const assign = async (scope: TenantScope, pairs: { roleIds: string[]; applicationIds: string[] }) => {
  const roleIds = [...new Set(pairs.roleIds)];
  const applicationIds = [...new Set(pairs.applicationIds)];
  await scope.transaction(async (tx) => {
    const roleRows = await requireAll(await tx.select().from(roles).where(inArray(roles.id, roleIds)), roleIds, 'role');
    const userRole = roleRows.find((row) => row.type !== 'MachineToMachine');
    if (userRole) {
      throw new ApiError(422, 'role.not_machine_to_machine', { name: userRole.name });
    }
    const appRows = await requireAll(
      await tx.select().from(applications).where(inArray(applications.id, applicationIds)),
      applicationIds,
      'application',
    );
    const notMachine = appRows.find((row) => row.type !== 'MachineToMachine');
    if (notMachine) {
      throw new ApiError(422, 'application.not_machine_to_machine', { name: notMachine.name });
    }
    await tx
      .insert(applicationsRoles)
      .values(roleIds.flatMap((roleId) => applicationIds.map((applicationId) => ({ tenantId: scope.tenantId, roleId, applicationId }))))
      .onConflictDoNothing();
  });
  await scope.invalidate();
};

const unassign = async (scope: TenantScope, roleId: string, applicationId: string) => {
  await scope.transaction(async (tx) => {
    const deleted = await tx
      .delete(applicationsRoles)
      .where(and(eq(applicationsRoles.roleId, roleId), eq(applicationsRoles.applicationId, applicationId)))
      .returning({ roleId: applicationsRoles.roleId });
    if (deleted.length === 0) {
      throw notFound('role assignment', `${roleId}/${applicationId}`);
    }
  });
  await scope.invalidate();
};

export const assignRolesToApplication = (scope: TenantScope, applicationId: string, roleIds: string[]) =>
  assign(scope, { roleIds, applicationIds: [applicationId] });
export const assignApplicationsToRole = (scope: TenantScope, roleId: string, applicationIds: string[]) =>
  assign(scope, { roleIds: [roleId], applicationIds });
export const removeRoleFromApplication = unassign;

export const listRoleApplicationsPage = (scope: TenantScope, roleId: string, search: string | undefined, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    await requireRole(tx, roleId);
    const where = and(
      eq(applicationsRoles.roleId, roleId),
      search ? or(ilike(applications.name, likePattern(search)), ilike(applications.id, likePattern(search))) : undefined,
    );
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(applicationsRoles)
      .innerJoin(applications, eq(applications.id, applicationsRoles.applicationId))
      .where(where);
    const rows = await tx
      .select({ application: applications })
      .from(applicationsRoles)
      .innerJoin(applications, eq(applications.id, applicationsRoles.applicationId))
      .where(where)
      .orderBy(desc(applicationsRoles.createdAt), asc(applications.id))
      .limit(limit)
      .offset(offset);
    return { total, items: rows.map((row) => toApplication(row.application)) };
  });

export const listApplicationRolesPage = (scope: TenantScope, applicationId: string, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    const [app] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId));
    if (!app) {
      throw notFound('application', applicationId);
    }
    const where = eq(applicationsRoles.applicationId, applicationId);
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(applicationsRoles).where(where);
    const rows = await tx
      .select({ role: roles })
      .from(applicationsRoles)
      .innerJoin(roles, eq(roles.id, applicationsRoles.roleId))
      .where(where)
      .orderBy(asc(roles.name))
      .limit(limit)
      .offset(offset);
    return { total, items: rows.map((row) => toRole(row.role)) };
  });

/**
 * Gives a User role to users, all or nothing: a MachineToMachine role is refused, and unknown user
 * ids are all named in the error's details.
 */
export const assignUsersToRole = async (scope: TenantScope, roleId: string, userIds: string[]) => {
  const ids = [...new Set(userIds)];
  await scope.transaction(async (tx) => {
    const role = await requireRole(tx, roleId);
    if (role.type !== 'User') {
      throw new ApiError(422, 'role.not_user_type', { name: role.name });
    }
    const found = new Set((await tx.select({ id: users.id }).from(users).where(inArray(users.id, ids))).map((row) => row.id));
    const missing = userIds.flatMap((id, index) => (found.has(id) ? [] : [{ id, index }]));
    if (missing.length > 0) {
      throw new ApiError(
        404,
        'entity.not_found',
        { entity: 'user', id: missing[0]!.id },
        missing.map(({ id, index }) => ({ path: `body.userIds.${index}`, code: 'entity.not_found', params: { entity: 'user', id } })),
      );
    }
    await tx
      .insert(usersRoles)
      .values(ids.map((userId) => ({ tenantId: scope.tenantId, userId, roleId })))
      .onConflictDoNothing();
  });
};

export const removeRoleUser = async (scope: TenantScope, roleId: string, userId: string) => {
  await scope.transaction(async (tx) => {
    await requireRole(tx, roleId);
    const deleted = await tx
      .delete(usersRoles)
      .where(and(eq(usersRoles.roleId, roleId), eq(usersRoles.userId, userId)))
      .returning({ userId: usersRoles.userId });
    if (deleted.length === 0) {
      throw notFound('role assignment', `${roleId}/${userId}`);
    }
  });
};

/** The tenant's built-in machine-to-machine role that holds the management API's `all` scope. */
export const findManagementRole = async (scope: TenantScope) => {
  const [role] = await scope.transaction((tx) =>
    tx.select().from(roles).where(and(eq(roles.isBuiltIn, true), eq(roles.type, 'MachineToMachine'))),
  );
  if (!role) {
    throw notFound('role', 'management');
  }
  return role;
};
