import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startAuthorization, useBrowser, visibleText, waitForHeading } from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * The captcha on the hosted pages: Cloudflare's widget script is replaced by a stand-in that hands
 * out numbered tokens, and a local siteverify accepts each token once, like Cloudflare does.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
let verifier: Server;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

/** Tokens the server asked siteverify about, in order; `refuse` makes siteverify say no. */
const verified: string[] = [];
const settings = { refuse: false };

const widgetScript = `
  let issued = 0;
  let options;
  window.turnstile = {
    render(container, given) { options = given; return 'widget'; },
    execute() {
      issued += 1;
      // Like Cloudflare, the token remembers the page's host and the action the widget was given.
      const token = ['token-' + issued, location.hostname, options.action].join(' ');
      setTimeout(() => options.callback(token), 10);
    },
    reset() {},
  };
`;

beforeAll(async () => {
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const token = params.get('response') ?? '';
      const fresh = !verified.includes(token);
      verified.push(token);
      const [, hostname, action] = token.split(' ');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: !settings.refuse && fresh && params.get('secret') === 'turnstile-secret', hostname, action }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  server = await startTestServer({
    PASSWORD_BREACH_API_URL: 'off',
    TURNSTILE_VERIFY_URL: `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`,
  });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Captcha app' });
  expect((await admin.put('/captcha-provider', { type: 'Turnstile', siteKey: 'site-key', secretKey: 'turnstile-secret' })).status).toBe(200);
  expect((await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: true } })).status).toBe(200);
  expect((await admin.post('/users', { username: 'captcha_user', password })).status).toBe(201);
});
afterAll(async () => {
  await server?.close();
  verifier?.close();
});

describe('captcha on the hosted pages', () => {
  it('sends a fresh token with each attempt, and says so when the check fails', async () => {
    const { page } = browser;
    await page.route('https://challenges.cloudflare.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: widgetScript }));
    const authorization = await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');
    const signIn = async (secret: string) => {
      await page.getByLabel('Username', { exact: true }).fill('captcha_user');
      await page.getByLabel('Password', { exact: true }).fill(secret);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    };

    settings.refuse = true;
    await signIn(password);
    expect(await visibleText(page.getByRole('alert'))).toBe('The captcha check failed. Please try again.');
    settings.refuse = false;

    await signIn('not-the-password');
    await page.getByText('The account or password is not correct.').waitFor();
    await signIn(password);
    const { claims } = await authorization.finish();
    expect(claims.sub).toBeTypeOf('string');
    const host = new URL(server.endpoint).hostname;
    expect(verified).toEqual([1, 2, 3].map((n) => `token-${n} ${host} signIn`));
  });
});
