import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SecretBox, deriveKey } from '../src/crypto/secret-box.js';
import { DataDirInUseError, type Database, openDatabase } from '../src/db/database.js';
import { embeddedMigrationStatus, migrationStatus, readJournal, runMigrations } from '../src/db/migrate.js';
import { resources } from '../src/modules/resources/resources.table.js';
import { ensureTenant, listTenantIds } from '../src/modules/tenants/tenants.service.js';
import { databaseKind, testPostgresUrl, testSecretKey, withDatabaseName } from './setup/constants.js';

type Rows = Record<string, unknown>[];
type Query = (text: string) => Promise<Rows>;

const runtimeRole = 'gatehouse_app';

/**
 * The security model every migrated database must have: a runtime role that cannot bypass
 * row-level security and owns no table, and RLS plus a tenant policy on every tenant-owned table.
 */
const expectRuntimeRoleAndRowLevelSecurity = async (query: Query) => {
  const roles = await query(`select rolsuper, rolbypassrls from pg_roles where rolname = '${runtimeRole}'`);
  expect(roles).toEqual([{ rolsuper: false, rolbypassrls: false }]);

  const tables = await query(`select tablename, tableowner from pg_tables where schemaname = 'public' order by tablename`);
  const names = tables.map((row) => String(row.tablename));
  expect(names).toEqual(expect.arrayContaining(['applications', 'application_secrets', 'oidc_keys', 'resources', 'tenants']));
  for (const table of tables) {
    expect(table.tableowner, `${table.tablename} must not be owned by the runtime role`).not.toBe(runtimeRole);
  }

  const security = await query(
    `select c.relname, c.relrowsecurity from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'`,
  );
  const rlsByTable = new Map(security.map((row) => [String(row.relname), row.relrowsecurity]));
  const policies = await query(`select tablename, policyname, roles::text as roles from pg_policies where schemaname = 'public'`);
  for (const table of names.filter((name) => name !== 'tenants')) {
    expect(rlsByTable.get(table), `row-level security on ${table}`).toBe(true);
    const own = policies.filter((policy) => policy.tablename === table);
    expect(own.length, `policies on ${table}`).toBeGreaterThan(0);
    expect(own.map((policy) => policy.roles).join(), `policy roles on ${table}`).toContain(runtimeRole);
  }
};

const journalTags = readJournal().map((entry) => entry.tag);

if (databaseKind === 'postgres') {
  describe('migrations on PostgreSQL', () => {
    const name = `gatehouse_mig_${randomBytes(6).toString('hex')}`;
    const url = withDatabaseName(testPostgresUrl, name);
    let admin: pg.Client;
    let client: pg.Client | undefined;
    const query: Query = async (text) => (await client!.query(text)).rows as Rows;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: testPostgresUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      await client?.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });

    it('applies every migration exactly once when five processes migrate an empty database at once', async () => {
      client = new pg.Client({ connectionString: url });
      await client.connect();
      const before = await migrationStatus((text) => client!.query(text));
      expect(before.map((entry) => entry.appliedAt)).toEqual(journalTags.map(() => undefined));

      const results = await Promise.allSettled(Array.from({ length: 5 }, () => runMigrations({ kind: 'postgres', url })));
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);

      const status = await migrationStatus((text) => client!.query(text));
      expect(status.map((entry) => entry.tag)).toEqual(journalTags);
      for (const entry of status) {
        expect(entry.appliedAt, entry.tag).toEqual(expect.any(Number));
      }
      const [{ n }] = (await query('select count(*)::int as n from drizzle.__drizzle_migrations')) as [{ n: number }];
      expect(n).toBe(journalTags.length);
      const [{ distinct }] = (await query(
        'select count(distinct created_at)::int as distinct from drizzle.__drizzle_migrations',
      )) as [{ distinct: number }];
      expect(distinct).toBe(journalTags.length);

      // Running them again later is a no-op.
      await runMigrations({ kind: 'postgres', url });
      const [{ n: again }] = (await query('select count(*)::int as n from drizzle.__drizzle_migrations')) as [{ n: number }];
      expect(again).toBe(journalTags.length);
    });

    it('creates a runtime role without superuser or BYPASSRLS, and RLS with a policy on every tenant table', async () => {
      expect(client, 'the migration test must have run first').toBeDefined();
      await expectRuntimeRoleAndRowLevelSecurity(query);
    });

    it('runs the server\'s queries as the runtime role', async () => {
      const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      try {
        const result = await database.db.execute(sql`select current_user as role`);
        expect((result as unknown as { rows: Rows }).rows).toEqual([{ role: runtimeRole }]);
      } finally {
        await database.close();
      }
    });
  });
}

if (databaseKind === 'pglite') {
  describe('embedded PGlite data directory', () => {
    let parent: string;
    let dataDir: string;
    let first: Database | undefined;
    const box = new SecretBox(deriveKey(testSecretKey));

    beforeAll(() => {
      parent = mkdtempSync(path.join(tmpdir(), 'gatehouse-mig-'));
      dataDir = path.join(parent, 'data');
    });
    afterAll(async () => {
      await first?.close().catch(() => undefined);
      rmSync(parent, { recursive: true, force: true });
    });

    const rowsOf = (result: unknown) => (result as { rows: Rows }).rows;
    const queryThrough =
      (database: Database): Query =>
      async (text) =>
        rowsOf(await database.db.execute(sql.raw(text)));

    it('lets one process at a time open a data directory, and keeps the first one working', async () => {
      first = await openDatabase({ kind: 'pglite', dataDir });
      expect(await ensureTenant(first, box, { id: 'kept', name: 'Kept' }, 'ES256')).toBe(true);

      const second = await openDatabase({ kind: 'pglite', dataDir }).then(
        async (database) => {
          await database.close();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(second).toBeInstanceOf(DataDirInUseError);
      expect((second as Error).message).toContain(dataDir);

      const indicators = await first.withTenant('kept', async (tx) =>
        (await tx.select({ indicator: resources.indicator }).from(resources)).map((row) => row.indicator),
      );
      expect(indicators).toEqual(['https://kept.gatehouse.app/api']);
      expect(await listTenantIds(first)).toEqual(['kept']);
    });

    it('runs queries as the runtime role, which cannot bypass RLS, with a policy on every tenant table', async () => {
      expect(first, 'the first test must have opened the database').toBeDefined();
      const [{ role }] = (await queryThrough(first!)('select current_user as role')) as [{ role: string }];
      expect(role).toBe(runtimeRole);
      await expectRuntimeRoleAndRowLevelSecurity(queryThrough(first!));
    });

    it('keeps every row after the data directory is closed and opened again', async () => {
      expect(first, 'the first test must have opened the database').toBeDefined();
      await first!.close();
      first = undefined;

      const status = await embeddedMigrationStatus(dataDir);
      expect(status.map((entry) => entry.tag)).toEqual(journalTags);
      for (const entry of status) {
        expect(entry.appliedAt, entry.tag).toEqual(expect.any(Number));
      }

      const reopened = await openDatabase({ kind: 'pglite', dataDir });
      try {
        expect(await listTenantIds(reopened)).toEqual(['kept']);
        const indicators = await reopened.withTenant('kept', async (tx) =>
          (await tx.select({ indicator: resources.indicator }).from(resources).where(eq(resources.isBuiltIn, true))).map(
            (row) => row.indicator,
          ),
        );
        expect(indicators).toEqual(['https://kept.gatehouse.app/api']);
        // Already there: nothing is seeded twice.
        expect(await ensureTenant(reopened, box, { id: 'kept', name: 'Kept' }, 'ES256')).toBe(false);
      } finally {
        await reopened.close();
      }
    });
  });
}
