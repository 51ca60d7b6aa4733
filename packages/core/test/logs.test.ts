import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { generateId } from '../src/crypto/ids.js';
import { countMatches, logCountLimit, purgeOldLogs } from '../src/modules/logs/logs.service.js';
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

describe('long audit logs', () => {
  const scope = () => server.gatehouse.scopeFor('default');

  /** Entries a day old, a second apart; every thousandth one failed. */
  const insertEntries = (count: number) =>
    scope().transaction((tx) =>
      tx.execute(sql`insert into logs (tenant_id, id, key, payload, created_at)
        select 'default', 'bulk-' || n, 'Interaction.SignIn.Submit',
          jsonb_build_object('key', 'Interaction.SignIn.Submit', 'result', case when n % 1000 = 0 then 'Error' else 'Success' end),
          ${new Date(Date.now() - 86_400_000).toISOString()}::timestamptz + n * interval '1 second'
        from generate_series(1, ${count}::int) as n`),
    );

  it('counts the newest 10,000 matches, pages through them, and reaches older entries by time', async () => {
    await insertEntries(logCountLimit + 50);
    const first = await api.get('/logs?page_size=20');
    expect(first.headers.get('total-number')).toBe(String(logCountLimit));
    expect(first.headers.get('total-number-capped')).toBe('true');
    const last = await api.get(`/logs?page_size=20&page=${logCountLimit / 20}`);
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(20);
    const beyond = await api.get(`/logs?page_size=20&page=${logCountLimit / 20 + 1}`);
    expect(beyond.status).toBe(400);
    expect(beyond.body.code).toBe('guard.page_out_of_range');
    // Fewer matches than the limit are counted exactly.
    const failed = await api.get('/logs?result=Error&logKey=Interaction.SignIn.Submit');
    expect(failed.headers.get('total-number')).toBe('10');
    expect(failed.headers.get('total-number-capped')).toBeNull();
    const oldest = await api.get(`/logs?endTime=${last.body.at(-1).createdAt}`);
    expect(oldest.headers.get('total-number-capped')).toBeNull();
    expect(oldest.body[0].createdAt).toBeLessThan(last.body.at(-1).createdAt);
  });

  it('counts failed entries from their own index, whatever the number of entries', async () => {
    const plan = await scope().transaction(async (tx) => {
      const statement = countMatches(tx, { result: 'Error' }).toSQL();
      const args = statement.params.map((param) => (typeof param === 'number' ? String(param) : `'${String(param)}'`)).join(', ');
      await tx.execute(sql.raw(`prepare count_errors as ${statement.sql}`));
      // The plan a pooled connection settles on after a few executions.
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      const result = (await tx.execute(sql.raw(`explain (format json) execute count_errors(${args})`))) as unknown as {
        rows: { 'QUERY PLAN': unknown }[];
      };
      await tx.execute(sql`deallocate count_errors`);
      return JSON.stringify(result.rows[0]!['QUERY PLAN']);
    });
    expect(plan).toMatch(/"Index Name":\s*"logs_tenant_errors"/);
    expect(plan).not.toContain('Seq Scan');
  });
});
