import { validationPhrasesByLocale } from '@gatehouse/schemas/validation-messages/all';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * Errors in the caller's language, all of them: custom validation messages of the schemas (any
 * issue code), connector config issues, the server's own details, entity names.
 */
let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
const de = { 'accept-language': 'de' };
const german = validationPhrasesByLocale.de;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
});
afterAll(async () => {
  await server?.close();
});

describe('validation messages written in the schemas', () => {
  it('answers a refinement message in German, summary included', async () => {
    const response = await admin.patch('/sign-in-exp', { termsOfUseUrl: 'x' }, de);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'guard.invalid_input',
      message: 'Die Anfrage ist ungültig: body.termsOfUseUrl: Muss eine absolute http(s)-URL sein.',
      details: [{ path: 'body.termsOfUseUrl', code: 'custom', message: 'Muss eine absolute http(s)-URL sein.' }],
    });
  });

  it('keeps the message of a regex check, translated, instead of the raw pattern', async () => {
    const color = { primaryColor: 'blue', isDarkModeEnabled: false, darkPrimaryColor: '#000000' };
    const response = await admin.patch('/sign-in-exp', { color }, de);
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([{ path: 'body.color.primaryColor', code: 'invalid_format', message: german['color.hex'] }]);
    expect(response.body.message).toBe(`Die Anfrage ist ungültig: body.color.primaryColor: ${german['color.hex']}`);
    expect(JSON.stringify(response.body)).not.toMatch(/pattern|\[\\\\dA-Fa-f]/);

    const english = await admin.patch('/sign-in-exp', { color }, { 'accept-language': 'en' });
    expect(english.body.details[0].message).toBe('Must be # plus 3 or 6 hex digits.');
  });

  it('translates the details of the application rules and their summary', async () => {
    const response = await admin.post('/applications', { name: 'm2m', type: 'MachineToMachine', oidcClientMetadata: { redirectUris: ['https://app.example.com/cb'] } }, de);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.code).toBe('application.invalid_for_type');
    const noRedirects = german['application.no_redirect_uris'].replace('{{type}}', 'MachineToMachine');
    expect(response.body.details).toContainEqual({ path: 'oidcClientMetadata.redirectUris', code: 'not_applicable', message: noRedirects });
    expect(response.body.message).toContain(noRedirects);
    expect(response.body.message).not.toMatch(/applications do not use/);
  });
});

describe('limits of length', () => {
  it('name the limit, in the message and in the detail, in the caller’s language', async () => {
    const long = await admin.post('/applications', { name: 'x'.repeat(257), type: 'MachineToMachine' }, de);
    expect(long.status, JSON.stringify(long.body)).toBe(400);
    expect(long.body.details).toEqual([
      { path: 'body.name', code: 'too_big', maximum: 256, message: german['text.max_length'].replace('{{maximum}}', '256') },
    ]);
    expect(long.body.message).toBe(`Die Anfrage ist ungültig: body.name: Darf höchstens 256 Zeichen lang sein.`);

    const english = await admin.post('/applications', { name: 'x'.repeat(257), type: 'MachineToMachine' }, { 'accept-language': 'en' });
    expect(english.body.details[0].message).toBe('Must be at most 256 characters.');
    const empty = await admin.post('/applications', { name: '', type: 'MachineToMachine' }, { 'accept-language': 'en' });
    expect(empty.body.details).toEqual([{ path: 'body.name', code: 'too_small', minimum: 1, message: 'Must not be empty.' }]);
    const pageSize = await admin.get('/applications?page_size=100000', { 'accept-language': 'en' });
    expect(pageSize.body.details[0]).toMatchObject({ path: 'query.page_size', code: 'too_big', maximum: expect.any(Number) });
  });
});

describe('an address that is no route', () => {
  const open = (path: string, headers: Record<string, string>, method = 'GET') => fetch(`${server.endpoint}${path}`, { method, headers });
  const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

  it('shows a browser a small page in its language', async () => {
    const response = await open('/no-such-page?x=<b>', { accept: browserAccept, 'accept-language': 'de-DE,de;q=0.9' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="de" dir="ltr">/);
    expect(html).toContain('<title>Seite nicht gefunden</title>');
    expect(html).toContain('<h1>Seite nicht gefunden</h1>');
    expect(html).not.toContain('<b>');

    const chosen = await open('/sign-in/nope', { accept: 'text/html', 'accept-language': 'de', cookie: 'gatehouse_language=ar' });
    expect(chosen.status).toBe(404);
    const arabic = await chosen.text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('<h1>الصفحة غير موجودة</h1>');
    const english = await (await open('/nope', { accept: 'text/html' })).text();
    expect(english).toContain('<h1>Page not found</h1>');
  });

  it('keeps the JSON error for API clients, for /api, and for other methods', async () => {
    for (const [path, headers, method] of [
      ['/no-such-page', { accept: 'application/json' }, 'GET'],
      ['/no-such-page', { accept: '*/*' }, 'GET'],
      ['/no-such-page', {}, 'GET'],
      ['/api/no-such-route', { accept: browserAccept }, 'GET'],
      ['/api', { accept: browserAccept }, 'GET'],
      ['/no-such-page', { accept: browserAccept }, 'POST'],
    ] as const) {
      const response = await open(path, { ...headers, 'accept-language': 'de' }, method);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), `${method} ${path} ${JSON.stringify(headers)}`).toMatch(/^application\/json/);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('route.not_found');
      expect(body.message).toBe(`Für ${method} ${path} gibt es keine passende Route.`);
    }
  });
});

describe('connector config issues', () => {
  it('come in German with zod’s issue codes', async () => {
    const config = { accountSID: 'nope', authToken: 12345678, fromNumber: '+15550001111', templates: [] };
    const response = await admin.post('/connectors/twilio-sms/test', { config, to: '15550001111' }, de);
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.code).toBe('connector.invalid_config');
    const byPath = Object.fromEntries((response.body.details as { path: string; code: string; message: string }[]).map((detail) => [detail.path, detail]));
    expect(byPath['config.accountSID']).toEqual({ path: 'config.accountSID', code: 'invalid_format', message: german['connector.twilio_account_sid'] });
    expect(byPath['config.authToken']).toMatchObject({ code: 'invalid_type' });
    expect(byPath['config.authToken']!.message).toMatch(/string/);
    expect(byPath['config.authToken']!.message).toMatch(/Zahl|number/);
    expect(byPath['config.templates']).toMatchObject({ code: 'too_small' });
    for (const detail of Object.values(byPath)) {
      expect(detail.code).not.toBe('invalid');
    }
    expect(response.body.message).toMatch(/^Die Konnektor-Konfiguration ist ungültig: config\./);
    expect(response.body.message).not.toMatch(/Invalid twilio/);
    expect(JSON.stringify(response.body)).not.toContain('12345678');
  });
});

describe('entity names in entity.not_found', () => {
  it('are in the caller’s language', async () => {
    const factory = await admin.post('/connectors/nope/test', { config: {}, to: 'a@example.com' }, de);
    expect(factory.status).toBe(404);
    expect(factory.body).toMatchObject({ code: 'entity.not_found', message: 'Der Konnektor-Typ "nope" existiert nicht.' });

    const application = await admin.get('/applications/nope', { 'accept-language': 'fr' });
    expect(application.status).toBe(404);
    expect(application.body.message).toBe('L\'application "nope" n\'existe pas.');

    const user = await admin.get('/users/nope', { 'accept-language': 'ja' });
    expect(user.body.message).toBe('ユーザー「nope」は存在しません。');

    const english = await admin.get('/users/nope');
    expect(english.body.message).toBe('The user "nope" does not exist.');
  });
});

describe('machine values in messages (identifier types, MFA factors)', () => {
  it('are said in words of the caller’s language; the body keeps its shape', async () => {
    const refused = await admin.patch(
      '/sign-in-exp',
      {
        signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
        signIn: { methods: [{ identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true }] },
      },
      de,
    );
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(Object.keys(refused.body).sort()).toEqual(['code', 'details', 'message']);
    expect(refused.body.details).toEqual([
      {
        path: 'signIn.methods',
        code: 'sign_in_experience.sign_up_identifier_not_in_sign_in',
        message: 'Benutzer, die sich mit Benutzername registrieren, könnten sich nicht anmelden: Fügen Sie eine Anmeldemethode mit Benutzername hinzu.',
      },
    ]);
    expect(refused.body.message).not.toMatch(/username/);

    const english = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true }] },
    });
    expect(english.body.details[0].message).toBe('Users who sign up with a username could not sign in: add a sign-in method with a username.');

    const user = (await admin.post('/users', { username: 'terms_user' })).body;
    const phone = await admin.post(`/users/${user.id}/mfa-verifications`, { type: 'PhoneVerificationCode' }, { 'accept-language': 'ja' });
    expect(phone.status).toBe(422);
    expect(phone.body).toEqual({
      code: 'user.mfa_needs_identifier',
      message: 'SMS の確認コードを使用するには、ユーザーにメインの電話番号が設定されている必要があります。',
    });
  });
});
