import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { managementApiIndicator, managementScopes } from '@gatehouse/schemas';

import { createExperienceClient, createWebApp } from './setup/experience-client.js';
import { basicAuth, postForm } from './setup/forms.js';
import { grantScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

const breached = 'Tr0ub4dor&3-Leaked';
const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** A local stand-in for the k-anonymity range service that knows one breached password. */
let rangeServer: Server;
let rangeUrl: string;
let prefixesAsked: string[];

beforeAll(async () => {
  prefixesAsked = [];
  const digest = createHash('sha1').update(breached).digest('hex').toUpperCase();
  rangeServer = createServer((request, response) => {
    const prefix = request.url!.split('/').at(-1)!;
    prefixesAsked.push(prefix);
    const lines = ['0000000000000000000000000000000000A:0'];
    if (prefix === digest.slice(0, 5)) {
      lines.push(`${digest.slice(5)}:42`);
    }
    response.end(lines.join('\r\n'));
  });
  rangeUrl = await listen(rangeServer);
});
afterAll(() => rangeServer?.close());

describe('password policy through the API', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<TestServer['api']>>;

  beforeAll(async () => {
    server = await startTestServer({ PASSWORD_BREACH_API_URL: rangeUrl });
    admin = await server.api();
    await admin.patch('/sign-in-exp', {
      passwordPolicy: { length: { min: 10, max: 20 }, characterTypes: { min: 3 }, rejects: { words: ['gatehouse'] } },
    });
  });
  afterAll(async () => server?.close());

  const codesFor = async (password: string, userId?: string) =>
    (await admin.post('/sign-in-exp/default/check-password', { password, ...(userId ? { userId } : {}) })).body.issues.map(
      (issue: { code: string }) => issue.code,
    );

  it.each([
    ['Ab1!', 'password_rejected.too_short'],
    ['Ab1!Ab1!Ab1!Ab1!Ab1!Ab1!', 'password_rejected.too_long'],
    ['Pässwörd-123x', 'password_rejected.unsupported_characters'],
    ['onlylowercase', 'password_rejected.character_types'],
    ['aaaaaaaaaaB1', 'password_rejected.restricted.repetition'],
    ['Abcdefghij1!', 'password_rejected.restricted.sequence'],
    ['Gatehouse!1', 'password_rejected.restricted.words'],
    [breached, 'password_rejected.pwned'],
  ])('rejects %s with %s', async (password, code) => {
    expect(await codesFor(password)).toContain(code);
  });

  it('refuses a policy no password can meet (more character types than the maximum length), and keeps the one it has', async () => {
    const before = (await admin.get('/sign-in-exp')).body.passwordPolicy;
    const refused = await admin.patch('/sign-in-exp', { passwordPolicy: { length: { min: 3, max: 3 }, characterTypes: { min: 4 } } }, { 'accept-language': 'es' });
    expect([refused.status, refused.body.code]).toEqual([400, 'guard.invalid_input']);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ path: 'body.passwordPolicy.characterTypes.min', message: 'No debe superar la longitud máxima: cada tipo de carácter ocupa un carácter.' }),
    ]);
    expect((await admin.get('/sign-in-exp')).body.passwordPolicy).toEqual(before);
  });

  it('answers 404 for a userId that names nobody, instead of skipping the user-info rule', async () => {
    const checked = await admin.post('/sign-in-exp/default/check-password', { password: 'Johnsmith-1!x', userId: 'nobody123456' });
    expect(checked.status).toBe(404);
    expect(checked.body.code).toBe('entity.not_found');
  });

  it('rejects a password made of the user own details', async () => {
    const user = (await admin.post('/users', { username: 'margaret', password: 'Correct-Horse-92!' })).body;
    expect(await codesFor('Margaret9!', user.id)).toContain('password_rejected.restricted.user_info');
    expect(await codesFor('Margaret9!')).toEqual([]);
  });

  it('sends only a five-character hash prefix to the range service', async () => {
    await codesFor('Some-Fine-Pass7');
    expect(prefixesAsked.every((prefix) => /^[\dA-F]{5}$/.test(prefix))).toBe(true);
  });

  it('refuses a breached password at registration, with the localized message', async () => {
    const app = await createWebApp(admin);
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    await browser.api('PUT', '', { interactionEvent: 'Register' });
    await browser.api('POST', '/identification', { identifier: { type: 'username', value: 'leaky' } });
    const refused = await browser.api('POST', '/profile', { type: 'password', value: breached }, { 'accept-language': 'fr' });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'password', code: 'password_rejected.pwned' })]);
    expect(refused.body.details[0].message).not.toMatch(/data breach/);
  });
});

describe('when the breached-password service is down', () => {
  it('lets the password through by default, and refuses with 503 when the check is required', async () => {
    const down = await listen(createServer((_request, response) => response.destroy()));
    for (const [required, status] of [
      ['false', 200],
      ['true', 503],
    ] as const) {
      const server = await startTestServer({ PASSWORD_BREACH_API_URL: down, PASSWORD_BREACH_CHECK_REQUIRED: required });
      try {
        const admin = await server.api();
        const checked = await admin.post('/sign-in-exp/default/check-password', { password: 'Some-Fine-Pass7' });
        expect(checked.status).toBe(status);
        if (status === 503) {
          expect(checked.body.code).toBe('password.breach_check_unavailable');
        }
      } finally {
        await server.close();
      }
    }
  });
});

describe('captcha policy', () => {
  it('cannot be required without a provider, and the provider cannot be removed while it is', async () => {
    const server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
    try {
      const admin = await server.api();
      const refused = await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: true } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('sign_in_experience.unworkable');
      expect(refused.body.details).toEqual([expect.objectContaining({ path: 'captchaPolicy.enabled', code: 'sign_in_experience.missing_captcha_provider' })]);
      expect((await admin.get('/sign-in-exp')).body.captchaPolicy.enabled).toBe(false);

      expect((await admin.put('/captcha-provider', { type: 'Turnstile', siteKey: 'site', secretKey: 'secret' })).status).toBe(200);
      expect((await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: true } })).status).toBe(200);
      const kept = await admin.delete('/captcha-provider');
      expect(kept.status).toBe(422);
      expect(kept.body.details).toEqual([expect.objectContaining({ code: 'sign_in_experience.missing_captcha_provider' })]);
      expect((await admin.get('/captcha-provider')).status).toBe(200);

      expect((await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: false } })).status).toBe(200);
      expect((await admin.delete('/captcha-provider')).status).toBe(204);
    } finally {
      await server.close();
    }
  });
});

describe('reCAPTCHA Enterprise', () => {
  it('accepts a valid token with a human score and refuses a low score (local stand-in)', async () => {
    const assessments: { path: string; token: string; siteKey: string; expectedAction: string }[] = [];
    let pageHostname = '';
    const verifier = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { event } = JSON.parse(body) as { event: { token: string; siteKey: string; expectedAction: string } };
        assessments.push({ path: request.url!, ...event });
        response.setHeader('content-type', 'application/json');
        const tokenProperties = {
          valid: event.token !== 'invalid',
          hostname: event.token === 'made-elsewhere' ? 'phishing.example' : pageHostname,
          action: event.token === 'other-action' ? 'checkout' : 'signIn',
        };
        response.end(JSON.stringify({ tokenProperties, riskAnalysis: { score: event.token === 'bot' ? 0.1 : 0.9 } }));
      });
    });
    const url = await listen(verifier);
    const server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', RECAPTCHA_ENTERPRISE_API_URL: url });
    pageHostname = new URL(server.endpoint).hostname;
    try {
      const admin = await server.api();
      await admin.put('/captcha-provider', { type: 'RecaptchaEnterprise', siteKey: 'site', secretKey: 'api-key', projectId: 'my-project' });
      await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: true } });
      const browser = await createExperienceClient(server.endpoint, await createWebApp(admin));
      await browser.authorize();
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'bot' })).body.code).toBe('captcha.failed');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'invalid' })).body.code).toBe('captcha.failed');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'made-elsewhere' })).body.code).toBe('captcha.failed');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'other-action' })).body.code).toBe('captcha.failed');
      expect((await browser.api('PUT', '', { interactionEvent: 'SignIn', captchaToken: 'human' })).status).toBe(204);
      expect(assessments[0]).toMatchObject({ path: '/v1/projects/my-project/assessments?key=api-key', token: 'bot', siteKey: 'site', expectedAction: 'signIn' });
    } finally {
      await server.close();
      verifier.close();
    }
  });
});

describe('after a sign-in', () => {
  it('refuses to replay the finished interaction and logs each step', async () => {
    const server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
    try {
      const admin = await server.api();
      const app = await createWebApp(admin);
      const user = (await admin.post('/users', { username: 'replayer', password: 'Correct-Horse-92!' })).body;
      const browser = await createExperienceClient(server.endpoint, app);
      await browser.authorize();
      await browser.api('PUT', '', { interactionEvent: 'SignIn' });
      await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'replayer' }, password: 'wrong' });
      const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'replayer' }, password: 'Correct-Horse-92!' });
      await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
      const submitted = await browser.api('POST', '/submit', {});
      await browser.exchange(await browser.follow(submitted.body.redirectTo));

      const replayed = await browser.api('POST', '/submit', {});
      expect(replayed.status).toBe(400);
      expect(replayed.body.code).toBe('session.not_found');

      const logs = (await admin.get(`/logs?userId=${user.id}`)).body as { key: string; payload: { result: string } }[];
      const keys = logs.map((log) => `${log.key}:${log.payload.result}`);
      expect(keys).toEqual(
        expect.arrayContaining([
          'Interaction.SignIn.Verification.Password:Success',
          'Interaction.SignIn.Identification:Success',
          'Interaction.SignIn.Submit:Success',
          'ExchangeTokenBy.AuthorizationCode:Success',
        ]),
      );
      // The failed attempt is on the user's record too.
      expect(keys).toContain('Interaction.SignIn.Verification.Password:Error');
      // Each step names the application signed in to, so the app's own log lists them.
      const appKeys = ((await admin.get(`/logs?applicationId=${app.id}`)).body as { key: string }[]).map((log) => log.key);
      expect(appKeys).toEqual(expect.arrayContaining(['Interaction.SignIn.Create', 'Interaction.SignIn.Identification', 'Interaction.SignIn.Submit']));
    } finally {
      await server.close();
    }
  });
});

describe('connectors', () => {
  it('refuses development connectors unless DEV_CONNECTORS is set, and test-sends with an unsaved config', async () => {
    const server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
    try {
      const admin = await server.api();
      const refused = await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: '/tmp/anywhere' } });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('connector.development_disabled');
      const factories = (await admin.get('/connector-factories')).body as { id: string; type: string; configSchema: { type: string } }[];
      expect(factories.map((factory) => factory.id).sort()).toEqual(['apple', 'github', 'google', 'http-sms', 'microsoft', 'oauth2', 'oidc', 'smtp', 'twilio-sms']);
      expect((await admin.get('/connector-factories/dev-email')).status).toBe(404);
      expect(factories.find((factory) => factory.id === 'smtp')!.configSchema.type).toBe('object');

      const sms: string[] = [];
      const smsProvider = createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          sms.push(body);
          response.end('{}');
        });
      });
      const smsUrl = await listen(smsProvider);
      try {
        const tested = await admin.post('/connectors/http-sms/test', {
          to: '15550001111',
          config: {
            endpoint: `${smsUrl}/send`,
            bodyTemplate: { format: 'json', template: '{"to":"{{to}}","text":"{{content}}"}' },
            templates: [{ usageType: 'Generic', content: 'Test code {{code}}' }],
          },
        });
        expect(tested.status, JSON.stringify(tested.body)).toBe(204);
        expect(JSON.parse(sms[0]!)).toEqual({ to: '15550001111', text: 'Test code 000000' });
        expect((await admin.get('/connectors')).body).toEqual([]);
        const invalid = await admin.post('/connectors/http-sms/test', { to: '1', config: { endpoint: 'not a url' } });
        expect(invalid.status).toBe(422);
        expect(invalid.body.code).toBe('connector.invalid_config');
        expect(invalid.body.details.length).toBeGreaterThan(0);
      } finally {
        smsProvider.close();
      }
    } finally {
      await server.close();
    }
  });

  it('test-sends a saved connector with its stored secrets when given its id, and lists development factories with DEV_CONNECTORS', async () => {
    const server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off', DEV_CONNECTORS: 'true' });
    const authorizations: string[] = [];
    const smsProvider = createServer((request, response) => {
      authorizations.push(String(request.headers.authorization));
      request.resume();
      request.on('end', () => response.end('{}'));
    });
    const smsUrl = await listen(smsProvider);
    try {
      const admin = await server.api();
      const factories = (await admin.get('/connector-factories')).body as { id: string }[];
      expect(factories.map((factory) => factory.id)).toEqual(expect.arrayContaining(['dev-email', 'dev-sms']));

      const config = {
        endpoint: `${smsUrl}/send`,
        authorization: 'Bearer stored-sms-secret',
        bodyTemplate: { format: 'json', template: '{"to":"{{to}}","text":"{{content}}"}' },
        templates: [{ usageType: 'Generic', content: 'Test code {{code}}' }],
      };
      const created = await admin.post('/connectors', { connectorId: 'http-sms', config });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const masked = created.body.config as Record<string, unknown>;
      expect(masked.authorization).toBe('********');

      const withId = await admin.post('/connectors/http-sms/test', { to: '15550002222', config: masked, id: created.body.id });
      expect(withId.status, JSON.stringify(withId.body)).toBe(204);
      expect(authorizations).toEqual(['Bearer stored-sms-secret']);

      // Without the id the mask is just a value; a saved connector of another factory is not found.
      expect((await admin.post('/connectors/http-sms/test', { to: '15550002222', config: masked })).status).toBe(204);
      expect(authorizations[1]).toBe('********');
      const otherFactory = await admin.post('/connectors/dev-sms/test', { to: '15550002222', config: { directory: '/tmp/gatehouse-dev-sms' }, id: created.body.id });
      expect(otherFactory.status).toBe(404);

      const app = (await admin.post('/applications', { name: 'connector reader', type: 'MachineToMachine' })).body;
      const [secret] = (await admin.get(`/applications/${app.id}/secrets`)).body;
      await grantScopes(server, 'default', app.id, managementApiIndicator('default'), [managementScopes.readConnectors]);
      const issued = await postForm(
        `${server.endpoint}/oidc/token`,
        { grant_type: 'client_credentials', resource: managementApiIndicator('default'), scope: managementScopes.readConnectors },
        basicAuth(app.id, secret.value),
      );
      expect(issued.status).toBe(200);
      const reader = server.apiWithToken('default', issued.body.access_token);
      expect((await reader.get('/connector-factories')).status).toBe(200);
      const refused = await reader.post('/connectors/http-sms/test', { to: '15550002222', config: masked, id: created.body.id });
      expect(refused.status).toBe(403);
      expect(authorizations).toHaveLength(2);
    } finally {
      smsProvider.close();
      await server.close();
    }
  });
});
