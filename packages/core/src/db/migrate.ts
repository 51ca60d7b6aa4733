import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('migrations', import.meta.url));

/** Any constant works; it only has to be the same for every Gatehouse process. */
const migrationLockKey = 7_431_902_113;

type Target = { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };

/**
 * Applies pending migrations. On PostgreSQL a session advisory lock serializes concurrent starters:
 * the second process waits, then finds nothing left to apply.
 */
export const runMigrations = async (target: Target): Promise<void> => {
  if (target.kind === 'pglite') {
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite({ client: target.client }), { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    await migratePg(drizzlePg({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
  }
};

type JournalEntry = { idx: number; tag: string; when: number };

export type MigrationStatus = { tag: string; appliedAt: number | undefined }[];

export const readJournal = (): JournalEntry[] =>
  (JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] }).entries;

/** Which migrations the database has applied, by the journal timestamps Drizzle records. */
export const migrationStatus = async (
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<MigrationStatus> => {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') as name`);
  const applied = new Set<number>();
  if (exists.rows[0]?.name) {
    const { rows } = await query('select created_at from drizzle.__drizzle_migrations');
    for (const row of rows) {
      applied.add(Number(row.created_at));
    }
  }
  return readJournal().map((entry) => ({
    tag: entry.tag,
    appliedAt: applied.has(entry.when) ? entry.when : undefined,
  }));
};

/** Migration status of an embedded database, read without applying anything. */
export const embeddedMigrationStatus = async (dataDir: string): Promise<MigrationStatus> => {
  const { lockDataDir, pgliteDirectory } = await import('./database.js');
  if (!existsSync(pgliteDirectory(dataDir))) {
    // No database yet: everything is pending, and looking must not create one.
    return readJournal().map((entry) => ({ tag: entry.tag, appliedAt: undefined }));
  }
  const release = await lockDataDir(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir: pgliteDirectory(dataDir) });
  try {
    return await migrationStatus((text) => client.query(text));
  } finally {
    await client.close();
    await release();
  }
};
