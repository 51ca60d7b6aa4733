import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { readJournal } from '../../core/src/db/migrate.js';
import { databaseKind, testPostgresUrl, withDatabaseName } from '../../core/test/setup/constants.js';

/**
 * Drives the real `gatehouse` binary in child processes, as a user would, against a brand-new
 * database: a fresh DATA_DIR on the PGlite run, a fresh PostgreSQL database on the postgres run.
 */

const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const binary = path.join(repoRoot, 'packages/cli/bin/gatehouse.js');
const cliTimeout = 90_000;
/** Any value of 32+ characters; only this file's processes share it. */
const secretKey = 'cli-test-secret-key-0123456789abcdef-0123456789';

type Credentials = { clientId: string; clientSecret: string; tokenEndpoint: string; resource: string; scope: string };
type Run = { code: number | null; stdout: string; stderr: string };

let dataDir: string | undefined;
let databaseName: string | undefined;
let databaseUrl: string | undefined;

/** Settings that point the CLI at this file's database; overrides win, `undefined` removes one. */
const cliEnv = (overrides: Record<string, string | undefined> = {}) => {
  const env: Record<string, string | undefined> = { ...process.env };
  // Nothing from the outer environment may redirect the CLI to another database or port.
  for (const name of ['DATA_DIR', 'DATABASE_URL', 'SECRET_KEY', 'PORT', 'HOST', 'ENDPOINT', 'EDITION', 'TENANT_BASE_DOMAIN']) {
    delete env[name];
  }
  Object.assign(env, databaseKind === 'pglite' ? { DATA_DIR: dataDir } : { DATABASE_URL: databaseUrl, SECRET_KEY: secretKey });
  Object.assign(env, { LOG_LEVEL: 'warn' }, overrides);
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) {
      delete env[name];
    }
  }
  return env as NodeJS.ProcessEnv;
};

const run = (args: string[], overrides: Record<string, string | undefined> = {}): Promise<Run> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      [binary, ...args],
      { cwd: repoRoot, env: cliEnv(overrides), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /api/status until it answers 200; fails early if the server process exits. */
const waitUntilReady = async (server: ChildProcess, base: string, output: () => string) => {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`server exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${output()}`);
    }
    const status = await fetch(`${base}/api/status`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) {
      return;
    }
    await sleep(250);
  }
  throw new Error(`server did not answer /api/status with 200 within 30 s:\n${output()}`);
};

const exitOf = (child: ChildProcess, ms: number) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'timeout'>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    const timer = setTimeout(() => resolve('timeout'), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });

const parseCredentials = (result: Run): Credentials => {
  expect(result.code, result.stderr).toBe(0);
  // Exactly one JSON object on stdout, nothing else.
  return JSON.parse(result.stdout) as Credentials;
};

/** A client_credentials token for the management API, from the token endpoint on `base`. */
const tokenFor = async (base: string, credentials: Credentials) => {
  const response = await fetch(`${base}${new URL(credentials.tokenEndpoint).pathname}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource: credentials.resource, scope: credentials.scope }),
  });
  const body = (await response.json()) as { access_token?: string; token_type?: string };
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body.token_type).toBe('Bearer');
  expect(body.access_token).toEqual(expect.any(String));
  return body.access_token!;
};

beforeAll(async () => {
  if (databaseKind === 'pglite') {
    // A directory name the CLI has never seen: its data directory does not exist yet.
    dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'gatehouse-cli-')), 'data');
    return;
  }
  databaseName = `gatehouse_cli_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await admin.end();
  }
  databaseUrl = withDatabaseName(testPostgresUrl, databaseName);
});

afterAll(async () => {
  if (dataDir) {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
  if (databaseName) {
    const admin = new pg.Client({ connectionString: testPostgresUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
});

describe('gatehouse CLI on a brand-new database', () => {
  let credentials: Credentials;

  it('lists every migration as pending, applies them with db migrate, then reports them applied', { timeout: cliTimeout }, async () => {
    const before = await run(['db', 'status']);
    expect(before.code, before.stderr).toBe(0);
    const beforeLines = before.stdout.trim().split('\n');
    const tags = readJournal().map((entry) => entry.tag);
    expect(tags.slice(0, 2)).toEqual(['0000_runtime_role', '0001_tables']);
    expect(beforeLines).toEqual([
      ...tags.map((tag) => `pending  ${tag}`),
      `${tags.length} pending migration(s). Run: gatehouse db migrate`,
    ]);

    const migrate = await run(['db', 'migrate']);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain('Migrations are up to date.');

    const after = await run(['db', 'status']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout.trim().split('\n')).toEqual([...tags.map((tag) => `applied  ${tag}`), 'Database is up to date.']);
  });

  it('prints the credentials of a new management M2M app as one JSON object', { timeout: cliTimeout }, async () => {
    credentials = parseCredentials(await run(['create-m2m-app', '--name', 'ci-bot']));
    expect(Object.keys(credentials).sort()).toEqual(['clientId', 'clientSecret', 'resource', 'scope', 'tokenEndpoint']);
    expect(credentials.clientId).toMatch(/^\S+$/);
    expect(credentials.clientSecret.length).toBeGreaterThanOrEqual(16);
    expect(new URL(credentials.tokenEndpoint).pathname).toBe('/oidc/token');
    expect(credentials.resource).toBe('https://default.gatehouse.app/api');
    expect(credentials.scope).toBe('all');
  });

  it('starts a server the printed credentials can call, and stops on SIGTERM with exit code 0', { timeout: cliTimeout }, async () => {
    expect(credentials, 'create-m2m-app must have run first').toBeDefined();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, [binary, 'start'], {
      cwd: repoRoot,
      env: cliEnv({ PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitUntilReady(server, base, () => output);
      // The banner is printed right after the server listens; the pipe may deliver it a moment later.
      await expect.poll(() => output).toContain(`Management API   http://127.0.0.1:${port}/api`);

      const token = await tokenFor(base, credentials);
      const list = await fetch(`${base}/api/applications`, { headers: { authorization: `Bearer ${token}` } });
      expect(list.status).toBe(200);
      const applications = (await list.json()) as { id: string; name: string; type: string }[];
      expect(applications).toContainEqual(
        expect.objectContaining({ id: credentials.clientId, name: 'ci-bot', type: 'MachineToMachine' }),
      );

      if (databaseKind === 'pglite') {
        // The data directory is locked by the server: the CLI goes through its control socket.
        const second = parseCredentials(await run(['create-m2m-app', '--name', 'second']));
        expect(second.clientId).not.toBe(credentials.clientId);
        expect(second.resource).toBe('https://default.gatehouse.app/api');
        expect(second.scope).toBe('all');
        const secondToken = await tokenFor(base, second);
        const again = await fetch(`${base}/api/applications`, { headers: { authorization: `Bearer ${secondToken}` } });
        expect(again.status).toBe(200);
        const names = ((await again.json()) as { name: string }[]).map((each) => each.name);
        expect(names).toEqual(expect.arrayContaining(['ci-bot', 'second']));
      }

      server.kill('SIGTERM');
      const exit = await exitOf(server, 10_000);
      expect(exit, output).toEqual({ code: 0, signal: null });
    } finally {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill('SIGKILL');
        await exitOf(server, 5_000);
      }
    }
  });

  it('refuses a tenant other than the default one in OSS', { timeout: cliTimeout }, async () => {
    const result = await run(['create-m2m-app', '--name', 'x', '--tenant', 'other']);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain('Only the default tenant is supported in OSS.');
    expect(result.stdout).not.toContain('clientSecret');
  });

  it('fails without --name', { timeout: cliTimeout }, async () => {
    const result = await run(['create-m2m-app']);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.stderr).toContain('--name');
    expect(result.stdout).not.toContain('clientSecret');
  });

  if (databaseKind === 'pglite') {
    it('warns on stderr when create-m2m-app finds no database in DATA_DIR and creates one', { timeout: cliTimeout }, async () => {
      // The usual mistake: the server runs with DATA_DIR set, the CLI in another shell without it.
      const otherDataDir = path.join(mkdtempSync(path.join(tmpdir(), 'gatehouse-cli-other-')), 'data');
      try {
        const fresh = await run(['create-m2m-app', '--name', 'elsewhere'], { DATA_DIR: otherDataDir });
        expect(parseCredentials(fresh).clientId).toMatch(/^\S+$/);
        expect(fresh.stderr).toContain(`No database was found in ${otherDataDir}`);
        expect(fresh.stderr).toContain('DATA_DIR');

        const again = await run(['create-m2m-app', '--name', 'elsewhere-2'], { DATA_DIR: otherDataDir });
        parseCredentials(again);
        expect(again.stderr).not.toContain('No database was found');
      } finally {
        rmSync(path.dirname(otherDataDir), { recursive: true, force: true });
      }
    });
  }

  if (databaseKind === 'postgres') {
    it('refuses to start on DATABASE_URL without SECRET_KEY', { timeout: cliTimeout }, async () => {
      const port = await freePort();
      const result = await run(['start'], { SECRET_KEY: undefined, PORT: String(port), HOST: '127.0.0.1' });
      expect(result.code).not.toBe(0);
      expect(result.code).not.toBeNull();
      expect(result.stderr).toContain('SECRET_KEY');
    });
  }
});
