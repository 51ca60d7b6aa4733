import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { adminTenantId, defaultTenantId } from '@gatehouse/schemas';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { SecretBox, deriveKey } from '../../src/crypto/secret-box.js';
import { openDatabase } from '../../src/db/database.js';
import { ensureTenant } from '../../src/modules/tenants/tenants.service.js';
import { testPostgresUrl, testSecretKey, withDatabaseName } from './constants.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

const seed = async (database: Awaited<ReturnType<typeof openDatabase>>) => {
  const box = new SecretBox(deriveKey(testSecretKey));
  for (const tenant of [
    { id: defaultTenantId, name: 'Default' },
    { id: adminTenantId, name: 'Admin' },
  ]) {
    await ensureTenant(database, box, tenant, 'ES256');
  }
};

/**
 * Migrates and seeds one template database per run (proving migrations apply from empty); each
 * test file then starts from a copy of it, which is far faster than migrating again.
 */
export default async function setup(project: TestProject) {
  // Runs in the main process: the project's env is not applied here, its name says which database.
  if (project.name === 'pglite') {
    const folder = mkdtempSync(path.join(tmpdir(), 'gatehouse-template-'));
    const database = await openDatabase({ kind: 'pglite' });
    await seed(database);
    const dump = await database.dumpDataDir!();
    const file = path.join(folder, 'template.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('pgliteTemplate', file);
    project.provide('postgresTemplate', '');
    return () => rmSync(folder, { recursive: true, force: true });
  }

  const name = `gatehouse_template_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ kind: 'postgres', url: withDatabaseName(testPostgresUrl, name) });
  await seed(database);
  await database.close();
  project.provide('pgliteTemplate', '');
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
