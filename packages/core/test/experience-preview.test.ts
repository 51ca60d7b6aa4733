import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './setup/test-server.js';

/** The preview page the console frames: served like the hosted pages, frameable by its own origin only. */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
});
afterAll(async () => server?.close());

describe('sign-in preview page', () => {
  it('may be framed by its own origin only, while the real pages may not be framed at all', async () => {
    const preview = await fetch(`${server.endpoint}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toContain('text/html');
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const policy = preview.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'self'");
    expect(preview.headers.get('cache-control')).toBe('no-store');
    expect(await preview.text()).toContain('/experience/assets/');

    for (const path of ['/sign-in', '/register', '/unknown-session']) {
      const page = await fetch(`${server.endpoint}${path}`);
      expect(page.headers.get('x-frame-options'), path).toBe('DENY');
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('needs no sign-in session: it is never sent to the unknown-session redirect', async () => {
    const admin = await server.api();
    expect((await admin.patch('/sign-in-exp', { unknownSessionRedirectUrl: 'https://www.example.com/welcome' })).status).toBe(200);
    try {
      const preview = await fetch(`${server.endpoint}/preview`, { redirect: 'manual' });
      expect(preview.status).toBe(200);
      const signIn = await fetch(`${server.endpoint}/sign-in`, { redirect: 'manual' });
      expect(signIn.status).toBe(302);
    } finally {
      await admin.patch('/sign-in-exp', { unknownSessionRedirectUrl: null });
    }
  });

  it('is served under a tenant path prefix too', async () => {
    const preview = await fetch(`${server.endpoint}/t/admin/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});
