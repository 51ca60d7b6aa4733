import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateId } from '../src/crypto/ids.js';
import { purgeOldLogs } from '../src/modules/logs/logs.service.js';
import { logs } from '../src/modules/logs/logs.table.js';
import { basicAuth, postForm } from './setup/forms.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let api: Awaited<ReturnType<TestServer['api']>>;

beforeAll(async () => {
  server = await startTestServer();
  api = await server.api();
});
afterAll(async () => server?.close());

const m2m = async () => {
  const resource = (await api.post('/resources', { name: 'Logged', indicator: `https://logged-${generateId()}.example.com` })).body;
  const app = (await api.post('/applications', { name: 'logged-client', type: 'MachineToMachine' })).body;
  const [secret] = (await api.get(`/applications/${app.id}/secrets`)).body;
  return { resource, app, secret: secret.value as string };
};

describe('audit logs of token requests', () => {
  it('logs a successful client-credentials grant before answering, without secrets', async () => {
    const { resource, app, secret } = await m2m();
    const issued = await postForm(
      `${server.endpoint}/oidc/token`,
      { grant_type: 'client_credentials', resource: resource.indicator },
      { ...basicAuth(app.id, secret), 'user-agent': 'log-test/1.0' },
    );
    expect(issued.status).toBe(200);
    // No wait: the entry is committed before the token is sent.
    const list = await api.get(`/logs?applicationId=${app.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      key: 'ExchangeTokenBy.ClientCredentials',
      payload: {
        result: 'Success',
        applicationId: app.id,
        userAgent: 'log-test/1.0',
        params: { grantType: 'client_credentials', resource: resource.indicator },
      },
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(issued.body.access_token);
    const one = await api.get(`/logs/${list.body[0].id}`);
    expect(one.body).toEqual(list.body[0]);
    expect((await api.get('/logs/nosuchlog')).status).toBe(404);
  });

  it('logs failed and non-fast-path grants through oidc-provider', async () => {
    const { resource, app, secret } = await m2m();
    const failed = await postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials' }, basicAuth(app.id, `${secret}x`));
    expect(failed.status).toBe(401);
    const opaque = await postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials', unused: 'x', resource: resource.indicator }, basicAuth(app.id, secret));
    expect(opaque.status).toBe(200);
    const errors = await api.get(`/logs?result=Error&logKey=ExchangeTokenBy.ClientCredentials&applicationId=${app.id}`);
    expect(errors.body).toHaveLength(1);
    expect(errors.body[0].payload.error).toMatchObject({ code: 'invalid_client' });
    const successes = await api.get(`/logs?result=Success&applicationId=${app.id}`);
    expect(successes.body).toHaveLength(1);
  });

  it('commits every entry of a burst (group commit) and filters by time', async () => {
    const { resource, app, secret } = await m2m();
    const before = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        postForm(`${server.endpoint}/oidc/token`, { grant_type: 'client_credentials', resource: resource.indicator }, basicAuth(app.id, secret)),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const page = await api.get(`/logs?applicationId=${app.id}&page_size=5&startTime=${before - 1000}`);
    expect(page.headers.get('total-number')).toBe('40');
    expect((await api.get(`/logs?applicationId=${app.id}&endTime=${before - 1000}`)).body).toEqual([]);
  });

  it('needs the read:logs scope', async () => {
    const none = server.apiWithToken('default', undefined);
    expect((await none.get('/logs')).status).toBe(401);
  });

  it('deletes entries older than the retention period, a batch at a time', async () => {
    const scope = server.gatehouse.scopeFor('default');
    const oldIds = Array.from({ length: 5 }, () => generateId());
    await scope.transaction((tx) =>
      tx.insert(logs).values(
        oldIds.map((id, n) => ({
          tenantId: 'default',
          id,
          key: 'ExchangeTokenBy.ClientCredentials',
          payload: { key: 'ExchangeTokenBy.ClientCredentials', result: 'Success' as const },
          createdAt: new Date(Date.now() - (40 + n) * 86_400_000),
        })),
      ),
    );
    expect((await api.get(`/logs/${oldIds[0]}`)).status).toBe(200);
    // Batches of two: three rounds, the last one short.
    expect(await purgeOldLogs(server.database, ['default'], 30, 2)).toBe(5);
    for (const id of oldIds) {
      expect((await api.get(`/logs/${id}`)).status).toBe(404);
    }
    expect((await api.get('/logs')).body.length).toBeGreaterThan(0);
  });
});
