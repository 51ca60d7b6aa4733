/**
 * User search at a million users: seeds the bench database with server-side INSERT … SELECT in
 * batches, then times list requests one at a time over HTTP (p50/p95 of each scenario).
 */
import pg from 'pg';

const firstNames = ['james', 'mary', 'robert', 'patricia', 'john', 'jennifer', 'michael', 'linda', 'david', 'elizabeth', 'grace', 'alan', 'ada', 'linus', 'margaret', 'dennis', 'barbara', 'ken', 'frances', 'edsger'];
const lastNames = ['smith', 'johnson', 'williams', 'brown', 'jones', 'garcia', 'miller', 'davis', 'hopper', 'turing', 'lovelace', 'torvalds', 'hamilton', 'ritchie', 'liskov', 'thompson', 'allen', 'dijkstra', 'knuth', 'lamport', 'wirth', 'kay', 'backus', 'mccarthy', 'codd'];

const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/** Inserts users i = 1…count into the default tenant; returns how long it took. */
export const seedUsers = async (databaseUrl: string, count: number) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const batch = 50_000;
  const first = `(${sqlArray(firstNames)})[1 + i % ${firstNames.length}]`;
  const last = `(${sqlArray(lastNames)})[1 + (i / ${firstNames.length}) % ${lastNames.length}]`;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await client.query(
      `INSERT INTO users (tenant_id, id, username, primary_email, primary_phone, name, created_at, updated_at, last_sign_in_at)
       SELECT 'default', 'b' || lpad(i::text, 11, '0'),
              ${first} || '_' || ${last} || i,
              ${first} || '.' || ${last} || i || '@' || (array['example.com','mail.example.org','corp.example.net'])[1 + i % 3],
              '1' || lpad(((i::bigint * 7919) % 10000000000)::text, 10, '0'),
              initcap(${first}) || ' ' || initcap(${last}),
              now() - make_interval(secs => ${count} - i), now(),
              CASE WHEN i % 4 = 0 THEN now() - make_interval(secs => i % 86400) END
       FROM generate_series($1::int, $2::int) AS i`,
      [from, to],
    );
  }
  await client.query('VACUUM ANALYZE users');
  await client.end();
  return { seconds: (performance.now() - started) / 1000, lastNames, firstNames };
};

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Times `requests` sequential GETs of the paths `pathFor(n)` gives; fails on any non-200. */
export const timeRequests = async (baseUrl: string, token: string, requests: number, pathFor: (n: number) => string) => {
  const durations: number[] = [];
  let total = '';
  for (let n = 0; n < requests + 20; n += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${pathFor(n)}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) {
      throw new Error(`${pathFor(n)} answered ${response.status}`);
    }
    total = `${response.headers.get('total-number') ?? ''}${response.headers.get('total-number-capped') === 'true' ? '+' : ''}`;
    // The first 20 warm caches and the JIT.
    if (n >= 20) {
      durations.push(elapsed);
    }
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), lastTotal: total };
};
