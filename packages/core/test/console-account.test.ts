import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signInAsConsoleUser } from './setup/console-sign-in.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let outbox: string;
let assetsDir: string;
let accessToken: string;

const admin = { username: 'owner', password: 'Owner-Password-42' };
const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-outbox-'));
  assetsDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-assets-'));
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true', USER_ASSETS_DIR: assetsDir });
  const created = await fetch(`${server.endpoint}/api/console/first-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(created.status).toBe(201);
  accessToken = (await signInAsConsoleUser(server, admin.username, admin.password)).access_token;
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
  rmSync(assetsDir, { recursive: true, force: true });
});

const me = async (method: string, subpath: string, body?: unknown, token: string | null = accessToken) => {
  const response = await fetch(`${server.endpoint}/api/me${subpath}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
};

/** The newest message the development email connector wrote to `to`. */
const lastMessageTo = (to: string) =>
  readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; type: string; payload: { code: string } })
    .filter((message) => message.to === to)
    .at(-1);

describe('linking an email to the console account', () => {
  it('says so when the admin tenant has no email connector', async () => {
    const refused = await me('POST', '/verification-codes', { email: 'owner@example.com' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('connector.email_not_configured');
  });

  it('sends a 6-digit code through the admin tenant email connector and links the address with it', async () => {
    const adminTenant = await server.api('admin');
    expect((await adminTenant.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } })).status).toBe(201);

    expect((await me('POST', '/verification-codes', { email: 'not-an-email' })).status).toBe(400);
    expect((await me('POST', '/verification-codes', { email: 'owner@example.com' })).status).toBe(204);
    const message = lastMessageTo('owner@example.com');
    expect(message?.type).toBe('BindNewIdentifier');
    expect(message?.payload.code).toMatch(/^\d{6}$/);
    const code = message!.payload.code;

    const wrong = await me('POST', '/email', { email: 'owner@example.com', verificationCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('verification_code.mismatch');
    // A code for another address does not link this one.
    const other = await me('POST', '/email', { email: 'other@example.com', verificationCode: code });
    expect(other.status).toBe(400);
    expect(other.body.code).toBe('verification_code.not_found');

    const linked = await me('POST', '/email', { email: 'owner@example.com', verificationCode: code });
    expect(linked.status).toBe(200);
    expect(linked.body.primaryEmail).toBe('owner@example.com');
    expect((await me('GET', '')).body.primaryEmail).toBe('owner@example.com');
    // Used once only.
    expect((await me('POST', '/email', { email: 'owner@example.com', verificationCode: code })).status).toBe(400);
  });

  it('refuses an address another console user has', async () => {
    const adminTenant = await server.api('admin');
    expect((await adminTenant.post('/users', { username: 'colleague', primaryEmail: 'colleague@example.com' })).status).toBe(201);
    const taken = await me('POST', '/verification-codes', { email: 'Colleague@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('user.email_already_in_use');
  });

  it('needs the console user token', async () => {
    expect((await me('POST', '/verification-codes', { email: 'owner@example.com' }, null)).status).toBe(401);
    expect((await me('POST', '/email', { email: 'owner@example.com', verificationCode: '123456' }, null)).status).toBe(401);
    const machine = await server.managementToken('default');
    expect((await me('POST', '/email', { email: 'owner@example.com', verificationCode: '123456' }, machine)).status).toBe(401);
  });
});

describe('the console account avatar', () => {
  const uploadAvatar = async (content: Buffer, token: string | null = accessToken) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${server.endpoint}/api/me/user-assets`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as { url?: string; code?: string } };
  };

  it('uploads into the admin tenant assets and sets it as the avatar', async () => {
    const status = await me('GET', '/user-assets/service-status');
    expect(status.status).toBe(200);
    expect(status.body.status).toBe('ready');

    const uploaded = await uploadAvatar(pngBytes);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.url).toMatch(new RegExp(`^${server.endpoint}/t/admin/user-assets/[\\da-z]{21}\\.png$`));
    expect((await fetch(uploaded.body.url!)).status).toBe(200);
    const saved = await me('PATCH', '', { avatar: uploaded.body.url });
    expect(saved.status).toBe(200);
    expect(saved.body.avatar).toBe(uploaded.body.url);

    const refused = await uploadAvatar(Buffer.from('not an image'));
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('user_assets.unsupported_type');
  });

  it('needs the console user token', async () => {
    expect((await me('GET', '/user-assets/service-status', undefined, null)).status).toBe(401);
    expect((await uploadAvatar(pngBytes, null)).status).toBe(401);
  });
});
