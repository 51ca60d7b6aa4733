import type { PaginationQuery, Resource, Scope } from '@gatehouse/schemas';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';
import { resources, scopes } from './resources.table.js';

type ResourceRow = typeof resources.$inferSelect;
type ScopeRow = typeof scopes.$inferSelect;

const toResource = (row: ResourceRow): Resource => ({
  id: row.id,
  name: row.name,
  indicator: row.indicator,
  isDefault: row.isDefault,
  accessTokenTtl: row.accessTokenTtl,
  isBuiltIn: row.isBuiltIn,
  createdAt: row.createdAt.getTime(),
});

export const toScope = (row: ScopeRow): Scope => ({
  id: row.id,
  resourceId: row.resourceId,
  name: row.name,
  description: row.description,
  createdAt: row.createdAt.getTime(),
});

const findResourceRow = async (tx: Tx, id: string) =>
  (await tx.select().from(resources).where(eq(resources.id, id)))[0];

const requireResource = async (tx: Tx, id: string, { editable = false } = {}) => {
  const row = await findResourceRow(tx, id);
  if (!row) {
    throw notFound('API resource', id);
  }
  if (editable && row.isBuiltIn) {
    throw new ApiError(422, 'resource.built_in_read_only');
  }
  return row;
};

const searchWhere = (search: string | undefined, ...columns: Parameters<typeof ilike>[0][]): SQL | undefined =>
  search ? or(...columns.map((column) => ilike(column, likePattern(search)))) : undefined;

export const listResourcesPage = (scope: TenantScope, search: string | undefined, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    const where = searchWhere(search, resources.name, resources.indicator);
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(resources).where(where);
    const rows = await tx
      .select()
      .from(resources)
      .where(where)
      .orderBy(desc(resources.isBuiltIn), desc(resources.createdAt), asc(resources.id))
      .limit(limit)
      .offset(offset);
    return { total, items: rows.map(toResource) };
  });

export const createResource = async (
  scope: TenantScope,
  input: { name: string; indicator: string; accessTokenTtl?: number },
): Promise<Resource> => {
  const [row] = await scope.transaction((tx) =>
    tx
      .insert(resources)
      .values({ tenantId: scope.tenantId, id: generateId(), ...input })
      .onConflictDoNothing()
      .returning(),
  );
  if (!row) {
    throw new ApiError(409, 'resource.indicator_exists', { indicator: input.indicator }, [
      { path: 'body.indicator', code: 'duplicate', message: 'Already used by another API resource.' },
    ]);
  }
  await scope.invalidate();
  return toResource(row);
};

export const getResource = async (scope: TenantScope, id: string) =>
  toResource(await scope.transaction((tx) => requireResource(tx, id)));

export const patchResource = async (
  scope: TenantScope,
  id: string,
  patch: { name?: string; accessTokenTtl?: number },
): Promise<Resource> => {
  const row = await scope.transaction(async (tx) => {
    await requireResource(tx, id, { editable: true });
    const [updated] = await tx.update(resources).set(patch).where(eq(resources.id, id)).returning();
    return updated!;
  });
  await scope.invalidate();
  return toResource(row);
};

/** Makes this the tenant's default API (used when a token request names no resource). */
export const setDefaultResource = async (scope: TenantScope, id: string, isDefault: boolean): Promise<Resource> => {
  const row = await scope.transaction(async (tx) => {
    await requireResource(tx, id, { editable: true });
    if (isDefault) {
      await tx.update(resources).set({ isDefault: false }).where(eq(resources.isDefault, true));
    }
    const [updated] = await tx.update(resources).set({ isDefault }).where(eq(resources.id, id)).returning();
    return updated!;
  });
  await scope.invalidate();
  return toResource(row);
};

/** Deletes the resource, its scopes and their role assignments (cascade). */
export const deleteResource = async (scope: TenantScope, id: string) => {
  await scope.transaction(async (tx) => {
    await requireResource(tx, id, { editable: true });
    await tx.delete(resources).where(eq(resources.id, id));
  });
  await scope.invalidate();
};

export const listScopesPage = (
  scope: TenantScope,
  resourceId: string,
  search: string | undefined,
  page: PaginationQuery,
) =>
  scope.transaction(async (tx) => {
    await requireResource(tx, resourceId);
    const where = and(eq(scopes.resourceId, resourceId), searchWhere(search, scopes.name, scopes.description));
    const { limit, offset } = pageWindow(page);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(scopes).where(where);
    const rows = await tx.select().from(scopes).where(where).orderBy(asc(scopes.name)).limit(limit).offset(offset);
    return { total, items: rows.map(toScope) };
  });

const scopeNameConflict = (name: string) =>
  new ApiError(409, 'scope.name_exists', { name }, [
    { path: 'body.name', code: 'duplicate', message: 'Already used by another permission of this API.' },
  ]);

export const createScope = async (
  scope: TenantScope,
  resourceId: string,
  input: { name: string; description?: string | null },
): Promise<Scope> => {
  const row = await scope.transaction(async (tx) => {
    await requireResource(tx, resourceId, { editable: true });
    const [inserted] = await tx
      .insert(scopes)
      .values({ tenantId: scope.tenantId, id: generateId(), resourceId, name: input.name, description: input.description ?? null })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      throw scopeNameConflict(input.name);
    }
    return inserted;
  });
  await scope.invalidate();
  return toScope(row);
};

export const patchScope = async (
  scope: TenantScope,
  resourceId: string,
  scopeId: string,
  patch: { name?: string; description?: string | null },
): Promise<Scope> => {
  const row = await scope.transaction(async (tx) => {
    await requireResource(tx, resourceId, { editable: true });
    const where = and(eq(scopes.resourceId, resourceId), eq(scopes.id, scopeId));
    const [current] = await tx.select().from(scopes).where(where);
    if (!current) {
      throw notFound('permission', scopeId);
    }
    if (patch.name && patch.name !== current.name) {
      const [clash] = await tx
        .select({ id: scopes.id })
        .from(scopes)
        .where(and(eq(scopes.resourceId, resourceId), eq(scopes.name, patch.name)));
      if (clash) {
        throw scopeNameConflict(patch.name);
      }
    }
    const [updated] = await tx.update(scopes).set(patch).where(where).returning();
    return updated!;
  });
  await scope.invalidate();
  return toScope(row);
};

export const deleteScope = async (scope: TenantScope, resourceId: string, scopeId: string) => {
  await scope.transaction(async (tx) => {
    await requireResource(tx, resourceId, { editable: true });
    const deleted = await tx
      .delete(scopes)
      .where(and(eq(scopes.resourceId, resourceId), eq(scopes.id, scopeId)))
      .returning({ id: scopes.id });
    if (deleted.length === 0) {
      throw notFound('permission', scopeId);
    }
  });
  await scope.invalidate();
};
