import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

import axe from 'axe-core';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import Provider from 'oidc-provider';
import * as client from 'openid-client';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

import { discoverApp, type TestApp } from './experience-client.js';
import type { TestServer } from './test-server.js';

/**
 * Browser tests: Debian's Chromium driven by playwright-core (never a downloaded browser). One
 * browser per test file, a fresh context (cookies, storage) per test, a screenshot of the page when
 * a test fails. The app side of the flow (authorization request, code exchange, ID token check) is
 * openid-client and jose, as a real relying party would do it.
 */

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // No internet in tests: every host but loopback fails to resolve at once (the IdP's web fonts,
  // and nothing can leak out); the app's host never gets that far, it is answered in the browser.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

/** Where failure screenshots go: `test-artifacts/browser/` at the repository root (git-ignored). */
const artifactsDir = fileURLToPath(new URL('../../../../test-artifacts/browser/', import.meta.url));

/** Bounded waits: long enough for a slow CI machine, short enough to fail well inside the test timeout. */
export const waitTimeout = 15_000;

export type BrowserSession = {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
};

const fileName = (name: string) => name.replaceAll(/[^\w.-]+/g, '-').replaceAll(/^-+|-+$/g, '').slice(0, 120) || 'test';

/**
 * Registers the hooks of a browser test file and returns the current test's browser, context and
 * page. Requests to `appOrigin` (the relying party, which does not exist) are answered with a tiny
 * page; hosts other than loopback do not resolve.
 */
export const useBrowser = (appOrigin = 'https://app.example.com'): BrowserSession => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  const prepare = async (newContext: BrowserContext) => {
    newContext.setDefaultTimeout(waitTimeout);
    newContext.setDefaultNavigationTimeout(waitTimeout);
    const newPage = await newContext.newPage();
    // Playwright's page.route() does not see redirect hops, and the app's callback is always reached
    // by a redirect from the server: intercept the app's host with the DevTools Fetch domain, which
    // pauses redirected requests too, and answer them here.
    const cdp = await newContext.newCDPSession(newPage);
    cdp.on('Fetch.requestPaused', (event) => {
      cdp
        .send('Fetch.fulfillRequest', {
          requestId: event.requestId,
          responseCode: 200,
          responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }],
          body: Buffer.from('<!doctype html><title>app</title><p>app</p>').toString('base64'),
        })
        .catch(() => undefined);
    });
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: `${appOrigin}/*`, requestStage: 'Request' }] });
    return { context: newContext, page: newPage };
  };

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    ({ context, page } = await prepare(await browser!.newContext({ locale: 'en-US', timezoneId: 'UTC' })));
  });
  afterEach(async (ctx) => {
    try {
      if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
        mkdirSync(artifactsDir, { recursive: true });
        const file = `${artifactsDir}${fileName(ctx.task.name)}.png`;
        await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).catch(() => undefined);
        console.error(`[browser] "${ctx.task.name}" failed on ${page.url()}; screenshot: ${file}`);
      }
    } finally {
      await context?.close().catch(() => undefined);
      context = undefined;
      page = undefined;
    }
  });

  return {
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    get page() {
      return page!;
    },
  };
};

const discovered = new Map<string, Promise<client.Configuration>>();
const jwksByEndpoint = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The ID token verified against the server's JWKS (issuer and audience checked). */
export const verifyIdToken = async (endpoint: string, app: TestApp, idToken: string | undefined) => {
  if (!idToken) {
    throw new Error('the token response has no ID token');
  }
  let jwks = jwksByEndpoint.get(endpoint);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(`${endpoint}/oidc/jwks`));
    jwksByEndpoint.set(endpoint, jwks);
  }
  const { payload } = await jwtVerify(idToken, jwks, { issuer: `${endpoint}/oidc`, audience: app.id });
  return payload;
};

export type Authorization = {
  /** The URL the browser was sent to. */
  url: URL;
  /** Waits until the browser lands on the app's redirect URI and answers that URL. */
  callback: () => Promise<URL>;
  /** Waits for the callback, exchanges the code (PKCE, state) and verifies the ID token against JWKS. */
  finish: () => Promise<{ tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers; claims: JWTPayload }>;
};

/**
 * Starts an authorization request as the app would (PKCE S256, state) and opens it in `page`.
 * `params` are added to (or override) the request: `first_screen`, `prompt`, `login_hint`…
 */
export const startAuthorization = async (
  page: Page,
  endpoint: string,
  app: TestApp,
  params: Record<string, string> = {},
): Promise<Authorization> => {
  const key = `${endpoint} ${app.id}`;
  let configPromise = discovered.get(key);
  if (!configPromise) {
    configPromise = discoverApp(endpoint, app);
    discovered.set(key, configPromise);
  }
  const config = await configPromise;
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: app.redirectUri,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...params,
  });
  await page.goto(url.href);

  const callback = async () => {
    await page.waitForURL((current) => current.href.startsWith(app.redirectUri), { timeout: waitTimeout });
    return new URL(page.url());
  };
  return {
    url,
    callback,
    finish: async () => {
      const landed = await callback();
      const tokens = await client.authorizationCodeGrant(config, landed, { pkceCodeVerifier: verifier, expectedState: state });
      const claims = await verifyIdToken(endpoint, app, tokens.id_token);
      return { tokens, claims };
    },
  };
};

/** The text of the first element matching `locator` once it is visible (the page's alert, a heading). */
export const visibleText = async (locator: ReturnType<Page['locator']>) => {
  await locator.first().waitFor({ state: 'visible' });
  return ((await locator.first().textContent()) ?? '').trim();
};

/** axe-core's rules for WCAG 2.0 and 2.1 success criteria at levels A and AA, and its best practices. */
const accessibilityRules = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is now and answers what it found, one line per rule: its id and
 * impact, and each element with what to fix. Evaluated through DevTools, so the page's
 * Content-Security-Policy does not stop it. Checks axe could not finish (contrast over an image,
 * say) count as findings too unless `incomplete` is false: the hosted pages must be checkable
 * throughout, while the console frames the sign-in page and overlays cards, which axe leaves open.
 */
export const accessibilityFindings = async (page: Page, { incomplete: withIncomplete = true } = {}): Promise<string[]> => {
  await page.evaluate(axe.source);
  const findings = await page.evaluate(async (tags) => {
    const { axe: injected } = window as unknown as { axe: typeof axe };
    const { violations, incomplete } = await injected.run(document, { runOnly: { type: 'tag', values: tags } });
    const describe = (prefix: string) => (result: (typeof violations)[number]) =>
      `${prefix}${result.id} (${result.impact ?? 'n/a'}): ${result.help}: ${result.nodes
        .map((node) => `${node.target.join(' ')} [${(node.failureSummary ?? node.any.map((check) => check.message).join(' ')).replaceAll(/\s+/g, ' ')}]`)
        .join('; ')}`;
    return { violations: violations.map(describe('')), incomplete: incomplete.map(describe('could not check: ')) };
  }, accessibilityRules);
  return withIncomplete ? [...findings.violations, ...findings.incomplete] : findings.violations;
};

/** Waits for the page's main heading to read `name` (the hosted pages render after loading their config). */
export const waitForHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

/** The last step of a forgotten password on the hosted pages: a new password, twice, then back on the sign-in page. */
export const setNewPasswordOnPage = async (page: Page, newPassword: string) => {
  await waitForHeading(page, 'Set a new password');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Reset password', exact: true }).click();
  await waitForHeading(page, 'Sign in');
};

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server on a loopback port that keeps what it receives (no TLS, no authentication). */
export const startSmtpServer = async () => {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  /** The 6-digit code of the newest mail to `to` that arrived after `after` mails (polls for up to 10 s). */
  const codeFor = async (to: string, after = 0) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const mail = received.slice(after).filter((message) => message.to.includes(to)).at(-1);
      const code = mail && /\b(\d{6})\b/.exec(mail.raw.replaceAll(/=\r?\n/g, ''))?.[1];
      if (code) {
        return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no mail with a code to ${to}`);
  };

  /** The body of `POST /api/connectors` for an SMTP connector that sends through this server. */
  const connector = {
    connectorId: 'smtp',
    config: {
      host: '127.0.0.1',
      port,
      fromEmail: 'no-reply@example.com',
      connectionTimeoutMs: 2000,
      // One template per purpose: the connector does not fall back to Generic for ForgotPassword.
      templates: ['Generic', 'SignIn', 'Register', 'ForgotPassword'].map((usageType) => ({
        usageType,
        subject: 'Code',
        content: 'Your code is {{code}}',
        contentType: 'text/plain',
      })),
    },
  };

  return {
    port,
    received,
    codeFor,
    connector,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/**
 * A real OpenID provider (oidc-provider) on a loopback port with its development interactions: a
 * login form that accepts any login and password (the login becomes the `sub`), and a consent
 * form. Start it, create the connector (which needs the issuer), then `addClient` with the
 * connector's redirect URI: the provider is built then, since its clients are fixed at creation.
 */
export const startDevIdp = async () => {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let handle: ReturnType<Provider['callback']> | undefined;

  server.on('request', (request, response) => {
    if (!handle) {
      response.writeHead(503).end('the IdP has no client yet');
      return;
    }
    void handle(request, response);
  });

  return {
    issuer,
    addClient: (registered: { clientId: string; clientSecret: string; redirectUri: string }) => {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: registered.clientId,
            client_secret: registered.clientSecret,
            redirect_uris: [registered.redirectUri],
            token_endpoint_auth_method: 'client_secret_basic',
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({ sub, email: `${sub}@acme.example`, email_verified: true, name: `Acme ${sub}` }),
        }),
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => false },
        cookies: { keys: ['dev-idp-cookie-signing-key'] },
        ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      });
      handle = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * A development IdP behind an OIDC social connector of the tenant (target `acme`, "Continue with
 * Acme ID"), offered on the sign-in page. Close the returned IdP when done.
 */
export const connectDevIdp = async (admin: Awaited<ReturnType<TestServer['api']>>, endpoint: string) => {
  const idp = await startDevIdp();
  const clientId = 'gatehouse-browser-test';
  const clientSecret = 'gatehouse-browser-test-secret-0123456789';
  const connector = await admin.post('/connectors', {
    connectorId: 'oidc',
    config: { issuer: idp.issuer, clientId, clientSecret, scope: 'openid profile email' },
    metadata: { target: 'acme', name: { en: 'Acme ID' } },
  });
  if (connector.status !== 201) {
    await idp.close();
    throw new Error(`connector creation failed: ${JSON.stringify(connector.body)}`);
  }
  idp.addClient({ clientId, clientSecret, redirectUri: `${endpoint}/callback/social/${connector.body.id}` });
  return idp;
};

/** At the development IdP's pages: signs in as `login` (any password) and consents; the browser goes back to Gatehouse. */
export const signInAtDevIdp = async (page: Page, idp: { issuer: string }, login: string) => {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in', exact: true }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
};

/** The focused element as a screen reader names it: role and accessible name (`nothing` for the page's body). */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) {
      return 'nothing';
    }
    const label = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent?.trim() : undefined;
    const name = label ?? element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    const implicitRoles: Record<string, string> = { A: 'link', BUTTON: 'button', SELECT: 'combobox' };
    const kind =
      element.getAttribute('role') ?? (element instanceof HTMLInputElement ? `input ${element.type}` : (implicitRoles[element.tagName] ?? element.tagName.toLowerCase()));
    return `${kind}: ${name}`;
  });

/**
 * Whether `text`, where it appears in the page's main landmark, is drawn left to right: each
 * character to the right of the one before (bidirectional text can reorder runs of it).
 */
export const readsLeftToRight = (page: Page, text: string) =>
  page.evaluate((wanted) => {
    const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const start = node.textContent!.indexOf(wanted);
      if (start < 0) {
        continue;
      }
      const left = (index: number) => {
        const range = document.createRange();
        range.setStart(node, start + index);
        range.setEnd(node, start + index + 1);
        return range.getBoundingClientRect().left;
      };
      return [...wanted].every((_, index) => index === 0 || left(index) > left(index - 1));
    }
    return `not found: ${wanted}`;
  }, text);
