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
