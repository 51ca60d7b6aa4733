import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { Ajv } from 'ajv';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createExperienceClient, createWebApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * The OpenAPI document as a client generated from it reads it: the sign-in routes' real answers
 * (status and body) must be the ones it documents, and the document must hold together.
 */

type Schema = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  summary?: string;
  operationId?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type OpenApiDocument = {
  openapi: string;
  security?: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const httpMethods = ['get', 'put', 'post', 'delete', 'patch'];
/** Everything about sign-in (the brief of this suite). */
const signInPaths = /^\/api\/(sign-in-exp|custom-phrases|custom-profile-fields|captcha-provider|connectors|connector-factories|email-templates|experience|users\/\{id\}\/identities)/;

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let document: OpenApiDocument;
let outbox: string;
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

beforeAll(async () => {
  outbox = mkdtempSync(path.join(tmpdir(), 'gatehouse-openapi-'));
  server = await startTestServer({
    DEV_CONNECTORS: 'true',
    // Nothing listens there: with the check required, a new password cannot be judged (503).
    PASSWORD_BREACH_API_URL: 'http://127.0.0.1:1',
    PASSWORD_BREACH_CHECK_REQUIRED: 'true',
    SIGN_IN_RATE_LIMIT: '2',
  });
  admin = await server.api();
  document = (await (await fetch(`${server.endpoint}/api/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const operationsOf = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => httpMethods.includes(method))
      .map(([method, operation]) => ({ route, method, operation, name: `${method.toUpperCase()} ${route}` })),
  );

/** The answer's status is documented for the operation, and its body is the documented one (none for 204). */
const expectDocumented = (method: string, route: string, answer: { status: number; body: unknown }) => {
  const operation = document.paths[route]?.[method.toLowerCase()];
  expect(operation, `${method} ${route} is documented`).toBeDefined();
  const documented = operation!.responses[String(answer.status)];
  expect(documented, `${method} ${route} answered ${answer.status} ${JSON.stringify(answer.body)}`).toBeDefined();
  if (answer.status === 204) {
    expect(documented!.content, `${method} ${route} 204 has no content`).toBeUndefined();
    return;
  }
  const schema = documented!.content?.['application/json']?.schema;
  expect(schema, `${method} ${route} ${answer.status} documents a JSON body`).toBeDefined();
  const validate = ajv.compile({ ...schema, components: document.components });
  expect(validate(answer.body), `${method} ${route} ${answer.status}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(answer.body).slice(0, 400)}`).toBe(true);
};

describe('real answers of the sign-in routes', () => {
  it('connectors and their factories, including a connector without a platform (null)', async () => {
    const created = await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } });
    expect(created.status).toBe(201);
    expect(created.body.platform).toBeNull();
    expectDocumented('POST', '/api/connectors', created);
    expectDocumented('GET', '/api/connectors', await admin.get('/connectors'));
    expectDocumented('GET', '/api/connectors/{id}', await admin.get(`/connectors/${created.body.id}`));
    expectDocumented('PATCH', '/api/connectors/{id}', await admin.patch(`/connectors/${created.body.id}`, { config: { directory: outbox } }));
    expectDocumented('GET', '/api/connector-factories', await admin.get('/connector-factories'));
    expectDocumented('GET', '/api/connector-factories/{id}', await admin.get('/connector-factories/smtp'));
    expectDocumented('GET', '/api/connector-factories/{id}', await admin.get('/connector-factories/nope'));
    expectDocumented('POST', '/api/connectors', await admin.post('/connectors', { connectorId: 'dev-email', config: { directory: outbox } }));
    expectDocumented('DELETE', '/api/connectors/{id}', await admin.delete(`/connectors/${created.body.id}`));
  });

  it('a test message the provider refuses (502)', async () => {
    const config = {
      host: '127.0.0.1',
      port: 1,
      fromEmail: 'no-reply@example.com',
      connectionTimeoutMs: 500,
      templates: [{ usageType: 'Generic', subject: 'Your code', content: 'Your code is {{code}}', contentType: 'text/plain' }],
    };
    const failed = await admin.post('/connectors/smtp/test', { config, to: 'alice@example.com' });
    expect(failed.status).toBe(502);
    expectDocumented('POST', '/api/connectors/{id}/test', failed);
    const sent = await admin.post('/connectors/dev-email/test', { config: { directory: outbox }, to: 'alice@example.com' });
    expectDocumented('POST', '/api/connectors/{id}/test', sent);
  });

  it('email templates', async () => {
    const put = await admin.put('/email-templates', {
      templates: [{ languageTag: 'en', templateType: 'SignIn', details: { subject: 'Sign in', content: 'Code {{code}}', contentType: 'text/plain' } }],
    });
    expectDocumented('PUT', '/api/email-templates', put);
    const id = put.body[0].id as string;
    expectDocumented('GET', '/api/email-templates', await admin.get('/email-templates'));
    expectDocumented('GET', '/api/email-templates/{id}', await admin.get(`/email-templates/${id}`));
    expectDocumented('PATCH', '/api/email-templates/{id}/details', await admin.patch(`/email-templates/${id}/details`, { subject: 'Your code' }));
    expectDocumented('DELETE', '/api/email-templates', await admin.call('DELETE', '/email-templates?languageTag=fr'));
    expectDocumented('DELETE', '/api/email-templates/{id}', await admin.delete(`/email-templates/${id}`));
    expectDocumented('GET', '/api/email-templates/{id}', await admin.get(`/email-templates/${id}`));
  });

  it('the sign-in experience, its password check, custom phrases, captcha and custom profile fields', async () => {
    expectDocumented('GET', '/api/sign-in-exp', await admin.get('/sign-in-exp'));
    expectDocumented('PATCH', '/api/sign-in-exp', await admin.patch('/sign-in-exp', { customCss: null }));
    expectDocumented('PATCH', '/api/sign-in-exp', await admin.patch('/sign-in-exp', { signInMode: 'Nope' }));
    const unavailable = await admin.post('/sign-in-exp/default/check-password', { password: 'Correct-Horse-92!' });
    expect(unavailable.status).toBe(503);
    expectDocumented('POST', '/api/sign-in-exp/default/check-password', unavailable);

    expectDocumented('PUT', '/api/custom-phrases/{languageTag}', await admin.put('/custom-phrases/de', { 'sign_in.submit': 'Los' }));
    expectDocumented('PUT', '/api/custom-phrases/{languageTag}', await admin.put('/custom-phrases/de', { 'sign_in.sumbit': 'Los' }));
    expectDocumented('GET', '/api/custom-phrases', await admin.get('/custom-phrases'));
    expectDocumented('GET', '/api/custom-phrases/{languageTag}', await admin.get('/custom-phrases/de'));
    expectDocumented('DELETE', '/api/custom-phrases/{languageTag}', await admin.delete('/custom-phrases/de'));
    expectDocumented('GET', '/api/custom-phrases/{languageTag}', await admin.get('/custom-phrases/de'));
    // A language the pages do not speak: the same answer whatever the verb.
    for (const unsupported of [await admin.get('/custom-phrases/xx'), await admin.delete('/custom-phrases/xx'), await admin.put('/custom-phrases/xx', {})]) {
      expect([unsupported.status, unsupported.body.code]).toEqual([422, 'sign_in_experience.unsupported_language']);
    }
    expectDocumented('GET', '/api/custom-phrases/{languageTag}', await admin.get('/custom-phrases/xx'));

    expectDocumented('GET', '/api/captcha-provider', await admin.get('/captcha-provider'));
    expectDocumented('PUT', '/api/captcha-provider', await admin.put('/captcha-provider', { type: 'Turnstile', siteKey: 'site', secretKey: 'secret' }));
    expectDocumented('GET', '/api/captcha-provider', await admin.get('/captcha-provider'));
    expectDocumented('DELETE', '/api/captcha-provider', await admin.delete('/captcha-provider'));

    const field = await admin.post('/custom-profile-fields', { name: 'nickname', type: 'Text', label: 'Nickname', required: false, config: {} });
    expectDocumented('POST', '/api/custom-profile-fields', field);
    expectDocumented('GET', '/api/custom-profile-fields', await admin.get('/custom-profile-fields'));
    expectDocumented('GET', '/api/custom-profile-fields/{name}', await admin.get('/custom-profile-fields/nickname'));
    expectDocumented('PATCH', '/api/custom-profile-fields/{name}', await admin.patch('/custom-profile-fields/nickname', { label: 'Nick' }));
    expectDocumented('POST', '/api/custom-profile-fields/properties/sie-order', await admin.post('/custom-profile-fields/properties/sie-order', { order: [{ name: 'nickname', sieOrder: 1 }] }));
    expectDocumented('DELETE', '/api/custom-profile-fields/{name}', await admin.delete('/custom-profile-fields/nickname'));
  });

  it("a user's social identities and their token set", async () => {
    const user = await admin.post('/users', { username: 'openapi_identities' });
    expect(user.status).toBe(201);
    const base = `/users/${user.body.id}/identities`;
    expectDocumented('PUT', '/api/users/{id}/identities/{target}', await admin.put(`${base}/google`, { userId: 'g-1', details: { email: 'a@example.com' } }));
    expectDocumented('GET', '/api/users/{id}/identities', await admin.get(base));
    expectDocumented('GET', '/api/users/{id}/identities/{target}/token-set', await admin.get(`${base}/google/token-set`));
    expectDocumented('GET', '/api/users/{id}/identities/{target}/token-set', await admin.get(`${base}/Google/token-set`));
    expectDocumented('DELETE', '/api/users/{id}/identities/{target}', await admin.delete(`${base}/google`));
  });

  it('identities as a social sign-in stores them: whatever the provider said, however large', async () => {
    const user = await admin.post('/users', { username: 'openapi_social' });
    // What submit stores for a provider with a long subject and a large profile (rawData is the provider's own).
    const identity = { userId: 's'.repeat(300), details: { email: 'a@example.com', rawData: { groups: Array.from({ length: 3000 }, (_, index) => `group-${index}-${'x'.repeat(20)}`) } } };
    await server.database.withTenant('default', (tx) =>
      tx.execute(sql`update users set identities = ${JSON.stringify({ acme: identity })}::jsonb where id = ${user.body.id}`),
    );
    const listed = await admin.get(`/users/${user.body.id}/identities`);
    expect(listed.status).toBe(200);
    expect(listed.body.acme.userId).toBe(identity.userId);
    expectDocumented('GET', '/api/users/{id}/identities', listed);
    expectDocumented('GET', '/api/users/{id}', await admin.get(`/users/${user.body.id}`));
    // Linking another identity answers them all, the stored one included.
    expectDocumented('PUT', '/api/users/{id}/identities/{target}', await admin.put(`/users/${user.body.id}/identities/google`, { userId: 'g-2' }));
    // What an administrator links is still bounded.
    const tooLong = await admin.put(`/users/${user.body.id}/identities/google`, { userId: 'g'.repeat(257) });
    expect(tooLong.status).toBe(400);
    expectDocumented('PUT', '/api/users/{id}/identities/{target}', tooLong);
  });

  it('bodies that are not JSON (415) or too large (413)', async () => {
    const text = await admin.call('PATCH', '/sign-in-exp', 'hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expectDocumented('PATCH', '/api/sign-in-exp', text);
    const large = await admin.put('/custom-phrases/de', { 'sign_in.submit': 'x'.repeat(300_000) });
    expect(large.status).toBe(413);
    expectDocumented('PUT', '/api/custom-phrases/{languageTag}', large);
    const experience = await fetch(`${server.endpoint}/api/experience`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'SignIn' });
    expect(experience.status).toBe(415);
    expectDocumented('PUT', '/api/experience', { status: experience.status, body: await experience.json() });
  });

  it('the experience API: the live interaction before a flow starts (event null), the steps, and the rate limit (429)', async () => {
    const app = await createWebApp(admin);
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize();
    const config = await browser.api('GET', '/config');
    expect(config.body.interaction.event).toBeNull();
    expectDocumented('GET', '/api/experience/config', config);
    expectDocumented('PUT', '/api/experience', await browser.api('PUT', '', { interactionEvent: 'SignIn' }));
    expectDocumented('PUT', '/api/experience/interaction-event', await browser.api('PUT', '/interaction-event', { interactionEvent: 'SignIn' }));
    expectDocumented('POST', '/api/experience/submit', await browser.api('POST', '/submit', {}));
    const attempt = () => browser.api('POST', '/verification/password', { identifier: { type: 'username', value: 'nobody' }, password: 'wrong' });
    const answers = [await attempt(), await attempt(), await attempt()];
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 429]);
    for (const answer of answers) {
      expectDocumented('POST', '/api/experience/verification/password', answer);
    }
    expectDocumented('DELETE', '/api/experience', await browser.api('DELETE', ''));
  });
});

describe('the document', () => {
  it('is well-formed OpenAPI 3.0 for every route', () => {
    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(50);
    const operationIds = operations.map(({ operation }) => operation.operationId).filter(Boolean);
    expect(new Set(operationIds).size, 'operationIds are unique').toBe(operationIds.length);
    for (const { route, operation, name } of operations) {
      expect(operation.summary, `${name} has a summary`).toBeTruthy();
      expect(Object.keys(operation.responses).length, name).toBeGreaterThan(0);
      // Every path template variable is a required path parameter, and no path parameter is left over.
      const variables = [...route.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      const pathParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(pathParameters.map((parameter) => parameter.name).sort(), name).toEqual(variables);
      expect(pathParameters.every((parameter) => parameter.required === true), name).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${name} ${status} has a description`).toBeTruthy();
        expect(response.description, `${name} ${status}`).not.toBe('Default Response');
        if (status === '204') {
          expect(response.content, `${name} 204 has no content`).toBeUndefined();
        }
      }
    }
  });

  it('lets null through every nullable enum (OpenAPI 3.0: `nullable` does not widen `enum`)', () => {
    const refused: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) {
        node.forEach((each, index) => walk(each, `${at}/${index}`));
      } else if (node && typeof node === 'object') {
        const schema = node as Schema;
        if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
          refused.push(at);
        }
        for (const [key, value] of Object.entries(schema)) {
          walk(value, `${at}/${key}`);
        }
      }
    };
    walk(document, '#');
    expect(refused).toEqual([]);
  });

  it('documents the answers the server gives beyond the common errors', () => {
    // Any route that takes a JSON body: a body over the limit, or of another content type.
    const withBody = operationsOf(document).filter(({ operation }) => operation.requestBody);
    expect(withBody.length).toBeGreaterThan(30);
    for (const { operation, name } of withBody) {
      expect(Object.keys(operation.responses), name).toEqual(expect.arrayContaining(['413', '415']));
    }
    const statuses = (method: string, route: string) => Object.keys(document.paths[route]![method]!.responses);
    // Per-IP limits, locked identifiers, too many codes, a provider's rate limit.
    for (const route of [
      '/api/experience/verification/password',
      '/api/experience/verification/verification-code',
      '/api/experience/verification/verification-code/verify',
      '/api/experience/verification/social/{connectorId}/authorization-uri',
      '/api/experience/verification/social/{connectorId}/verify',
    ]) {
      expect(statuses('post', route), route).toContain('429');
    }
    // An email, SMS or social provider that failed.
    for (const route of [
      '/api/connectors/{id}/test',
      '/api/experience/verification/verification-code',
      '/api/experience/verification/social/{connectorId}/authorization-uri',
      '/api/experience/verification/social/{connectorId}/verify',
    ]) {
      expect(statuses('post', route), route).toContain('502');
    }
    // The breached-password service, when it must be asked and cannot be.
    expect(statuses('post', '/api/sign-in-exp/default/check-password')).toContain('503');
    expect(statuses('post', '/api/experience/profile')).toContain('503');
    expect(statuses('put', '/api/experience/profile/password')).toContain('503');
    // No 429 where nothing limits.
    for (const [method, route] of [
      ['put', '/api/experience'],
      ['put', '/api/experience/interaction-event'],
      ['post', '/api/experience/identification'],
      ['post', '/api/experience/profile'],
    ] as const) {
      expect(statuses(method, route), `${method} ${route}`).not.toContain('429');
    }
  });

  it('covers every sign-in route, management ones with the bearer token and experience ones without', () => {
    const signIn = operationsOf(document).filter(({ route }) => signInPaths.test(route));
    expect(signIn.length).toBeGreaterThan(40);
    for (const { route, operation, name } of signIn) {
      if (route.startsWith('/api/experience')) {
        // Bound to the interaction cookie: no bearer token, and so no 401 (a lost session is 400).
        expect(operation.security, name).toEqual([]);
        expect(Object.keys(operation.responses), name).not.toContain('401');
      } else {
        expect(operation.security ?? document.security, name).toEqual([{ bearer: [] }]);
      }
    }
  });
});
