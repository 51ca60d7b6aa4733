import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

import react from '@vitejs/plugin-react';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../../../core/test/setup/browser.js';
import { startTestServer, type TestServer } from '../../../core/test/setup/test-server.js';
import { findApiGuide } from '../../src/lib/guides/api-guides.js';
import { findAppGuide } from '../../src/lib/guides/app-guides.js';
import { appGuideContext } from '../../src/lib/guides/context.js';
import type { AppGuide, CodeTemplate } from '../../src/lib/guides/types.js';

/**
 * Integration guides run as printed: a guide's files are written for a real application, the app
 * is started (Express) or built with Vite and served (React), and a person signs in through the
 * hosted page, calls the API with the access token and signs out, in Chromium; the Node
 * client-credentials and token-validation guides run on Node against the same server. The API is a small
 * local server that checks the token with jose, as the API guide tells.
 */

const workRoot = new URL(`../../../../test-artifacts/guides-run-${process.pid}/`, import.meta.url).pathname;
const password = 'Orders-Keeper-2048!';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let api: Server;
let indicator: string;
let userId: string;
/** The API's `read:orders` permission. */
let readOrdersId: string;
const cleanups: (() => void)[] = [];
const browser = useBrowser();

const listening = async (url: string) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await fetch(url);
      return;
    } catch {
      await delay(100);
    }
  }
  throw new Error(`${url} did not start`);
};

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  const issuer = `${server.endpoint}/oidc`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  // The API: answers with the token's subject and scope when the bearer token is for it. Browsers
  // call it from the SPA's origin, so it answers CORS preflights.
  api = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'Authorization');
    if (request.method === 'OPTIONS') {
      response.end();
      return;
    }
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    jwtVerify(token, jwks, { issuer, audience: indicator })
      .then(({ payload }) => response.end(`orders for ${payload.sub} (${payload.scope})`))
      .catch(() => response.writeHead(401).end('invalid token'));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  indicator = `http://127.0.0.1:${(api.address() as AddressInfo).port}/orders`;

  const resource = (await admin.post('/resources', { name: 'Orders', indicator })).body;
  const read = (await admin.post(`/resources/${resource.id}/scopes`, { name: 'read:orders' })).body;
  readOrdersId = read.id;
  const role = (await admin.post('/roles', { name: 'Buyer', description: 'Reads orders', scopeIds: [read.id] })).body;
  userId = (await admin.post('/users', { username: 'ada_orders', password, name: 'Ada' })).body.id;
  await admin.post(`/users/${userId}/roles`, { roleIds: [role.id] });
});

afterAll(async () => {
  for (const cleanup of cleanups) {
    cleanup();
  }
  api?.close();
  rmSync(workRoot, { recursive: true, force: true });
  await server?.close();
});

/** Writes a guide's files (blocks of the same file concatenated, in order) into `dir`. */
const writeFiles = <Context>(steps: { blocks: CodeTemplate<Context>[] }[], context: Context, dir: string, extraFiles: Record<string, string> = {}) => {
  const files = new Map<string, string>(Object.entries(extraFiles));
  for (const block of steps.flatMap((step) => step.blocks)) {
    if (block.file) {
      files.set(block.file, `${files.get(block.file) ?? ''}${block.code(context)}`);
    }
  }
  for (const [name, code] of files) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), code);
  }
  return files;
};

/** Creates the app, writes the guide's files for it into a folder of their own, and returns it. */
const writeGuide = async (guide: AppGuide, app: { type: string; origin: string }, extraFiles: Record<string, string> = {}) => {
  const created = (
    await admin.post('/applications', {
      name: guide.title,
      type: app.type,
      oidcClientMetadata: { redirectUris: [`${app.origin}/callback`], postLogoutRedirectUris: [`${app.origin}/`] },
    })
  ).body;
  const secret = app.type === 'SPA' ? null : (await admin.get(`/applications/${created.id}/secrets`)).body[0].value;
  const context = appGuideContext(guide, created, { tenantEndpoint: server.endpoint, resource: indicator, scope: 'read:orders', secret });
  expect(context.uris.missing).toEqual({ redirectUris: [], postLogoutRedirectUris: [] });
  const dir = `${workRoot}${guide.id}/`;
  return { dir, files: writeFiles(guide.steps, context, dir, extraFiles) };
};

/** The person's side: sign in on the hosted page, call the API, sign out. */
const signInCallApiAndSignOut = async (origin: string, controls: { signIn: 'link' | 'button'; callApi: () => Promise<void> }) => {
  const { page } = browser;
  await page.goto(`${origin}/`);
  await page.getByRole(controls.signIn, { name: 'Sign in' }).click();
  await page.waitForURL(/\/sign-in/);
  await page.getByLabel('Username', { exact: true }).fill('ada_orders');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Signed in as Ada').waitFor();
  await controls.callApi();
  await page.getByText(`orders for ${userId} (read:orders)`).waitFor();
};

describe('integration guides, run as printed', () => {
  it('Express: signs a person in, calls the API with their token, and signs them out', async () => {
    const origin = 'http://localhost:3000';
    const { dir, files } = await writeGuide(findAppGuide('express')!, { type: 'Traditional', origin }, { 'package.json': JSON.stringify({ type: 'module' }) });
    // What the reader fills in: the session secret the guide tells them to generate.
    writeFileSync(`${dir}.env`, files.get('.env')!.replace('SESSION_SECRET=\n', 'SESSION_SECRET=a-long-random-session-secret\n'));
    const express: ChildProcess = spawn('node', ['--env-file=.env', 'server.js'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
    cleanups.push(() => express.kill());
    await listening(`${origin}/`);

    const { page } = browser;
    await signInCallApiAndSignOut(origin, { signIn: 'link', callApi: async () => void (await page.goto(`${origin}/orders`)) });
    await page.goto(`${origin}/`);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
  });

  it('React: built with Vite, signs a person in, calls the API from the browser, and signs them out', async () => {
    const origin = 'http://localhost:5173';
    // The page Vite's React template starts with; the guide's code goes in src/.
    const { dir } = await writeGuide(findAppGuide('react')!, { type: 'SPA', origin }, {
      'index.html': '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
    });
    await build({ root: dir, logLevel: 'silent', configFile: false, plugins: [react()], build: { outDir: 'dist' } });
    // A static host with the single-page fallback (the callback path serves the app too).
    const host = createServer((request, response) => {
      const path = join(`${dir}dist`, new URL(request.url ?? '/', origin).pathname);
      const file = existsSync(path) && extname(path) ? path : join(`${dir}dist`, 'index.html');
      response.setHeader('content-type', extname(file) === '.js' ? 'text/javascript' : 'text/html');
      response.end(readFileSync(file));
    });
    await new Promise<void>((resolve) => host.listen(5173, '127.0.0.1', resolve));
    cleanups.push(() => host.close());

    const { page } = browser;
    await signInCallApiAndSignOut(origin, { signIn: 'button', callApi: () => page.getByRole('button', { name: 'Call the API' }).click() });
    await page.getByText('200 orders for').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
  });

  it('Node client credentials: gets a token the Node API guide validates, and reuses it', async () => {
    const role = (await admin.post('/roles', { name: 'Order exporter', description: 'Reads orders', type: 'MachineToMachine', scopeIds: [readOrdersId] })).body;
    const app = (await admin.post('/applications', { name: 'Nightly export', type: 'MachineToMachine' })).body;
    await admin.post(`/roles/${role.id}/applications`, { applicationIds: [app.id] });
    const [secret] = (await admin.get(`/applications/${app.id}/secrets`)).body;
    const issuer = `${server.endpoint}/oidc`;
    const dir = `${workRoot}machine-to-machine/`;
    const appContext = { appId: app.id, issuer, redirectUri: '', postLogoutRedirectUri: '', resource: indicator, scope: 'read:orders', secret: null };
    expect([...writeFiles(findAppGuide('node-client-credentials')!.steps, appContext, dir).keys()]).toContain('token.js');
    const apiGuide = findApiGuide('node-jose')!;
    expect([...writeFiles(apiGuide.steps, { issuer, resource: indicator, scope: 'read:orders' }, dir).keys()]).toContain('auth.js');
    writeFileSync(
      `${dir}check.js`,
      `import { getAccessToken } from './token.js';
import { verifyAccessToken } from './auth.js';
const token = await getAccessToken();
const again = await getAccessToken();
console.log(JSON.stringify({ claims: await verifyAccessToken(token), cached: token === again }));
`,
    );
    const run = () => promisify(execFile)('node', [`${dir}check.js`], { env: { ...process.env, GATEHOUSE_CLIENT_SECRET: secret.value } });
    const { claims, cached } = JSON.parse((await run()).stdout) as { claims: Record<string, unknown>; cached: boolean };
    expect(claims).toMatchObject({ iss: issuer, aud: indicator, client_id: app.id, scope: 'read:orders' });
    expect(cached).toBe(true);

    // The API guide refuses a token for another API.
    writeFiles(apiGuide.steps, { issuer, resource: 'https://other.example.com', scope: '' }, dir);
    await expect(run()).rejects.toThrow(/aud/);
  });
});
