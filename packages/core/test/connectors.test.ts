import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let outbox: string;

const smsRequests: { headers: IncomingHttpHeaders; body: string }[] = [];
let smsProvider: Server;
let smsUrl: string;

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-connectors-'));
  smsProvider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      smsRequests.push({ headers: request.headers, body });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => smsProvider.listen(0, '127.0.0.1', resolve));
  smsUrl = `http://127.0.0.1:${(smsProvider.address() as AddressInfo).port}`;
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true' });
  admin = await server.api();
});
afterAll(async () => {
  await server?.close();
  await new Promise<void>((resolve) => smsProvider.close(() => resolve()));
  rmSync(outbox, { recursive: true, force: true });
});

/** No email or SMS connector left, so each test starts from an empty slot. */
const removeMessageConnectors = async () => {
  for (const connector of (await admin.get('/connectors')).body as { id: string; type: string }[]) {
    if (connector.type !== 'Social') {
      expect((await admin.delete(`/connectors/${connector.id}`)).status).toBe(204);
    }
  }
};

const smtpConfig = (port: number) => ({
  host: '127.0.0.1',
  port,
  fromEmail: 'no-reply@example.com',
  connectionTimeoutMs: 500,
  templates: [{ usageType: 'Generic', subject: 'Your code', content: 'Your code is {{code}}', contentType: 'text/plain' }],
});

const httpSmsConfig = (extra: Record<string, unknown> = {}) => ({
  endpoint: `${smsUrl}/send`,
  bodyTemplate: { format: 'json', template: '{"to":"{{to}}","text":"{{content}}"}' },
  templates: [{ usageType: 'Generic', content: 'Code {{code}}' }],
  ...extra,
});

/** The messages the development email connector wrote, oldest first. */
const writtenMessages = () =>
  readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(outbox, name), 'utf8')) as { to: string; locale: string; subject?: string; content: string });

describe('one email and one SMS connector per tenant', () => {
  beforeEach(removeMessageConnectors);

  it('refuses a second email connector of another factory, and a second SMS connector', async () => {
    expect((await admin.post('/connectors', { connectorId: 'smtp', config: smtpConfig(2525) })).status).toBe(201);
    const email = await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } });
    expect(email.status, JSON.stringify(email.body)).toBe(409);
    expect(email.body.code).toBe('connector.type_exists');

    expect((await admin.post('/connectors', { connectorId: 'dev-sms', config: { directory: outbox } })).status).toBe(201);
    for (const create of [
      { connectorId: 'http-sms', config: httpSmsConfig() },
      { connectorId: 'twilio-sms', config: { accountSID: `AC${'0'.repeat(32)}`, authToken: 'token', fromNumber: '+15550001111', templates: [{ usageType: 'Generic', content: '{{code}}' }] } },
    ]) {
      const sms = await admin.post('/connectors', create);
      expect(sms.status, create.connectorId).toBe(409);
      expect(sms.body.code).toBe('connector.type_exists');
    }
    const listed = (await admin.get('/connectors')).body as { connectorId: string; type: string }[];
    expect(listed.filter((connector) => connector.type === 'Email').map((connector) => connector.connectorId)).toEqual(['smtp']);
    expect(listed.filter((connector) => connector.type === 'Sms').map((connector) => connector.connectorId)).toEqual(['dev-sms']);
  });

  it('lets only one of concurrent creates through, and takes another factory once the old one is deleted', async () => {
    const results = await Promise.all([
      admin.post('/connectors', { connectorId: 'smtp', config: smtpConfig(2525) }),
      admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } }),
      admin.post('/connectors', { connectorId: 'smtp', config: smtpConfig(2526) }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409]);
    expect(results.filter((result) => result.status === 409).map((result) => result.body.code)).toEqual(['connector.type_exists', 'connector.type_exists']);

    const [kept] = (await admin.get('/connectors?type=Email')).body as { id: string }[];
    expect((await admin.delete(`/connectors/${kept!.id}`)).status).toBe(204);
    expect((await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } })).status).toBe(201);
  });

  it('keeps one social connector per target, and several targets', async () => {
    const oidc = (target: string) => ({
      connectorId: 'oidc',
      config: { issuer: 'https://id.example.com', clientId: 'client', clientSecret: 'secret', scope: 'openid' },
      metadata: { target, name: { en: target } },
    });
    expect((await admin.post('/connectors', oidc('acme'))).status).toBe(201);
    expect((await admin.post('/connectors', oidc('globex'))).status).toBe(201);
    const again = await admin.post('/connectors', oidc('acme'));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('connector.target_exists');
  });
});

describe('test-send', () => {
  it('refuses a recipient that is not an email address or a phone number, before contacting the provider', async () => {
    const email = await admin.post('/connectors/smtp/test', { config: smtpConfig(1), to: 'not-an-email' });
    expect(email.status, JSON.stringify(email.body)).toBe(400);
    expect(email.body.code).toBe('guard.invalid_input');
    expect(email.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.to']);

    const before = smsRequests.length;
    const phone = await admin.post('/connectors/http-sms/test', { config: httpSmsConfig(), to: 'call me maybe' }, { 'accept-language': 'de' });
    expect(phone.status).toBe(400);
    expect(phone.body.code).toBe('guard.invalid_input');
    expect(phone.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.to']);
    expect(phone.body.message).not.toMatch(/^The request/);
    expect(smsRequests.length).toBe(before);

    // An email address is no phone number, and the other way round.
    expect((await admin.post('/connectors/http-sms/test', { config: httpSmsConfig(), to: 'a@example.com' })).status).toBe(400);
    expect((await admin.post('/connectors/dev-email/test', { config: { directory: outbox }, to: '15550001111' })).status).toBe(400);
  });

  it('keeps the provider detail for administrators', async () => {
    const failed = await admin.post('/connectors/smtp/test', { config: smtpConfig(1), to: 'alice@example.com' });
    expect(failed.status).toBe(502);
    expect(failed.body.code).toBe('connector.general');
    expect(failed.body.message).toContain('127.0.0.1:1');
  });

  it('renders the tenant email template in the requested language, else English, else the connector template', async () => {
    const config = {
      directory: outbox,
    };
    const send = async (locale?: string) => {
      const sent = await admin.post('/connectors/dev-email/test', { config, to: 'alice@example.com', ...(locale ? { locale } : {}) });
      expect(sent.status, JSON.stringify(sent.body)).toBe(204);
      return writtenMessages().at(-1)!;
    };
    // No stored template: the connector renders the payload itself.
    expect((await send('de')).subject).toBeUndefined();

    const stored = await admin.put('/email-templates', {
      templates: [
        { languageTag: 'de', templateType: 'Generic', details: { subject: 'Ihr Code', content: 'Ihr Code lautet {{code}}', contentType: 'text/plain' } },
        { languageTag: 'en', templateType: 'Generic', details: { subject: 'Your code', content: 'Your code is {{code}}', contentType: 'text/plain' } },
      ],
    });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    try {
      const german = await send('de');
      expect(german).toMatchObject({ locale: 'de', subject: 'Ihr Code', content: 'Ihr Code lautet 000000' });
      expect(await send('fr')).toMatchObject({ locale: 'fr', subject: 'Your code' });
      expect(await send()).toMatchObject({ locale: 'en', subject: 'Your code' });
    } finally {
      await admin.delete('/email-templates?templateType=Generic');
    }
  });
});

describe('email templates', () => {
  const details = { subject: 'Accedi', content: 'Codice {{code}}', contentType: 'text/plain' };

  it('refuses a sender name with a URL and a reply-to that is not an email address, on PUT and PATCH', async () => {
    const put = await admin.put('/email-templates', {
      templates: [{ languageTag: 'it', templateType: 'SignIn', details: { ...details, sendFrom: 'Visit www.evil-example.com', replyTo: 'not an email' } }],
    });
    expect(put.status).toBe(400);
    expect(put.body.code).toBe('guard.invalid_input');
    expect(put.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual([
      'body.templates.0.details.replyTo',
      'body.templates.0.details.sendFrom',
    ]);
    expect((await admin.get('/email-templates?languageTag=it')).body).toEqual([]);

    const saved = await admin.put('/email-templates', {
      templates: [{ languageTag: 'it', templateType: 'SignIn', details: { ...details, sendFrom: 'Acme Inc.', replyTo: 'help@example.com' } }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body[0].id as string;
    for (const [field, value] of [
      ['sendFrom', 'https://evil.example'],
      ['sendFrom', 'acme.com support'],
      ['replyTo', 'nobody'],
    ] as const) {
      const patched = await admin.patch(`/email-templates/${id}/details`, { [field]: value });
      expect(patched.status, `${field}=${value}`).toBe(400);
      expect(patched.body.details.map((detail: { path: string }) => detail.path)).toEqual([`body.${field}`]);
    }
    expect((await admin.get(`/email-templates/${id}`)).body.details).toMatchObject({ sendFrom: 'Acme Inc.', replyTo: 'help@example.com' });
  });

  it('refuses the same language and type twice in one request, and stores nothing of it', async () => {
    const put = await admin.put('/email-templates', {
      templates: [
        { languageTag: 'fr', templateType: 'SignIn', details: { ...details, subject: 's1' } },
        { languageTag: 'fr', templateType: 'Register', details },
        { languageTag: 'fr', templateType: 'SignIn', details: { ...details, subject: 's2' } },
      ],
    });
    expect(put.status).toBe(400);
    expect(put.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.templates.2.templateType']);
    expect((await admin.get('/email-templates?languageTag=fr')).body).toEqual([]);
  });
});

describe('secret masking', () => {
  beforeEach(removeMessageConnectors);

  it('masks credential headers and fields by name, in any case, and keeps them when the mask is sent back', async () => {
    const config = httpSmsConfig({
      headers: { 'X-Auth-Key': 'hdrsecret1', 'Ocp-Apim-Subscription-Key': 'hdrsecret2', 'x-api-token': 'hdrsecret3', 'X-Tenant': 'acme' },
      bodyTemplate: { format: 'form', fields: { key: 'formsecret2', to: '{{to}}', text: '{{content}}' } },
      authorization: 'Bearer stored',
    });
    const created = await admin.post('/connectors', { connectorId: 'http-sms', config });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const shown = (await admin.get(`/connectors/${created.body.id}`)).body.config;
    expect(shown.headers).toEqual({ 'X-Auth-Key': '********', 'Ocp-Apim-Subscription-Key': '********', 'x-api-token': '********', 'X-Tenant': 'acme' });
    expect(shown.bodyTemplate.fields).toEqual({ key: '********', to: '{{to}}', text: '{{content}}' });
    expect(shown.authorization).toBe('********');
    expect(shown.endpoint).toBe(`${smsUrl}/send`);
    expect(JSON.stringify((await admin.get('/connectors')).body)).not.toMatch(/hdrsecret|formsecret/);

    // The mask sent back keeps each stored value; a new value replaces it.
    const patched = await admin.patch(`/connectors/${created.body.id}`, { config: { ...shown, headers: { ...shown.headers, 'X-Tenant': 'globex' } } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const before = smsRequests.length;
    const tested = await admin.post('/connectors/http-sms/test', { config: patched.body.config, to: '15550001111', id: created.body.id });
    expect(tested.status, JSON.stringify(tested.body)).toBe(204);
    const request = smsRequests[before]!;
    expect(request.headers).toMatchObject({
      'x-auth-key': 'hdrsecret1',
      'ocp-apim-subscription-key': 'hdrsecret2',
      'x-api-token': 'hdrsecret3',
      'x-tenant': 'globex',
      authorization: 'Bearer stored',
    });
    expect(new URLSearchParams(request.body).get('key')).toBe('formsecret2');

    // Pointed elsewhere, a stored secret is not sent along: it must be typed again.
    const elsewhere = { ...shown, endpoint: 'http://127.0.0.1:9/capture' };
    const exfiltrate = await admin.post('/connectors/http-sms/test', { config: elsewhere, to: '15550001111', id: created.body.id });
    expect(exfiltrate.status).toBe(422);
    expect(exfiltrate.body.code).toBe('connector.secret_required');
    expect(exfiltrate.body.message).toContain('endpoint');
    // Each secret to type again is named on its own field.
    expect(exfiltrate.body.details).toEqual(
      ['config.headers.X-Auth-Key', 'config.headers.Ocp-Apim-Subscription-Key', 'config.headers.x-api-token', 'config.authorization', 'config.bodyTemplate.fields.key'].map((path) => ({
        path,
        code: 'connector.secret_reenter',
        message: 'Enter it again: a stored secret goes only where it was configured to go.',
      })),
    );
    const moved = await admin.patch(`/connectors/${created.body.id}`, { config: elsewhere });
    expect(moved.status).toBe(422);
    expect((await admin.get(`/connectors/${created.body.id}`)).body.config.endpoint).toBe(`${smsUrl}/send`);
    // With every secret given again, the connector may move.
    const retyped = {
      ...elsewhere,
      headers: { 'X-Auth-Key': 'new1', 'Ocp-Apim-Subscription-Key': 'new2', 'x-api-token': 'new3', 'X-Tenant': 'globex' },
      bodyTemplate: { format: 'form', fields: { key: 'new4', to: '{{to}}', text: '{{content}}' } },
      authorization: 'Bearer new',
    };
    expect((await admin.patch(`/connectors/${created.body.id}`, { config: retyped })).status).toBe(200);
  });
});
