/**
 * Sessions, grants and tokens of signed-in users, as a busy tenant holds them: seeded before the
 * sign-in benchmark so that every lookup a sign-in makes runs against a full storage table.
 */
import pg from 'pg';

const models = ['Session', 'Grant', 'AccessToken', 'RefreshToken'];

/** Inserts `count` live rows into the default tenant's OIDC storage, for users b1…bN. */
export const seedLiveSessions = async (databaseUrl: string, count: number, userCount: number) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await client.query(
      `INSERT INTO oidc_model_instances (tenant_id, model_name, id, payload, expires_at)
       SELECT 'default', (array['${models.join("','")}'])[1 + i % ${models.length}], 'live' || lpad(i::text, 12, '0'),
              jsonb_build_object(
                'jti', 'live' || lpad(i::text, 12, '0'),
                'uid', CASE WHEN i % ${models.length} = 0 THEN 'uid' || i END,
                'accountId', 'b' || lpad((1 + i % $3::int)::text, 11, '0'),
                'grantId', 'grant' || (i / ${models.length}),
                'clientId', 'bench-client-' || (i % 50),
                'exp', extract(epoch from now())::int + 86400),
              now() + interval '1 day'
       FROM generate_series($1::int, $2::int) AS i`,
      [from, to, userCount],
    );
  }
  await client.query('VACUUM ANALYZE oidc_model_instances');
  await client.end();
  return { seconds: (performance.now() - started) / 1000 };
};
