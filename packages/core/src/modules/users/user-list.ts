/**
 * One page of the user list: search, filters, sorting, page numbers and cursors, kept fast at a
 * million users.
 *
 * - A search runs in gatehouse_search_users() (migration 0010), where its indexes are usable. It
 *   counts its matches up to `searchResultLimit`; the list it pages through is its first that many
 *   in the requested order (cursor paging walks all of them).
 * - The whole list, and a role's users, count themselves from trigger-kept counters; the whole list
 *   finds a deep page number from the per-day and per-minute creation counts instead of skipping
 *   rows one by one.
 */
import { type PaginationQuery, type User, userSearchFields } from '@gatehouse/schemas';
import { and, count, eq, exists, gte, inArray, or, type SQL, sql } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Tx } from '../../db/database.js';
import { countRoleUsers } from '../roles/roles.service.js';
import { usersRoles } from '../roles/roles.table.js';
import { emailLookupValues, toUser, userListColumns } from './users.service.js';
import { userCounts, userCreatedBuckets, users } from './users.table.js';

/** How many matches a search counts, and how far page numbers reach into them. */
export const searchResultLimit = 1000;

/** Within this many rows of either end a page is read by skipping rows; deeper, from the buckets. */
const skipLimit = 2000;

export type UserListFilter = {
  search?: string;
  searchFields?: readonly (typeof userSearchFields)[number][];
  mode: 'substring' | 'exact';
  roleId?: string;
  isSuspended?: boolean;
  sortBy: 'createdAt' | 'lastSignInAt';
  sortOrder: 'asc' | 'desc';
};

type Cursor = { createdAt: string; id: string };

/** Keyset cursor: the last row's createdAt (ms) and id. */
const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.getTime()}:${row.id}`).toString('base64url');
const decodeCursor = (cursor: string): Cursor => {
  const match = /^(\d{1,15}):([\da-z]{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) {
    throw new ApiError(400, 'guard.invalid_input', { summary: 'cursor' }, [
      { path: 'query.cursor', code: 'invalid_cursor', message: 'Not a cursor from a previous page of this list.' },
    ]);
  }
  return { createdAt: new Date(Number(match[1])).toISOString(), id: match[2]! };
};

/** ORDER BY for the sort, or its exact reverse (read from the other end of the same index). */
const orderFor = (filter: Pick<UserListFilter, 'sortBy' | 'sortOrder'>, reversed: boolean) => {
  const descending = (filter.sortOrder === 'desc') !== reversed;
  const direction = sql.raw(descending ? 'desc' : 'asc');
  if (filter.sortBy === 'lastSignInAt') {
    // Never-signed-in users come last when newest-first, first when oldest-first.
    // The index's own NULLS order on id too (never null), so the planner reads it without sorting.
    const nulls = sql.raw(descending ? 'nulls last' : 'nulls first');
    return [sql`${users.lastSignInAt} ${direction} ${nulls}`, sql`${users.id} ${direction} ${nulls}`];
  }
  return [sql`${users.createdAt} ${direction}`, sql`${users.id} ${direction}`];
};

const keysetAfter = (after: Cursor | undefined, descending: boolean) =>
  after ? sql`(${users.createdAt}, ${users.id}) ${sql.raw(descending ? '<' : '>')} (${after.createdAt}::timestamptz, ${after.id})` : undefined;

/**
 * Ids the search function returns: `rows` of them from `skip` in the list's order, or any `rows`
 * matches when `ordered` is false. Search text is a bound parameter and the function escapes its
 * wildcards: nothing from the client is a pattern.
 */
const searchedIds = (
  filter: UserListFilter & { search: string },
  window: { ordered: boolean; after?: Cursor; rows: number; skip: number; dense?: boolean },
) => {
  const fields = (filter.searchFields?.length ? filter.searchFields : userSearchFields).join(',');
  const sortBy = window.ordered ? (window.after ? 'createdAt' : filter.sortBy) : null;
  return sql`(select * from gatehouse_search_users(${fields}, ${filter.search}, ${filter.roleId ?? null}::text,
    ${filter.isSuspended ?? null}::boolean, ${sortBy}::text, ${filter.sortOrder === 'desc'},
    ${window.after?.createdAt ?? null}::timestamptz, ${window.after?.id ?? null}::text, ${window.rows}::int, ${window.skip}::int, ${window.dense ?? false}))`;
};

/** Exact matches compare the case-folded columns through their unique indexes (an email in any spelling of its domain). */
const exactWhere = (search: string, fields: UserListFilter['searchFields']) => {
  const folded = search.toLowerCase();
  const exact = {
    id: () => eq(users.id, search),
    username: () => eq(users.usernameLower, folded),
    primaryEmail: () => inArray(users.primaryEmailLower, emailLookupValues(search)),
    primaryPhone: () => eq(users.primaryPhone, search),
    name: () => eq(users.nameLower, folded),
  };
  return or(...(fields?.length ? fields : userSearchFields).map((field) => exact[field]()));
};

const filterWhere = (tx: Tx, filter: UserListFilter): SQL | undefined =>
  and(
    filter.search ? exactWhere(filter.search, filter.searchFields) : undefined,
    filter.isSuspended === undefined ? undefined : eq(users.isSuspended, filter.isSuspended),
    filter.roleId
      ? exists(
          tx
            .select({ one: sql`1` })
            .from(usersRoles)
            .where(and(eq(usersRoles.userId, users.id), eq(usersRoles.roleId, filter.roleId))),
        )
      : undefined,
  );

/** Users in the tenant: kept by triggers (see userCounts), so a million rows are not counted. */
export const countAllUsers = async (tx: Tx) => {
  const [row] = await tx.select({ total: sql<string | null>`sum(${userCounts.count})` }).from(userCounts);
  return Number(row?.total ?? 0);
};

/** Users the list holds: from trigger-kept counts without a filter or with a role alone, else counted. */
const countListed = async (tx: Tx, filter: UserListFilter, where: SQL | undefined) => {
  if (!where) {
    return countAllUsers(tx);
  }
  if (filter.roleId && !filter.search && filter.isSuspended === undefined) {
    return (await countRoleUsers(tx, [filter.roleId])).get(filter.roleId) ?? 0;
  }
  return (await tx.select({ total: count() }).from(users).where(where))[0]?.total ?? 0;
};

/** The bucket holding ascending position `position`, and how many users come before it. */
const findBucket = async (tx: Tx, level: 0 | 1, position: number, within?: { from: string; to: string }) => {
  const rows = await tx
    .select({ bucket: userCreatedBuckets.bucket, users: sql<string>`sum(${userCreatedBuckets.count})` })
    .from(userCreatedBuckets)
    .where(
      and(
        eq(userCreatedBuckets.level, level),
        within ? sql`${userCreatedBuckets.bucket} >= ${within.from}::timestamp and ${userCreatedBuckets.bucket} < ${within.to}::timestamp` : undefined,
      ),
    )
    .groupBy(userCreatedBuckets.bucket)
    .orderBy(userCreatedBuckets.bucket);
  let before = 0;
  for (const row of rows) {
    const size = Number(row.users);
    if (position < before + size) {
      return { bucket: row.bucket, before };
    }
    before += size;
  }
  return undefined;
};

/**
 * `limit` users from ascending (oldest-first) position `start`: the day, then the minute, that
 * holds that position is found from the creation counts, and only the rows of that minute before
 * it are skipped.
 */
const readFromPosition = async (tx: Tx, start: number, limit: number) => {
  const day = await findBucket(tx, 0, start);
  const dayEnd = day && new Date(new Date(`${day.bucket}Z`).getTime() + 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  const minute = day && (await findBucket(tx, 1, start - day.before, { from: day.bucket, to: dayEnd! }));
  if (!day || !minute) {
    return undefined;
  }
  return tx
    .select(userListColumns)
    .from(users)
    .where(gte(users.createdAt, sql`${minute.bucket}::timestamp at time zone 'UTC'`))
    .orderBy(...orderFor({ sortBy: 'createdAt', sortOrder: 'asc' }, false))
    .limit(limit)
    .offset(start - day.before - minute.before);
};

export type UserPage = { total: number; totalCapped: boolean; items: User[]; nextCursor?: string };

const searchPage = async (tx: Tx, filter: UserListFilter & { search: string }, page: PaginationQuery & { cursor?: string }): Promise<UserPage> => {
  // Only a number leaves the function here, so its ids need not be read again under RLS.
  const [counted] = await tx.select({ matches: count() }).from(sql`${searchedIds(filter, { ordered: false, rows: searchResultLimit + 1, skip: 0 })} as matched`);
  const matches = counted?.matches ?? 0;
  const total = Math.min(matches, searchResultLimit);
  const totalCapped = matches > searchResultLimit;

  if (page.cursor !== undefined) {
    const after = page.cursor ? decodeCursor(page.cursor) : undefined;
    const rows = await tx
      .select(userListColumns)
      .from(users)
      .where(inArray(users.id, searchedIds(filter, { ordered: true, after, rows: page.page_size, skip: 0, dense: totalCapped })))
      .orderBy(...orderFor({ ...filter, sortBy: 'createdAt' }, false));
    const last = rows.at(-1);
    return { total, totalCapped, items: rows.map(toUser), nextCursor: last && rows.length === page.page_size ? encodeCursor(last) : undefined };
  }
  const { limit, offset } = pageWindow(page);
  const rows =
    offset >= total
      ? []
      : await tx
          .select(userListColumns)
          .from(users)
          .where(inArray(users.id, searchedIds(filter, { ordered: true, rows: Math.min(limit, total - offset), skip: offset, dense: totalCapped })))
          .orderBy(...orderFor(filter, false));
  return { total, totalCapped, items: rows.map(toUser) };
};

/** One page of users (see the top of this file). */
export const listUsersPage = (scope: TenantScope, filter: UserListFilter, page: PaginationQuery & { cursor?: string }): Promise<UserPage> =>
  scope.transaction(async (tx) => {
    if (filter.search && filter.mode === 'substring') {
      return searchPage(tx, { ...filter, search: filter.search }, page);
    }
    const where = filterWhere(tx, filter);
    const total = await countListed(tx, filter, where);

    if (page.cursor !== undefined) {
      const after = page.cursor ? decodeCursor(page.cursor) : undefined;
      const rows = await tx
        .select(userListColumns)
        .from(users)
        .where(and(where, keysetAfter(after, filter.sortOrder === 'desc')))
        .orderBy(...orderFor({ ...filter, sortBy: 'createdAt' }, false))
        .limit(page.page_size);
      const last = rows.at(-1);
      return { total, totalCapped: false, items: rows.map(toUser), nextCursor: last && rows.length === page.page_size ? encodeCursor(last) : undefined };
    }

    const { limit, offset } = pageWindow(page);
    const end = Math.min(offset + limit, total);
    const fromFarEnd = offset > total / 2;
    const skipped = fromFarEnd ? total - end : offset;
    if (!where && filter.sortBy === 'createdAt' && skipped > skipLimit && end > offset) {
      const ascendingStart = filter.sortOrder === 'asc' ? offset : total - end;
      const rows = await readFromPosition(tx, ascendingStart, end - offset);
      if (rows) {
        return { total, totalCapped: false, items: (filter.sortOrder === 'asc' ? rows : rows.reverse()).map(toUser) };
      }
    }
    const rows = await tx
      .select(userListColumns)
      .from(users)
      .where(where)
      .orderBy(...orderFor(filter, fromFarEnd))
      .limit(fromFarEnd ? Math.max(0, end - offset) : limit)
      .offset(skipped);
    return { total, totalCapped: false, items: (fromFarEnd ? rows.reverse() : rows).map(toUser) };
  });
