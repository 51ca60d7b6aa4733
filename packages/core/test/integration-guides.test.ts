import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { findApiGuide } from '../../console/src/lib/guides/api-guides.js';
import { findAppGuide } from '../../console/src/lib/guides/app-guides.js';
import type { CodeTemplate } from '../../console/src/lib/guides/types.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * The console's integration guides whose code runs on plain Node (machine-to-machine with fetch,
 * token validation with jose), filled in with a real app and API of a running server, written to
 * files and run: the code a reader copies must work as printed.
 */

let server: TestServer;
// Inside the repository, so `import 'jose'` in the written files finds the workspace's copy.
const workDir = new URL(`../../../test-artifacts/guides-${process.pid}/`, import.meta.url).pathname;

beforeAll(async () => {
  server = await startTestServer();
  mkdirSync(workDir, { recursive: true });
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await server?.close();
});

/** Writes each file of the guide's steps (blocks of the same file concatenated, in order). */
const writeFiles = <Context>(steps: { blocks: CodeTemplate<Context>[] }[], context: Context) => {
  const files = new Map<string, string>();
  for (const block of steps.flatMap((step) => step.blocks)) {
    if (block.file && block.language === 'js') {
      files.set(block.file, `${files.get(block.file) ?? ''}${block.code(context)}\n`);
    }
  }
  for (const [name, code] of files) {
    writeFileSync(`${workDir}${name}`, code);
  }
  return [...files.keys()];
};

describe('integration guides, run as printed', () => {
  it('gets a token with the Node client-credentials guide and validates it with the Node API guide', async () => {
    const api = await server.api();
    const resource = (await api.post('/resources', { name: 'Reports', indicator: 'https://reports.example.com' })).body;
    const permission = (await api.post(`/resources/${resource.id}/scopes`, { name: 'read:reports' })).body;
    const role = (await api.post('/roles', { name: 'Report reader', description: 'Reads reports', type: 'MachineToMachine', scopeIds: [permission.id] })).body;
    const app = (await api.post('/applications', { name: 'Nightly export', type: 'MachineToMachine' })).body;
    await api.post(`/roles/${role.id}/applications`, { applicationIds: [app.id] });
    const [secret] = (await api.get(`/applications/${app.id}/secrets`)).body;
    const issuer = `${server.endpoint}/oidc`;

    const m2m = findAppGuide('node-client-credentials')!;
    const appContext = { appId: app.id, issuer, redirectUri: '', postLogoutRedirectUri: '', resource: resource.indicator, scope: 'read:reports', secret: null };
    expect(writeFiles(m2m.steps, appContext)).toContain('token.js');
    const apiGuide = findApiGuide('node-jose')!;
    expect(writeFiles(apiGuide.steps, { issuer, resource: resource.indicator, scope: 'read:reports' })).toContain('auth.js');

    writeFileSync(
      `${workDir}check.js`,
      `import { getAccessToken } from './token.js';
import { verifyAccessToken } from './auth.js';
const token = await getAccessToken();
const again = await getAccessToken();
console.log(JSON.stringify({ claims: await verifyAccessToken(token), cached: token === again }));
`,
    );
    const { stdout } = await promisify(execFile)('node', [`${workDir}check.js`], {
      env: { ...process.env, GATEHOUSE_CLIENT_SECRET: secret.value },
    });
    const { claims, cached } = JSON.parse(stdout) as { claims: Record<string, unknown>; cached: boolean };
    expect(claims).toMatchObject({ iss: issuer, aud: resource.indicator, client_id: app.id, scope: 'read:reports' });
    expect(cached).toBe(true);

    // The API guide refuses a token for another API.
    const other = (await api.post('/resources', { name: 'Other', indicator: 'https://other.example.com' })).body;
    writeFiles(apiGuide.steps, { issuer, resource: other.indicator, scope: '' });
    await expect(
      promisify(execFile)('node', [`${workDir}check.js`], { env: { ...process.env, GATEHOUSE_CLIENT_SECRET: secret.value } }),
    ).rejects.toThrow(/aud/);
  });
});
