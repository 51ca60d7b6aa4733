import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useBrowser } from '../../../core/test/setup/browser.js';
import { startTestServer, type TestServer } from '../../../core/test/setup/test-server.js';
import { findAppGuide } from '../../src/lib/guides/app-guides.js';
import { appGuideContext } from '../../src/lib/guides/context.js';

/**
 * The Express integration guide, run as printed: its files are written from the guide for a real
 * application, started with `node --env-file=.env server.js`, and a person signs in, calls the API
 * and signs out through it in Chromium. The API is a small local server that checks the access
 * token with jose, as the API guide tells.
 */

const guide = findAppGuide('express')!;
const appPort = 3000;
const workDir = new URL(`../../../../test-artifacts/express-guide-${process.pid}/`, import.meta.url).pathname;
const password = 'Orders-Keeper-2048!';

let server: TestServer;
let api: Server;
let express: ChildProcess | undefined;
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
  const issuer = `${server.endpoint}/oidc`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  // The API: answers with the token's subject and scope when the bearer token is for it.
  api = createServer((request, response) => {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    jwtVerify(token, jwks, { issuer, audience: `http://127.0.0.1:${(api.address() as AddressInfo).port}/orders` })
      .then(({ payload }) => response.end(`orders for ${payload.sub} (${payload.scope})`))
      .catch(() => response.writeHead(401).end('invalid token'));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  mkdirSync(workDir, { recursive: true });
});

afterAll(async () => {
  express?.kill();
  api?.close();
  rmSync(workDir, { recursive: true, force: true });
  await server?.close();
});

describe('the Express guide', () => {
  it('signs a person in, calls the API with their token, and signs them out', async () => {
    const admin = await server.api();
    const indicator = `http://127.0.0.1:${(api.address() as AddressInfo).port}/orders`;
    const resource = (await admin.post('/resources', { name: 'Orders', indicator })).body;
    const read = (await admin.post(`/resources/${resource.id}/scopes`, { name: 'read:orders' })).body;
    const role = (await admin.post('/roles', { name: 'Buyer', description: 'Reads orders', scopeIds: [read.id] })).body;
    const user = (await admin.post('/users', { username: 'ada_orders', password, name: 'Ada' })).body;
    await admin.post(`/users/${user.id}/roles`, { roleIds: [role.id] });
    const app = (
      await admin.post('/applications', {
        name: 'Shop',
        type: 'Traditional',
        oidcClientMetadata: { redirectUris: [`http://localhost:${appPort}/callback`], postLogoutRedirectUris: [`http://localhost:${appPort}/`] },
      })
    ).body;
    const [secret] = (await admin.get(`/applications/${app.id}/secrets`)).body;

    const context = appGuideContext(guide, app, { tenantEndpoint: server.endpoint, resource: indicator, scope: 'read:orders', secret: secret.value });
    expect(context.uris.missing).toEqual({ redirectUris: [], postLogoutRedirectUris: [] });
    const files = new Map<string, string>();
    for (const block of guide.steps.flatMap((step) => step.blocks)) {
      if (block.file) {
        files.set(block.file, `${files.get(block.file) ?? ''}${block.code(context)}`);
      }
    }
    // What the reader fills in: the session secret the guide tells them to generate.
    files.set('.env', files.get('.env')!.replace('SESSION_SECRET=\n', 'SESSION_SECRET=a-long-random-session-secret\n'));
    files.set('package.json', JSON.stringify({ type: 'module' }));
    for (const [name, code] of files) {
      writeFileSync(`${workDir}${name}`, code);
    }

    express = spawn('node', ['--env-file=.env', 'server.js'], { cwd: workDir, stdio: ['ignore', 'inherit', 'inherit'] });
    await listening(`http://localhost:${appPort}/`);

    const { page } = browser;
    await page.goto(`http://localhost:${appPort}/`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel('Username', { exact: true }).fill('ada_orders');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Signed in as Ada.').waitFor();

    await page.goto(`http://localhost:${appPort}/orders`);
    await page.getByText(`orders for ${user.id} (read:orders)`).waitFor();

    await page.goto(`http://localhost:${appPort}/`);
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL(`http://localhost:${appPort}/`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
  });
});
