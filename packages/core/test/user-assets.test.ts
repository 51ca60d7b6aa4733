import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { managementScopes } from '@gatehouse/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiWithScopes } from './setup/grants.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

let server: TestServer;
let token: string;
let assetsDir: string;

const pngBytes = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  assetsDir = mkdtempSync(path.join(tmpdir(), 'gatehouse-assets-'));
  server = await startTestServer({ USER_ASSETS_DIR: assetsDir });
  token = await server.managementToken();
});
afterAll(async () => {
  await server?.close();
  rmSync(assetsDir, { recursive: true, force: true });
});

type Part = { content: Buffer | string; name: string; type: string; field?: string };

/** POSTs files as a browser form would (multipart/form-data). */
const upload = async (parts: Part[], bearer = token, url = `${server.endpoint}/api/user-assets`) => {
  const form = new FormData();
  for (const part of parts) {
    form.append(part.field ?? 'file', new Blob([typeof part.content === 'string' ? part.content : new Uint8Array(part.content)], { type: part.type }), part.name);
  }
  const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${bearer}` }, body: form });
  return { status: response.status, body: (await response.json()) as { url?: string; code?: string; message?: string } };
};

describe('user assets', () => {
  it('reports the service as ready, with the accepted types and the 20 MB cap', async () => {
    const status = await (await server.api()).get('/user-assets/service-status');
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      status: 'ready',
      allowUploadMimeTypes: expect.arrayContaining(['image/jpeg', 'image/png', 'image/gif', 'image/vnd.microsoft.icon', 'image/svg+xml', 'image/webp', 'application/zip']),
      maxUploadFileSize: 20 * 1024 * 1024,
    });
  });

  it('stores an image and serves it publicly with its type judged by content', async () => {
    const stored = await upload([{ content: pngBytes, name: 'logo.gif', type: 'image/gif' }]);
    expect(stored.status).toBe(201);
    expect(stored.body.url).toMatch(new RegExp(`^${server.endpoint}/user-assets/[\\da-z]{21}\\.png$`));
    const served = await fetch(stored.body.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(pngBytes);
  });

  it('serves an SVG under a policy that lets it run nothing', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const stored = await upload([{ content: svg, name: 'icon.svg', type: 'image/svg+xml' }]);
    expect(stored.status).toBe(201);
    const served = await fetch(stored.body.url!);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(await served.text()).toBe(svg);
  });

  it('refuses a file whose content is not an accepted type, whatever its name and declared type', async () => {
    const refused = await upload([{ content: '<html><script>alert(1)</script></html>', name: 'photo.png', type: 'image/png' }]);
    expect(refused.status).toBe(415);
    expect(refused.body.code).toBe('user_assets.unsupported_type');
    expect(refused.body.message).toContain('png');
  });

  it('refuses a file over 20 MB, a second file, a missing file and a non-multipart body', async () => {
    const large = Buffer.concat([pngBytes, Buffer.alloc(20 * 1024 * 1024)]);
    const tooLarge = await upload([{ content: large, name: 'big.png', type: 'image/png' }]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe('user_assets.file_too_large');
    expect(tooLarge.body.message).toContain('20 MB');

    const two = await upload([
      { content: pngBytes, name: 'a.png', type: 'image/png' },
      { content: pngBytes, name: 'b.png', type: 'image/png' },
    ]);
    expect(two.status).toBe(400);
    expect(two.body.code).toBe('user_assets.one_file_only');

    const elsewhere = await upload([{ content: pngBytes, name: 'a.png', type: 'image/png', field: 'picture' }]);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.code).toBe('user_assets.file_missing');

    const json = await (await server.api()).post('/user-assets', { url: 'https://example.com/a.png' });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe('user_assets.multipart_required');
  });

  it('keeps each tenant’s files apart and answers 404 for anything it did not store', async () => {
    const stored = await upload([{ content: pngBytes, name: 'a.png', type: 'image/png' }]);
    const name = stored.body.url!.split('/').at(-1)!;
    expect((await fetch(`${server.endpoint}/t/admin/user-assets/${name}`)).status).toBe(404);
    expect((await fetch(`${server.endpoint}/user-assets/${name.replace('.png', '.svg')}`)).status).toBe(404);
    expect((await fetch(`${server.endpoint}/user-assets/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);

    const adminToken = await server.managementToken('admin');
    const inAdmin = await upload([{ content: pngBytes, name: 'a.png', type: 'image/png' }], adminToken, `${server.endpoint}/t/admin/api/user-assets`);
    expect(inAdmin.status).toBe(201);
    expect(inAdmin.body.url).toMatch(new RegExp(`^${server.endpoint}/t/admin/user-assets/`));
    expect((await fetch(inAdmin.body.url!)).status).toBe(200);
  });

  it('needs the sign-in experience scopes', async () => {
    const reader = await apiWithScopes(server, [managementScopes.readSignInExperience]);
    expect((await reader.get('/user-assets/service-status')).status).toBe(200);
    const refused = await upload([{ content: pngBytes, name: 'a.png', type: 'image/png' }], reader.token!);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth.insufficient_scope');
    const outsider = await apiWithScopes(server, [managementScopes.readUsers]);
    expect((await outsider.get('/user-assets/service-status')).status).toBe(403);
  });
});
