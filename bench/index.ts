/**
 * `npm run bench`: load tests against a real server process on PostgreSQL, each printed beside a
 * baseline measured in the same run. Not a test: it reports figures, it does not pass or fail.
 *
 *   BENCH_SECONDS (default 10)  BENCH_CONNECTIONS (default 32)  BENCH_DATABASE_URL (default local)
 *   BENCH_USERS (default 1,000,000: users seeded for the search figures)
 *   BENCH_LIVE_ROWS (default 1,000,000: stored sessions, grants and tokens during the sign-ins)
 */
import { execFile, fork, type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';

import autocannon from 'autocannon';
import pg from 'pg';

import { benchConsole } from './console-load.js';
import { seedLiveSessions } from './live-sessions.js';
import { benchPasswordSignIn } from './password-sign-in.js';
import { cpuSince, cpuSnapshot } from './process-cpu.js';
import { seedUsers, timeRequests } from './user-search.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const databaseName = 'gatehouse_bench';
const secretKey = 'bench-secret-key-0123456789abcdef-0123456789';
const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const databaseUrl = () => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
};

const recreateDatabase = async () => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${databaseName}`);
  await client.end();
};

const serverEnv = (port: number) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl(),
  SECRET_KEY: secretKey,
  LOG_LEVEL: 'warn',
  // The breached-password range service is on the internet; sign-in does not call it anyway.
  PASSWORD_BREACH_API_URL: 'off',
  // Every simulated user comes from 127.0.0.1: lift the per-IP limit that would otherwise stop them.
  SIGN_IN_RATE_LIMIT: '1000000',
});

/** The production bundle, as `npm start` runs it. */
const bundle = `${root}packages/cli/dist/gatehouse.mjs`;

const cli = (args: string[], env: NodeJS.ProcessEnv) => promisify(execFile)('node', [bundle, ...args], { env, cwd: root });

const waitForStatus = async (url: string, timeoutMs = 60_000) => {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) {
        return performance.now() - started;
      }
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > timeoutMs) {
      throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    }
    await delay(25);
  }
};

/** Servers still running: stopped if the benchmark fails half-way, so nothing is left behind. */
const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => child.kill()));

const startGatehouse = async (port: number) => {
  const child = spawn('node', [bundle, 'start'], {
    env: serverEnv(port),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const readyAfterMs = await waitForStatus(`http://127.0.0.1:${port}/api/status`);
  return { child, readyAfterMs };
};

const stop = async (child: ChildProcess) => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

type Load = { perSecond: number; p50: number; p99: number; errors: number; total: number };

const load = async (url: string, headers: Record<string, string>, body: string): Promise<Load> => {
  const result = await autocannon({ url, method: 'POST', headers, body, connections, duration: seconds, pipelining: 1 });
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    total: result.requests.total,
  };
};

const format = (name: string, result: Load) =>
  `${name.padEnd(34)} ${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${String(result.p50).padStart(3)} ms   p99 ${String(result.p99).padStart(3)} ms   errors ${result.errors}/${result.total}`;

const main = async () => {
  await promisify(execFile)('node', [`${root}scripts/build.mjs`], { cwd: root });
  console.log(`Benchmarks: ${seconds} s each, ${connections} keep-alive connections, Node ${process.version}\n`);
  await recreateDatabase();

  // First start migrates and seeds; the second measures start-to-ready on an existing database.
  const port = await freePort();
  let gatehouse = await startGatehouse(port);
  console.log(`first start (migrate + seed)       ${gatehouse.readyAfterMs.toFixed(0)} ms to /api/status`);
  await stop(gatehouse.child);
  gatehouse = await startGatehouse(port);
  console.log(`start on existing database         ${gatehouse.readyAfterMs.toFixed(0)} ms to /api/status (process spawn included)`);
  await delay(2000);
  console.log(`idle RSS                           ${rssMb(gatehouse.child.pid!).toFixed(0)} MB\n`);

  const { stdout } = await cli(['create-m2m-app', '--name', 'bench'], serverEnv(port));
  const credentials = JSON.parse(stdout) as { clientId: string; clientSecret: string; resource: string };
  const basic = `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
  const headers = { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' };
  const body = new URLSearchParams({ grant_type: 'client_credentials', resource: credentials.resource, scope: 'all' }).toString();

  // Warm up (JIT, caches), then measure.
  const tokenUrl = `http://127.0.0.1:${port}/oidc/token`;
  const probe = await fetch(tokenUrl, { method: 'POST', headers, body });
  if (!probe.ok) {
    throw new Error(`token request failed: ${await probe.text()}`);
  }
  await autocannon({ url: tokenUrl, method: 'POST', headers, body, connections, duration: 3 });
  const gatehouseResult = await load(tokenUrl, headers, body);
  const rssUnderLoad = rssMb(gatehouse.child.pid!);
  await stop(gatehouse.child);

  // Baseline: same credentials check and an equivalent ES256 token from a bare Node server.
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const baselinePort = await freePort();
  const baseline = fork(`${root}bench/baseline-server.ts`, [
    JSON.stringify([
      credentials.clientId,
      credentials.clientSecret,
      privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      'bench-key',
      `http://127.0.0.1:${port}/oidc`,
      credentials.resource,
    ]),
  ], { env: { ...process.env, PORT: String(baselinePort) }, execArgv: ['--import', 'tsx'] });
  await new Promise((resolve) => baseline.once('message', resolve));
  const baselineUrl = `http://127.0.0.1:${baselinePort}/token`;
  await autocannon({ url: baselineUrl, method: 'POST', headers, body, connections, duration: 3 });
  const baselineResult = await load(baselineUrl, headers, body);
  baseline.kill();

  console.log('client_credentials token endpoint (one server process = one core):');
  console.log(format('  Gatehouse (PostgreSQL)', gatehouseResult));
  console.log(format('  baseline: bare Node + ES256 sign', baselineResult));
  console.log(`  Gatehouse / baseline             ${((gatehouseResult.perSecond / baselineResult.perSecond) * 100).toFixed(0)} %`);
  console.log(`  RSS under load                   ${rssUnderLoad.toFixed(0)} MB`);

  await benchUsers(port, { headers, body });
};

/** User search at BENCH_USERS users (default 1,000,000), then password verification throughput. */
const benchUsers = async (port: number, tokenRequest: { headers: Record<string, string>; body: string }) => {
  const userCount = Number(process.env.BENCH_USERS ?? 1_000_000);
  const seeded = await seedUsers(databaseUrl(), userCount);
  console.log(`\nuser search, ${userCount.toLocaleString('en')} users (seeded in ${seeded.seconds.toFixed(0)} s), sequential requests over HTTP:`);
  const gatehouse = await startGatehouse(port);
  const tokenResponse = await fetch(`http://127.0.0.1:${port}/oidc/token`, { method: 'POST', ...tokenRequest });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  const api = `http://127.0.0.1:${port}/api`;
  const someone = (n: number) => 1 + ((n * 104_729) % userCount);
  const lastNameOf = (i: number) => seeded.lastNames[Math.floor(i / seeded.firstNames.length) % seeded.lastNames.length]!;
  const usernameOf = (i: number) => `${seeded.firstNames[i % seeded.firstNames.length]}_${lastNameOf(i)}${i}`;
  // A page in the middle of the list: the hardest place for page numbers.
  const lastPage = Math.ceil(userCount / 20);
  const deepPage = Math.max(1, Math.floor(userCount / 40) - 220);
  // Each last name is one user in 25; a search reaches its first 1,000 matches by page number.
  const nameHits = Math.floor(userCount / seeded.lastNames.length);
  const searchPage = Math.max(1, Math.ceil(Math.min(1000, nameHits) / 20));
  const scenarios: [string, (n: number) => string][] = [
    ['first page, newest first', () => '/users'],
    ['substring of an email (few hits)', (n) => `/users?search=${lastNameOf(someone(n))}${someone(n)}`],
    [`substring of a name (~${nameHits.toLocaleString('en')} hits)`, (n) => `/users?search=${seeded.lastNames[n % seeded.lastNames.length]}`],
    [`  same, page ${searchPage} (of the first ${Math.min(1000, nameHits)})`, (n) => `/users?search=${seeded.lastNames[n % seeded.lastNames.length]}&page=${searchPage}`],
    ['  same, by last sign-in', (n) => `/users?search=${seeded.lastNames[n % seeded.lastNames.length]}&sortBy=lastSignInAt`],
    ['email domain (a third of users)', () => '/users?search=corp.example'],
    ['1-2 characters (field prefix)', (n) => `/users?search=${['an', 'jo', 'ma', 'e', '1', 'zq'][n % 6]}`],
    ['exact username', (n) => `/users?mode=exact&searchFields=username&search=${usernameOf(someone(n))}`],
    [`deep page by number (page ${deepPage.toLocaleString('en')})`, (n) => `/users?page=${((deepPage + n - 1) % lastPage) + 1}&page_size=20`],
    ['last page by number', () => `/users?page=${lastPage}&page_size=20`],
  ];
  // Cursors pointing deep into the list, as a client walking it would hold them.
  const cursors: string[] = [];
  for (let n = 0; n < 220; n += 1) {
    const id = `b${String(someone(n)).padStart(11, '0')}`;
    const user = (await (await fetch(`${api}/users/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { createdAt: number };
    cursors.push(Buffer.from(`${user.createdAt}:${id}`).toString('base64url'));
  }
  scenarios.push(['deep page by cursor (anywhere)', (n) => `/users?cursor=${cursors[n % cursors.length]}&page_size=20`]);
  for (const [name, pathFor] of scenarios) {
    const timing = await timeRequests(api, token, 200, pathFor);
    console.log(`  ${name.padEnd(36)} p50 ${timing.p50.toFixed(1).padStart(6)} ms   p95 ${timing.p95.toFixed(1).padStart(6)} ms   (Total-Number ${timing.lastTotal})`);
  }

  // Password verification through the API (Argon2id, OWASP parameters) beside a bare verify loop.
  const password = 'correct horse battery staple';
  const created = await fetch(`${api}/users`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench_password_user', password }),
  });
  const { id } = (await created.json()) as { id: string };
  const verifyUrl = `${api}/users/${id}/password/verify`;
  const verifyHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const verifyBody = JSON.stringify({ password });
  await autocannon({ url: verifyUrl, method: 'POST', headers: verifyHeaders, body: verifyBody, connections: 8, duration: 2 });
  const verifyCpuBefore = cpuSnapshot(gatehouse.child.pid!);
  const verified = await autocannon({ url: verifyUrl, method: 'POST', headers: verifyHeaders, body: verifyBody, connections: 8, duration: seconds });
  const verifyCpu = cpuSince(verifyCpuBefore, gatehouse.child.pid!);
  const verifyCpuMs = ((verifyCpu.server + verifyCpu.postgres) / verified.requests.total) * 1000;

  // Whole password sign-ins through the hosted pages' API, ending with tokens.
  const appResponse = await fetch(`${api}/applications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench web', type: 'Traditional', oidcClientMetadata: { redirectUris: ['https://app.example.com/callback'] } }),
  });
  const benchApp = (await appResponse.json()) as { id: string };
  const [appSecret] = (await (await fetch(`${api}/applications/${benchApp.id}/secrets`, { headers: { authorization: `Bearer ${token}` } })).json()) as { value: string }[];
  const liveRows = Number(process.env.BENCH_LIVE_ROWS ?? 1_000_000);
  const live = await seedLiveSessions(databaseUrl(), liveRows, userCount);
  const cpuBefore = cpuSnapshot(gatehouse.child.pid!);
  const signIns = await benchPasswordSignIn(
    `http://127.0.0.1:${port}`,
    { id: benchApp.id, secret: appSecret!.value, redirectUri: 'https://app.example.com/callback' },
    'bench_password_user',
    password,
    seconds,
    8,
  );
  const { server: serverCpu, postgres: postgresCpu } = cpuSince(cpuBefore, gatehouse.child.pid!);
  const signedIn = signIns.completed + signIns.warmup;
  console.log(`\nadmin console in Chromium (server on PostgreSQL with the users above):\n  ${await benchConsole(`http://127.0.0.1:${port}`, `${root}packages/cli/dist/console`)}`);
  await stop(gatehouse.child);
  const { stdout: baselineOut } = await promisify(execFile)('node', ['--import', 'tsx', `${root}bench/password-baseline.ts`, String(seconds)], { cwd: root });
  const { perSecond: baselineRate, perCpuSecond: bareCpuRate } = JSON.parse(baselineOut) as { perSecond: number; perCpuSecond: number };
  const cores = availableParallelism();
  console.log(`\npassword verification (Argon2id m=19 MiB t=2 p=1, ${cores} cores):`);
  console.log(`  Gatehouse POST /users/:id/password/verify  ${verified.requests.average.toFixed(1).padStart(6)} /s  (${(verified.requests.average / cores).toFixed(1)} per core)   p50 ${verified.latency.p50} ms   errors ${verified.non2xx + verified.errors}/${verified.requests.total}`);
  console.log(`  baseline: bare @node-rs/argon2 verify loop ${baselineRate.toFixed(1).padStart(6)} /s  (${(baselineRate / cores).toFixed(1)} per core)`);
  console.log(`  Gatehouse / baseline                       ${((verified.requests.average / baselineRate) * 100).toFixed(0)} %   (the load generator shares the ${cores} cores)`);
  console.log(
    `  verifies per core-second of server CPU     ${(1000 / verifyCpuMs).toFixed(1)}   vs bare ${bareCpuRate.toFixed(1)} per core-second of its CPU   (${((1000 / verifyCpuMs / bareCpuRate) * 100).toFixed(0)} %; ${verifyCpuMs.toFixed(2)} ms of Node + PostgreSQL CPU per verify, ${(1000 / bareCpuRate).toFixed(2)} ms bare)`,
  );
  console.log(
    `\npassword sign-in through the experience API (authorize, identify + verify, submit, redirects, token; 8 at once; ${liveRows.toLocaleString('en')} live sessions, grants and tokens stored, seeded in ${live.seconds.toFixed(0)} s):`,
  );
  console.log(`  Gatehouse sign-ins                         ${signIns.perSecond.toFixed(1).padStart(6)} /s  (${(signIns.perSecond / cores).toFixed(1)} per core)   p50 ${signIns.p50.toFixed(0)} ms   p99 ${signIns.p99.toFixed(0)} ms   errors ${signIns.errors}/${signIns.completed + signIns.errors}`);
  console.log(`  Gatehouse sign-ins / baseline verifies     ${((signIns.perSecond / baselineRate) * 100).toFixed(0)} %   (the load generator shares the ${cores} cores)`);
  const perSignInMs = ((serverCpu + postgresCpu) / signedIn) * 1000;
  console.log(
    `  server-side CPU per sign-in                ${perSignInMs.toFixed(1)} ms (Node ${((serverCpu / signedIn) * 1000).toFixed(1)} ms incl. Argon2id, PostgreSQL ${((postgresCpu / signedIn) * 1000).toFixed(1)} ms)`,
  );
  console.log(`  sign-ins per core-second of server CPU     ${(1000 / perSignInMs).toFixed(1)}   vs bare verifies per core-second of CPU ${bareCpuRate.toFixed(1)}   (${((1000 / perSignInMs / bareCpuRate) * 100).toFixed(0)} %)`);
  console.log(`\nsign-in page JavaScript (gzip): ${await pageScriptSize()}`);
};

/** Gzipped size of the JavaScript the sign-in page loads up front (entry and its static imports). */
const pageScriptSize = async () => {
  const { gzipSync } = await import('node:zlib');
  const dir = `${root}packages/cli/dist/experience`;
  const html = readFileSync(`${dir}/index.html`, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/experience\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  // The phrases of one language load next to the page (here English).
  const english = readdirSync(`${dir}/assets`).find((file) => /^en-[\w-]+\.js$/.test(file));
  const files = [...scripts, ...(english ? [`assets/${english}`] : [])];
  const sizes = files.map((file) => gzipSync(readFileSync(`${dir}/${file}`), { level: 9 }).length);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  return `${(total / 1024).toFixed(1)} KB in ${files.length} files (entry, preloads, English phrases)`;
};

await main();
