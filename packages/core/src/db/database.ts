import { mkdirSync } from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import lockfile from 'proper-lockfile';

import { runMigrations } from './migrate.js';
import * as schema from './schema.js';
import { runtimeRoleName } from './tenant-table.js';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = AppDb | Tx;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** `dataDir` undefined keeps the database in memory (tests). `loadDataDir` starts from a dump. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export type NotificationHandler = (payload: string) => void;

/**
 * One interface over PGlite and PostgreSQL. Queries run as the runtime role, so row-level security
 * applies: tenant-owned rows are visible only inside `withTenant`.
 */
export type Database = {
  kind: 'pglite' | 'postgres';
  db: AppDb;
  /** Runs `fn` in a transaction whose tenant is `tenantId`. */
  withTenant: <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /**
   * Runs `fn` on a connection whose tenant is `tenantId`, outside a transaction: each statement
   * commits on its own, in one round trip instead of three (begin, statement, commit). For single
   * statements on hot paths; anything that must be atomic uses `withTenant`.
   */
  withTenantAutocommit: <T>(tenantId: string, fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** Cross-process notifications (LISTEN/NOTIFY). */
  listen: (channel: string, handler: NotificationHandler) => Promise<void>;
  notify: (channel: string, payload: string) => Promise<void>;
  /** Dumps an embedded database (tests clone a migrated template this way). */
  dumpDataDir?: () => Promise<Blob>;
  close: () => Promise<void>;
};

const setTenant = (tx: Tx, tenantId: string) =>
  tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);

const makeWithTenant =
  (db: AppDb) =>
  <T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await setTenant(tx, tenantId);
      return fn(tx);
    });

/** One query builder per pooled connection, made once (building one per transaction costs CPU). */
const buildersByClient = new WeakMap<pg.PoolClient, Tx>();
const builderFor = (client: pg.PoolClient) => {
  let builder = buildersByClient.get(client);
  if (!builder) {
    builder = drizzlePg({ client }) as unknown as Tx;
    buildersByClient.set(client, builder);
  }
  return builder;
};

/**
 * withTenant on a pool: `begin` and the tenant setting travel in one round trip (a transaction is
 * otherwise four: begin, set_config, the query, commit). Tenant ids match [a-z0-9-], and are still
 * quoted as literals.
 */
const pooledWithTenant =
  (pool: pg.Pool) =>
  async <T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query(`begin; select set_config('app.tenant_id', ${client.escapeLiteral(tenantId)}, true)`);
      const result = await fn(builderFor(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      // A connection that could not even roll back is not given to the next caller.
      client.release(broken);
    }
  };

/**
 * The tenant each connection of the tenant pool carries for the session (outside transactions).
 * Only `pooledWithTenantAutocommit` sets it, before any statement it lets through, and that pool
 * serves nothing else: a connection is never used for one tenant while carrying another's setting.
 * Transactions (`pooledWithTenant`) set the tenant locally, which overrides the session's until
 * they end.
 */
const sessionTenants = new WeakMap<pg.PoolClient, string>();

const pooledWithTenantAutocommit =
  (pool: pg.Pool) =>
  async <T>(tenantId: string, fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      if (sessionTenants.get(client) !== tenantId) {
        sessionTenants.delete(client);
        await client.query(`select set_config('app.tenant_id', ${client.escapeLiteral(tenantId)}, false)`);
        sessionTenants.set(client, tenantId);
      }
      return await fn(builderFor(client));
    } finally {
      client.release();
    }
  };

export class DataDirInUseError extends Error {}

/** One process per data directory: PGlite is single-user, a second writer would corrupt it. */
export const lockDataDir = async (dataDir: string): Promise<() => Promise<void>> => {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, 'gatehouse.lock'),
      stale: 30_000,
      update: 10_000,
    });
  } catch {
    throw new DataDirInUseError(
      `The data directory ${dataDir} is in use by another Gatehouse process. Stop it first, or point DATA_DIR elsewhere.`,
    );
  }
};

export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pglite');

const openPglite = async (options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<Database> => {
  const releaseLock = options.dataDir ? await lockDataDir(options.dataDir) : undefined;
  // Loaded only for the embedded database: a PostgreSQL deployment never pays for the WASM build.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = await PGlite.create({
    dataDir: options.dataDir ? pgliteDirectory(options.dataDir) : undefined,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite({ client, schema }) as unknown as AppDb;
  if (!options.loadDataDir) {
    await runMigrations({ kind: 'pglite', client });
  }
  const dumpDataDir = async () => {
    const dump = await client.dumpDataDir('none');
    return dump;
  };
  await client.exec(`SET ROLE ${runtimeRoleName}`);
  return {
    kind: 'pglite',
    db,
    withTenant: makeWithTenant(db),
    // One connection serves every request at once: a session-wide tenant could change between two
    // statements of one caller, so statements keep their own transaction here.
    withTenantAutocommit: makeWithTenant(db),
    listen: async (channel, handler) => {
      await client.listen(channel, handler);
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    dumpDataDir,
    close: async () => {
      await client.close();
      await releaseLock?.();
    },
  };
};

const openPostgres = async (options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<Database> => {
  await runMigrations({ kind: 'postgres', url: options.url });
  // Every pooled connection runs as the runtime role from its first statement (startup option).
  // Tenant work has its own pool, whose connections may carry a tenant for the session; the few
  // queries made outside any tenant (the tenant list) use another, whose connections never do.
  const poolOptions = { connectionString: options.url, options: `-c role=${runtimeRoleName}` };
  const pool = new pg.Pool({ ...poolOptions, max: options.poolSize ?? 10 });
  const unscopedPool = new pg.Pool({ ...poolOptions, max: 2 });
  for (const each of [pool, unscopedPool]) {
    each.on('error', () => {
      // An idle connection died (server restart); the pool replaces it on next use.
    });
  }
  const db = drizzlePg({ client: unscopedPool, schema }) as unknown as AppDb;
  let listener: pg.Client | undefined;
  const handlers = new Map<string, NotificationHandler[]>();
  return {
    kind: 'postgres',
    db,
    withTenant: pooledWithTenant(pool),
    withTenantAutocommit: pooledWithTenantAutocommit(pool),
    listen: async (channel, handler) => {
      if (!listener) {
        listener = new pg.Client({ connectionString: options.url });
        listener.on('error', () => undefined);
        await listener.connect();
        listener.on('notification', (message) => {
          for (const each of handlers.get(message.channel) ?? []) {
            each(message.payload ?? '');
          }
        });
      }
      if (!handlers.has(channel)) {
        handlers.set(channel, []);
        await listener.query(`LISTEN "${channel.replaceAll('"', '')}"`);
      }
      handlers.get(channel)?.push(handler);
    },
    notify: async (channel, payload) => {
      await unscopedPool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await listener?.end();
      await Promise.all([pool.end(), unscopedPool.end()]);
    },
  };
};

export const openDatabase = (options: DatabaseOptions): Promise<Database> =>
  options.kind === 'pglite' ? openPglite(options) : openPostgres(options);
