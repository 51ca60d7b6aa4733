import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

import { managementApiIndicator } from '@gatehouse/schemas';
import pg from 'pg';
import { inject } from 'vitest';

import { createGatehouse, type Gatehouse } from '../../src/app/server.js';
import { loadConfig } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { databaseKind, testPostgresUrl, testSecretKey, withDatabaseName } from './constants.js';

export type TestDatabase = { database: Database; url?: string; drop: () => Promise<void> };

/** A fresh copy of the migrated, seeded template on the database under test. */
export const openTestDatabase = async (): Promise<TestDatabase> => {
  if (databaseKind === 'pglite') {
    const dump = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    return { database, drop: async () => database.close() };
  }
  const name = `gatehouse_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const url = withDatabaseName(testPostgresUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 5 });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
};

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Starts Gatehouse on a fresh database copy on a free port, with helpers to call it. */
export const startTestServer = async (env: Record<string, string> = {}) => {
  const testDatabase = await openTestDatabase();
  // Generous per-IP limits: every test request comes from 127.0.0.1 (the limits have their own test).
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    SECRET_KEY: testSecretKey,
    LOG_LEVEL: 'silent',
    SIGN_IN_RATE_LIMIT: '10000',
    CODE_SEND_RATE_LIMIT: '10000',
    ...env,
  });
  const gatehouse: Gatehouse = await createGatehouse({ config, database: testDatabase.database, logger: process.env.GATEHOUSE_TEST_LOG ? { level: 'error' } : false });
  const endpoint = await gatehouse.listen();

  const tenantBase = (tenantId: string) => (tenantId === 'default' ? endpoint : `${endpoint}/t/${tenantId}`);

  /** Client-credentials token for a tenant's management API, from a fresh management M2M app. */
  const managementToken = async (tenantId = 'default', scope = 'all') => {
    const credentials = await gatehouse.createM2mApp({ tenant: tenantId, name: `test-${randomBytes(3).toString('hex')}` });
    const response = await fetch(credentials.tokenEndpoint.replace(/^http:\/\/[^/]+/, endpoint), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', resource: managementApiIndicator(tenantId), scope }),
    });
    const body = (await response.json()) as { access_token: string };
    if (!response.ok) {
      throw new Error(`token request failed: ${JSON.stringify(body)}`);
    }
    return body.access_token;
  };

  /** A management API caller with a token for `tenantId`. */
  const api = async (tenantId = 'default', scope = 'all') => {
    const token = await managementToken(tenantId, scope);
    return apiWithToken(tenantId, token);
  };

  const apiWithToken = (tenantId: string, token: string | undefined) => {
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${tenantBase(tenantId)}/api${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test responses are asserted field by field
      const json: any = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
      return { status: response.status, body: json, headers: response.headers };
    };
    return {
      token,
      get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
      post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body ?? {}, headers),
      patch: (path: string, body: unknown, headers?: Record<string, string>) => call('PATCH', path, body, headers),
      put: (path: string, body: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
      delete: (path: string) => call('DELETE', path),
      call,
    };
  };

  return {
    gatehouse,
    endpoint,
    database: testDatabase.database,
    databaseUrl: testDatabase.url,
    tenantBase,
    managementToken,
    api,
    apiWithToken,
    close: async () => {
      await gatehouse.close();
      await testDatabase.drop();
    },
  };
};
