import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { accessibilityFindings, startAuthorization, useBrowser, visibleText, waitForHeading } from '../setup/browser.js';
import { createWebApp, type TestApp } from '../setup/experience-client.js';
import { startTestServer, type TestServer } from '../setup/test-server.js';

/**
 * Custom profile fields on the continue page, as a demanding user meets them: one required and one
 * optional field of each of the nine types, checked in the user's language with the server's own
 * rules before anything is sent, and stored exactly as entered.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;
const browser = useBrowser();
const password = 'Correct-Horse-92!';

const options = [
  { label: 'Design', value: 'design' },
  { label: 'Engineering', value: 'engineering' },
];
const fields = [
  { name: 'dept', type: 'Text', label: 'Department', required: true, config: { minLength: 2, maxLength: 10 } },
  { name: 'seats', type: 'Number', label: 'Seats', required: true, config: { minValue: 1, maxValue: 10 } },
  { name: 'born', type: 'Date', label: 'Birthday', required: true, config: { format: 'dd/MM/yyyy' } },
  { name: 'interests', type: 'Checkbox', label: 'Interests', description: 'Pick any', required: true, config: { options } },
  { name: 'team', type: 'Select', label: 'Team', required: true, config: { options, placeholder: 'Choose a team' } },
  { name: 'website', type: 'Url', label: 'Website', required: true, config: {} },
  { name: 'code', type: 'Regex', label: 'Code', required: true, config: { format: '[A-Z]{2}-\\d{3}', placeholder: 'AB-123' } },
  {
    name: 'address',
    type: 'Address',
    label: 'Address',
    description: 'Where you live',
    required: true,
    config: { parts: [{ name: 'streetAddress', enabled: true, required: true }, { name: 'locality', enabled: true, required: true }, { name: 'country', enabled: true }] },
  },
  { name: 'fullname', type: 'Fullname', label: 'Full name', required: true, config: { parts: [{ name: 'givenName', enabled: true, required: true }, { name: 'familyName', enabled: true }] } },
  { name: 'note', type: 'Text', label: 'Note', required: false, config: {} },
  { name: 'score', type: 'Number', label: 'Score', required: false, config: { minValue: -5, maxValue: 5 } },
  { name: 'when', type: 'Date', label: 'When', required: false, config: { format: 'custom', customFormat: 'Qn yyyy' } },
  { name: 'tags', type: 'Checkbox', label: 'Tags', required: false, config: { options } },
  { name: 'gender', type: 'Select', label: 'Gender', required: false, config: { options } },
  { name: 'profile', type: 'Url', label: 'Profile page', required: false, config: {} },
  { name: 'nickname', type: 'Regex', label: 'Nickname', description: 'Letters only', required: false, config: { format: '\\p{L}+' } },
  { name: 'shipping', type: 'Address', label: 'Shipping', required: false, config: { parts: [{ name: 'postalCode', enabled: true, required: true }] } },
  { name: 'emergency', type: 'Fullname', label: 'Emergency contact', required: false, config: { parts: [{ name: 'givenName', enabled: true }] } },
];

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin, { name: 'Profile app' });
  for (const field of fields) {
    const created = await admin.post('/custom-profile-fields', field);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
});
afterAll(async () => server?.close());

/** An input of the continue page by its name (`address.locality` for a part), whatever the language. */
const input = (page: Page, name: string) => page.locator(`[name="${name}"]`);

/** The error shown under a field, by the field's name. */
const errorOf = (page: Page, name: string) =>
  input(page, name).evaluate((element) => {
    const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('field-error'))?.textContent ?? null;
  });

/** Valid values for every required field. */
const fillRequired = async (page: Page) => {
  await input(page, 'dept').fill('Ops');
  // The boundary itself is allowed.
  await input(page, 'seats').fill('10');
  await input(page, 'born').fill('2000-02-29');
  await input(page, 'interests').first().check();
  await input(page, 'team').selectOption('engineering');
  await input(page, 'website').fill('https://example.com');
  await input(page, 'code').fill('AB-123');
  await input(page, 'address.streetAddress').fill('1 Main St');
  await input(page, 'address.locality').fill('Springfield');
  await input(page, 'fullname.givenName').fill('Ada');
};

const registerOnPage = async (page: Page, username: string, labels: { title: string; username: string; password: string; confirm: string }) => {
  await waitForHeading(page, labels.title);
  await page.getByLabel(labels.username, { exact: true }).fill(username);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByLabel(labels.confirm, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.title, exact: true }).click();
};

describe('custom profile fields on the continue page', () => {
  it('checks each field in German with the server’s own rules before sending, and stores exactly what was entered', async () => {
    const { page } = browser;
    await page.context().setExtraHTTPHeaders({ 'accept-language': 'de-DE,de;q=0.9' });
    await page.addInitScript(() => Object.defineProperty(navigator, 'languages', { get: () => ['de-DE', 'de'] }));
    const profileRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/experience/profile')) {
        profileRequests.push(request.postData() ?? '');
      }
    });
    const authorization = await startAuthorization(page, server.endpoint, app, { first_screen: 'register' });
    await registerOnPage(page, 'greta_felder', { title: 'Konto erstellen', username: 'Benutzername', password: 'Passwort', confirm: 'Passwort bestätigen' });
    await waitForHeading(page, 'Profil vervollständigen');
    const before = profileRequests.length;

    // A group's description is read with the group, as a field's is with the field.
    expect(await page.getByRole('group', { name: 'Interests' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(await page.getByText('Pick any', { exact: true }).getAttribute('id')).toBe(
      await page.getByRole('group', { name: 'Interests' }).getAttribute('aria-describedby'),
    );
    expect(await page.getByRole('group', { name: 'Address' }).getAttribute('aria-describedby')).toBe(
      await page.getByText('Where you live', { exact: true }).getAttribute('id'),
    );

    await fillRequired(page);
    // What a number input would have dropped without a word, a date typed in part, a letter
    // outside ASCII that the server's RE2 takes as \p{L}, and text longer than the server keeps.
    await input(page, 'score').pressSequentially('1e');
    await input(page, 'when').fill('Q2 2020');
    await input(page, 'nickname').fill('Élodie');
    await input(page, 'note').fill('n'.repeat(4097));
    await input(page, 'born').fill('');
    await input(page, 'born').press('1');
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();

    await expect.poll(() => errorOf(page, 'score')).toBe('Geben Sie eine Zahl ein.');
    expect(await errorOf(page, 'born')).toBe('Geben Sie ein gültiges Datum ein.');
    expect(await errorOf(page, 'note')).toBe('Geben Sie höchstens 4096 Zeichen ein.');
    expect(await errorOf(page, 'nickname')).toBeNull();
    expect(await input(page, 'score').getAttribute('aria-invalid')).toBe('true');
    expect(await accessibilityFindings(page), 'continue page with errors').toEqual([]);
    // The page knew: nothing was sent for the server to refuse.
    expect(profileRequests.length).toBe(before);

    // The lower boundary of Score, a whole date, and whitespace only in the optional note (left out).
    await input(page, 'score').fill('-5');
    await input(page, 'born').fill('2000-02-29');
    await input(page, 'note').fill('   ');
    await page.getByRole('button', { name: 'Weiter', exact: true }).click();

    const { claims } = await authorization.finish();
    const user = (await admin.get(`/users/${claims.sub as string}`)).body;
    expect(user.profile).toEqual({
      website: 'https://example.com',
      address: { streetAddress: '1 Main St', locality: 'Springfield' },
      givenName: 'Ada',
      nickname: 'Élodie',
    });
    expect(user.customData).toEqual({ dept: 'Ops', seats: 10, born: '29/02/2000', interests: ['design'], team: 'engineering', code: 'AB-123', score: -5, when: 'Q2 2020' });
  });

  it('asks for the terms on a continue page opened in another tab, then for the fields a returning user lacks', async () => {
    const { page, context } = browser;
    const settings = await admin.patch('/sign-in-exp', {
      termsOfUseUrl: 'https://example.com/terms',
      privacyPolicyUrl: 'https://example.com/privacy',
      agreeToTermsPolicy: 'Manual',
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    try {
      // An account from before the required fields.
      const created = await admin.post('/users', { username: 'returning_rita', password });
      expect(created.status).toBe(201);
      await startAuthorization(page, server.endpoint, app);
      await waitForHeading(page, 'Sign in');
      await page.getByLabel('Username', { exact: true }).fill('returning_rita');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('checkbox', { name: 'I agree to the Terms of use and Privacy policy' }).check();
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitForHeading(page, 'Complete your profile');
      // Only the required fields: a returning user is not offered the optional ones.
      expect(await input(page, 'dept').count()).toBe(1);
      expect(await input(page, 'score').count()).toBe(0);

      // The same page in a new tab knows nothing of the answer given on the sign-in page.
      const tab = await context.newPage();
      await tab.goto(page.url());
      await waitForHeading(tab, 'Complete your profile');
      const terms = tab.getByRole('checkbox', { name: 'I agree to the Terms of use and Privacy policy' });
      await terms.waitFor();
      expect(await tab.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('https://example.com/terms');
      expect(await tab.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('https://example.com/privacy');
      await tab.getByRole('button', { name: 'Continue', exact: true }).click();
      expect(await visibleText(tab.getByRole('alert'))).toBe('Please agree to the terms to continue.');
      expect(await accessibilityFindings(tab), 'terms on the continue page').toEqual([]);
      await terms.check();
      await tab.getByRole('button', { name: 'Continue', exact: true }).click();
      await input(tab, 'dept').waitFor();
      expect(await input(tab, 'score').count()).toBe(0);
      await fillRequired(tab);
      // Done: the browser goes back to the app (whose host this tab does not answer; the request is enough).
      const backToApp = tab.waitForRequest((request) => request.url().startsWith(app.redirectUri));
      await tab.getByRole('button', { name: 'Continue', exact: true }).click();
      expect(new URL((await backToApp).url()).searchParams.get('code')).toBeTruthy();

      const [listed] = (await admin.get('/users?search=returning_rita')).body;
      const user = (await admin.get(`/users/${listed.id}`)).body;
      expect(user.customData).toEqual({ dept: 'Ops', seats: 10, born: '29/02/2000', interests: ['design'], team: 'engineering', code: 'AB-123' });
      expect(user.profile).toEqual({
        website: 'https://example.com',
        address: { streetAddress: '1 Main St', locality: 'Springfield' },
        givenName: 'Ada',
      });
    } finally {
      await admin.patch('/sign-in-exp', { termsOfUseUrl: null, privacyPolicyUrl: null, agreeToTermsPolicy: 'Automatic' });
    }
  });
});
