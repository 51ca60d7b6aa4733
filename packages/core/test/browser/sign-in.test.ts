import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  connectDevIdp,
  setNewPasswordOnPage,
  signInAtDevIdp,
  startAuthorization,
  startSmtpServer,
  useBrowser,
  visibleText,
  waitForHeading,
} from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * The hosted pages in a real browser (Chromium), end to end: the app starts an authorization
 * request, the user clicks through the pages like a person, the app gets a code and exchanges it,
 * and the ID token is verified against the server's JWKS.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;

const signedOutUri = 'https://app.example.com/signed-out';
const password = 'Correct-Horse-92!';
const usernameExperience = {
  signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
  signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
};

const browser = useBrowser();

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  // A first-party web app that may also be sent back after sign-out (RP-initiated logout).
  const redirectUri = 'https://app.example.com/callback';
  const created = await admin.post('/applications', {
    name: 'Browser app',
    type: 'Traditional',
    oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [signedOutUri] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const [secret] = (await admin.get(`/applications/${created.body.id}/secrets`)).body;
  app = { id: created.body.id, secret: secret.value, redirectUri };
});
afterAll(async () => server?.close());

/** Creates a user through the management API. */
const createUser = async (body: Record<string, unknown>) => {
  const created = await admin.post('/users', body);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
};

/** Fills the sign-in form (identifier, password) and clicks "Sign in". */
/** Deletes the tenant's email connector, if any (a tenant has one at most). */
const removeEmailConnectors = async () => {
  for (const existing of (await admin.get('/connectors')).body as { id: string; type: string }[]) {
    if (existing.type === 'Email') {
      expect((await admin.delete(`/connectors/${existing.id}`)).status).toBe(204);
    }
  }
};

/** Makes `connector` the tenant's email connector, in place of any other. */
const useEmailConnector = async (connector: unknown) => {
  await removeEmailConnectors();
  expect((await admin.post('/connectors', connector)).status).toBe(201);
};

const signInOnPage = async (page: Page, identifierLabel: string, identifier: string, secret: string) => {
  await waitForHeading(page, 'Sign in');
  await page.getByLabel(identifierLabel, { exact: true }).fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

describe('hosted pages in a browser', () => {
  it('registers with username and password, signs out (RP-initiated logout), and signs in again as the same user', async () => {
    const { page } = browser;
    const registration = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    await waitForHeading(page, 'Create account');
    expect(new URL(page.url()).pathname).toBe('/register');
    await page.getByLabel('Username', { exact: true }).fill('ada_browser');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    const registered = await registration.finish();

    const users = (await admin.get('/users?search=ada_browser')).body;
    expect(users).toHaveLength(1);
    expect(registered.claims.sub).toBe(users[0].id);
    expect(registered.claims.username).toBe('ada_browser');

    // Without proof of who asks, signing out needs a confirmation (no forged logouts).
    await page.goto(`${server.endpoint}/oidc/session/end`);
    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await page.getByRole('button', { name: 'Stay signed in', exact: true }).waitFor();

    // The app's own ID token as hint: signed out at once, and back at the app.
    const logout = new URL(`${server.endpoint}/oidc/session/end`);
    logout.searchParams.set('id_token_hint', registered.tokens.id_token!);
    logout.searchParams.set('post_logout_redirect_uri', signedOutUri);
    logout.searchParams.set('state', 'bye');
    await page.goto(logout.href);
    await page.waitForURL((url) => url.href.startsWith(signedOutUri));
    expect(new URL(page.url()).searchParams.get('state')).toBe('bye');

    // Signed out: a new authorization request shows the sign-in page instead of coming straight back.
    const again = await startAuthorization(page, server.endpoint, app);
    await signInOnPage(page, 'Username', 'ada_browser', password);
    const signedIn = await again.finish();
    expect(signedIn.claims.sub).toBe(registered.claims.sub);
  });

  it('shows the server message for a wrong password, stays on the page, then accepts the right one', async () => {
    const { page } = browser;
    const userId = await createUser({ username: 'grace_browser', password });
    const authorization = await startAuthorization(page, server.endpoint, app);
    await signInOnPage(page, 'Username', 'grace_browser', 'not-the-password');
    expect(await visibleText(page.getByRole('alert'))).toBe('The account or password is not correct.');
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    // What the user typed stays; only the password is typed again.
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('grace_browser');

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const { claims } = await authorization.finish();
    expect(claims.sub).toBe(userId);
  });

  it("fills in the app's login_hint: on sign-in, and on registration when it is a sign-up identifier", async () => {
    const { page } = browser;
    const userId = await createUser({ username: 'hinted_browser', password });
    const identifierField = () => page.getByLabel('Username', { exact: true });

    await startAuthorization(page, server.endpoint, app, { first_screen: 'register', login_hint: 'new_hinted' });
    await waitForHeading(page, 'Create account');
    expect(await identifierField().inputValue()).toBe('new_hinted');
    // An email is not what this tenant registers with: nothing to fill in.
    await startAuthorization(page, server.endpoint, app, { first_screen: 'register', login_hint: 'new@example.com' });
    await waitForHeading(page, 'Create account');
    expect(await identifierField().inputValue()).toBe('');

    const authorization = await startAuthorization(page, server.endpoint, app, { login_hint: ' hinted_browser ' });
    await waitForHeading(page, 'Sign in');
    expect(await identifierField().inputValue()).toBe('hinted_browser');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect((await authorization.finish()).claims.sub).toBe(userId);
  });

  it('after a finished sign-in, browser Back shows the expired page with a way back to the app (its registered address)', async () => {
    const { page } = browser;
    const userId = await createUser({ username: 'back_button', password });
    const authorization = await startAuthorization(page, server.endpoint, app);
    await signInOnPage(page, 'Username', 'back_button', password);
    expect((await authorization.finish()).claims.sub).toBe(userId);

    await page.goBack();
    await waitForHeading(page, 'This link has expired');
    const back = page.getByRole('link', { name: 'Back to Browser app', exact: true });
    expect(await back.getAttribute('href')).toBe(signedOutUri);
    await back.click();
    await page.waitForURL(signedOutUri);

    // Opened without ever starting a sign-in in this browser: no app to go back to.
    const stranger = await browser.browser.newContext();
    const fresh = await stranger.newPage();
    await fresh.goto(`${server.endpoint}/sign-in`);
    await waitForHeading(fresh, 'This link has expired');
    expect(await fresh.getByRole('link', { name: /^Back to/ }).count()).toBe(0);
    await stranger.close();
  });

  it('names only what the chosen way of signing in accepts: a code goes to an email, not a username', async () => {
    const { page } = browser;
    const smtp = await startSmtpServer();
    try {
      await useEmailConnector(smtp.connector);
      const settings = await admin.patch('/sign-in-exp', {
        signIn: {
          methods: [
            { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
            { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
          ],
        },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      await createUser({ username: 'code_label', password, primaryEmail: 'code_label@example.com' });
      const authorization = await startAuthorization(page, server.endpoint, app, { prompt: 'login' });
      await waitForHeading(page, 'Sign in');
      await page.getByLabel('Username or email', { exact: true }).fill('code_label@example.com');
      await page.getByRole('button', { name: 'Sign in with a verification code instead', exact: true }).click();
      const field = page.getByLabel('Email', { exact: true });
      expect(await field.getAttribute('type')).toBe('email');
      // A username is not something a code can be sent to.
      await field.fill('code_label');
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      expect(await visibleText(page.getByRole('alert'))).toBe('Enter a valid value for “Email”.');
      await field.fill('code_label@example.com');
      const mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      await page.getByLabel('Verification code', { exact: true }).pressSequentially(await smtp.codeFor('code_label@example.com', mailsBefore));
      expect((await authorization.finish()).claims.username).toBe('code_label');
    } finally {
      await admin.patch('/sign-in-exp', usernameExperience);
      // The next test brings its own email connector (one per tenant).
      await removeEmailConnectors();
      await smtp.close();
    }
  });

  it('resets a forgotten password with a code sent by email (real SMTP server), then signs in with the new one', async () => {
    const { page } = browser;
    const smtp = await startSmtpServer();
    try {
      const connector = await admin.post('/connectors', smtp.connector);
      expect(connector.status, JSON.stringify(connector.body)).toBe(201);
      const settings = await admin.patch('/sign-in-exp', {
        signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }] },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      const email = 'forgetful@example.com';
      const userId = await createUser({ primaryEmail: email, password });

      const authorization = await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
      await waitForHeading(page, 'Reset password');
      await page.getByLabel('Email', { exact: true }).fill(email);
      const mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Send code', exact: true }).click();

      await waitForHeading(page, 'Enter the verification code');
      const code = await smtp.codeFor(email, mailsBefore);
      // The field submits itself at the sixth digit.
      await page.getByLabel('Verification code', { exact: true }).pressSequentially(code);

      const newPassword = 'Brand-New-Secret-7';
      await setNewPasswordOnPage(page, newPassword);
      expect(await visibleText(page.getByText('Your password has been reset. Sign in with your new password.', { exact: true }))).toBe(
        'Your password has been reset. Sign in with your new password.',
      );
      await signInOnPage(page, 'Email', email, newPassword);
      const { claims } = await authorization.finish();
      expect(claims.sub).toBe(userId);
      expect(claims.email).toBe(email);
    } finally {
      await admin.patch('/sign-in-exp', usernameExperience);
      await smtp.close();
    }
  });

  it('creates an account from a code sign-in with an unknown email, and offers sign-in when registering with a taken one', async () => {
    const { page } = browser;
    const smtp = await startSmtpServer();
    try {
      // One email connector per tenant: an earlier test's points at its own, stopped, SMTP server.
      await useEmailConnector(smtp.connector);
      const settings = await admin.patch('/sign-in-exp', {
        signUp: { identifiers: ['email'], password: false, verify: true, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true }] },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      const email = 'newcomer@example.com';

      // Sign in by code with an email no account has: the page offers to create one.
      const first = await startAuthorization(page, server.endpoint, app, { prompt: 'login' });
      await waitForHeading(page, 'Sign in');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByRole('button', { name: 'Sign in with a verification code instead', exact: true }).click();
      let mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Send code', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      await page.getByLabel('Verification code', { exact: true }).pressSequentially(await smtp.codeFor(email, mailsBefore));
      await waitForHeading(page, 'Create an account?');
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      const created = await first.finish();
      expect(created.claims.email).toBe(email);

      // Register with the same email: after the code, the page offers to sign in to that account.
      const second = await startAuthorization(page, server.endpoint, app, { prompt: 'login', first_screen: 'register' });
      await waitForHeading(page, 'Create account');
      await page.getByLabel('Email', { exact: true }).fill(email);
      mailsBefore = smtp.received.length;
      await page.getByRole('button', { name: 'Create account', exact: true }).click();
      await waitForHeading(page, 'Enter the verification code');
      await page.getByLabel('Verification code', { exact: true }).pressSequentially(await smtp.codeFor(email, mailsBefore));
      await waitForHeading(page, 'Account already exists');
      await page.getByRole('button', { name: 'Sign in instead', exact: true }).click();
      const signedIn = await second.finish();
      expect(signedIn.claims.sub).toBe(created.claims.sub);
      expect((await admin.get(`/users?search=${email}`)).body).toHaveLength(1);
    } finally {
      await admin.patch('/sign-in-exp', usernameExperience);
      await smtp.close();
    }
  });

  it('registers through a social provider (a real OpenID provider on loopback) and links the identity', async () => {
    const { page } = browser;
    const idp = await connectDevIdp(admin, server.endpoint);
    try {
      const settings = await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['acme'] });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);

      const authorization = await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await page.getByRole('button', { name: 'Continue with Acme ID', exact: true }).click();

      // Cancelled at the provider: the page says so (not "try again later"), and the user can start over.
      await page.waitForURL((url) => url.origin === idp.issuer);
      await page.getByRole('link', { name: '[ Cancel ]', exact: true }).click();
      await page.waitForURL((url) => url.origin === server.endpoint);
      await waitForHeading(page, 'Sign-in did not work');
      const cancelled = 'The sign-in was cancelled or refused at the provider. Try again, or sign in another way.';
      expect(await visibleText(page.getByText(cancelled, { exact: true }))).toBe(cancelled);
      await page.getByRole('link', { name: 'Back to sign in', exact: true }).click();
      await waitForHeading(page, 'Sign in');
      await page.getByRole('button', { name: 'Continue with Acme ID', exact: true }).click();

      // At the provider: its development login form (any login), then its consent form.
      await signInAtDevIdp(page, idp, 'octocat');

      // Back on Gatehouse: a new account; usernames are how this tenant knows its users, so one is asked for.
      await page.waitForURL((url) => url.origin === server.endpoint);
      await waitForHeading(page, 'Complete your profile');
      await page.getByLabel('Username', { exact: true }).fill('octocat_acme');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();

      const { claims } = await authorization.finish();
      const user = (await admin.get(`/users/${claims.sub as string}`)).body;
      expect(user.username).toBe('octocat_acme');
      const identities = await admin.get(`/users/${claims.sub as string}/identities`);
      expect(identities.status).toBe(200);
      expect(identities.body.acme).toMatchObject({ userId: 'octocat' });
    } finally {
      await idp.close();
    }
  });

  it('refuses to sign in from an older tab once a newer tab started a sign-in, and says so; the newer tab signs in', async () => {
    const userId = await createUser({ username: 'two_tab_user', password });
    const { page, context } = browser;
    const olderTab = await context.newPage();
    await startAuthorization(olderTab, server.endpoint, app);
    await waitForHeading(olderTab, 'Sign in');
    const newer = await startAuthorization(page, server.endpoint, app);
    await waitForHeading(page, 'Sign in');

    await signInOnPage(olderTab, 'Username', 'two_tab_user', password);
    expect(await visibleText(olderTab.getByRole('alert'))).toBe(
      'A newer sign-in in this browser has replaced this one. Go back to the application and start again.',
    );
    expect(new URL(olderTab.url()).pathname).toBe('/sign-in');
    await olderTab.close();
    await signInOnPage(page, 'Username', 'two_tab_user', password);
    expect((await newer.finish()).claims.sub).toBe(userId);
  });

  it('prompt=select_account: continues as the signed-in user, or signs in with another account for the same request', async () => {
    const adaId = await createUser({ username: 'ada_selects', password, name: 'Ada Lovelace' });
    const graceId = await createUser({ username: 'grace_selects', password });
    const { page } = browser;
    const first = await startAuthorization(page, server.endpoint, app);
    await signInOnPage(page, 'Username', 'ada_selects', password);
    expect((await first.finish()).claims.sub).toBe(adaId);

    const chosen = await startAuthorization(page, server.endpoint, app, { prompt: 'select_account' });
    await waitForHeading(page, 'Choose an account');
    expect(await visibleText(page.locator('.description'))).toBe('to continue to Browser app');
    expect(await visibleText(page.locator('.consent-user-name'))).toBe('Ada Lovelace');
    await page.getByRole('button', { name: 'Continue as Ada Lovelace', exact: true }).click();
    expect((await chosen.finish()).claims.sub).toBe(adaId);

    const switched = await startAuthorization(page, server.endpoint, app, { prompt: 'select_account' });
    await waitForHeading(page, 'Choose an account');
    await page.getByRole('button', { name: 'Use another account', exact: true }).click();
    // The browser signs Ada out on the way back to the app (oidc-provider's self-submitting form).
    await signInOnPage(page, 'Username', 'grace_selects', password);
    expect((await switched.finish()).claims.sub).toBe(graceId);
  });

  describe('consent for a third-party app', () => {
    let partner: TestApp;
    let userId: string;

    beforeAll(async () => {
      partner = await createWebApp(admin, { isThirdParty: true, name: 'Partner app' });
      await admin.post(`/applications/${partner.id}/user-consent-scopes`, { userScopes: ['profile', 'email'] });
      userId = await createUser({ username: 'consenting_browser', password, primaryEmail: 'consenting@example.com' });
    });

    it('lists what the app asks for, and Authorize sends the app a code', async () => {
      const { page } = browser;
      const authorization = await startAuthorization(page, server.endpoint, partner);
      await signInOnPage(page, 'Username', 'consenting_browser', password);
      await waitForHeading(page, 'Partner app wants to access your account');
      expect(new URL(page.url()).pathname).toBe('/consent');
      // The title shows at once; the list arrives with the consent details.
      await page.locator('.scope-group li').first().waitFor();
      const asked = await page.locator('.scope-group li').allTextContents();
      expect(asked).toEqual(expect.arrayContaining(['Your name, username and profile picture', 'Your email address']));
      expect(await page.getByText('consenting_browser', { exact: true }).count()).toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Authorize', exact: true }).click();
      const { claims } = await authorization.finish();
      expect(claims.sub).toBe(userId);
      expect(claims.email).toBe('consenting@example.com');
    });

    it("refuses Authorize and Cancel once another tab started a sign-in for another app, and grants that app nothing", async () => {
      const other = await createWebApp(admin, { isThirdParty: true, name: 'Other partner' });
      await admin.post(`/applications/${other.id}/user-consent-scopes`, { userScopes: ['profile', 'email'] });
      const { page, context } = browser;
      await startAuthorization(page, server.endpoint, partner);
      await signInOnPage(page, 'Username', 'consenting_browser', password);
      await waitForHeading(page, 'Partner app wants to access your account');
      await page.locator('.scope-group li').first().waitFor();

      const secondTab = await context.newPage();
      await startAuthorization(secondTab, server.endpoint, other);
      await waitForHeading(secondTab, 'Other partner wants to access your account');

      await page.getByRole('button', { name: 'Authorize', exact: true }).click();
      expect(await visibleText(page.getByRole('alert'))).toBe(
        'A newer sign-in in this browser has replaced this one. Go back to the application and start again.',
      );
      expect(new URL(page.url()).pathname).toBe('/consent');
      const [cancelled] = await Promise.all([
        page.waitForResponse((response) => response.request().method() === 'DELETE'),
        page.getByRole('button', { name: 'Cancel', exact: true }).click(),
      ]);
      expect(cancelled.status()).toBe(409);
      expect(new URL(page.url()).pathname).toBe('/consent');
      await secondTab.reload();
      await waitForHeading(secondTab, 'Other partner wants to access your account');
      await secondTab.close();
    });

    it("shows the app's dark logo in dark mode", async () => {
      const logos = { logoUrl: 'https://cdn.example.com/partner.svg', darkLogoUrl: 'https://cdn.example.com/partner-dark.svg' };
      const { color } = (await admin.get('/sign-in-exp')).body;
      await admin.patch('/sign-in-exp', { color: { ...color, isDarkModeEnabled: true } });
      await admin.put(`/applications/${partner.id}/sign-in-experience`, { branding: logos });
      try {
        const { page } = browser;
        await page.emulateMedia({ colorScheme: 'dark' });
        await startAuthorization(page, server.endpoint, partner);
        await signInOnPage(page, 'Username', 'consenting_browser', password);
        await waitForHeading(page, 'Partner app wants to access your account');
        await page.locator('.consent-app-logo').waitFor();
        expect(await page.locator('.consent-app-logo').getAttribute('src')).toBe(logos.darkLogoUrl);
      } finally {
        await admin.delete(`/applications/${partner.id}/sign-in-experience`);
        await admin.patch('/sign-in-exp', { color });
      }
    });

    it('switches to another account from the consent page, and that account consents', async () => {
      const otherId = await createUser({ username: 'other_consenter', password, primaryEmail: 'other_consenter@example.com' });
      const { page } = browser;
      const authorization = await startAuthorization(page, server.endpoint, partner);
      await signInOnPage(page, 'Username', 'consenting_browser', password);
      await waitForHeading(page, 'Partner app wants to access your account');
      await page.getByRole('button', { name: 'Use another account', exact: true }).click();
      await signInOnPage(page, 'Username', 'other_consenter', password);
      await waitForHeading(page, 'Partner app wants to access your account');
      await page.getByText('other_consenter', { exact: true }).first().waitFor();
      await page.getByRole('button', { name: 'Authorize', exact: true }).click();
      const { claims } = await authorization.finish();
      expect(claims.sub).toBe(otherId);
      expect(claims.email).toBe('other_consenter@example.com');
    });

    it('Cancel sends the app access_denied', async () => {
      const { page } = browser;
      const authorization = await startAuthorization(page, server.endpoint, partner);
      await signInOnPage(page, 'Username', 'consenting_browser', password);
      await waitForHeading(page, 'Partner app wants to access your account');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      const callback = await authorization.callback();
      expect(callback.searchParams.get('error')).toBe('access_denied');
      expect(callback.searchParams.get('state')).toBe(authorization.url.searchParams.get('state'));
      expect(callback.searchParams.get('code')).toBeNull();
    });
  });
});
