import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiWithScopes } from './setup/grants.js';
import { createExperienceClient, createWebApp, type TestApp } from './setup/experience-client.js';
import { startTestServer, type TestServer } from './setup/test-server.js';

/**
 * Custom profile fields: managed through `/api/custom-profile-fields`, asked for by the sign-in
 * experience when required and missing, checked by type, and stored on the user (built-in names on
 * the user's profile, any other name in custom data).
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let app: TestApp;

beforeAll(async () => {
  server = await startTestServer({ PASSWORD_BREACH_API_URL: 'off' });
  admin = await server.api();
  app = await createWebApp(admin);
});
afterAll(async () => server?.close());

const options = [
  { label: 'Design', value: 'design' },
  { label: 'Engineering', value: 'engineering' },
  { label: 'Sales', value: 'sales' },
];

/** One field of each of the nine types, all required. */
const nineFields = [
  { name: 'department', type: 'Text', label: 'Department', required: true, config: { minLength: 2, maxLength: 40 } },
  { name: 'seats', type: 'Number', label: 'Seats', required: true, config: { minValue: 1, maxValue: 500 } },
  { name: 'birthdate', type: 'Date', label: 'Birthday', required: true, config: { format: 'yyyy-MM-dd' } },
  { name: 'interests', type: 'Checkbox', label: 'Interests', required: true, config: { options } },
  { name: 'team', type: 'Select', label: 'Team', required: true, config: { options } },
  { name: 'website', type: 'Url', label: 'Website', required: true, config: {} },
  { name: 'employeeId', type: 'Regex', label: 'Employee ID', required: true, config: { format: 'E-\\d{4}' } },
  {
    name: 'address',
    type: 'Address',
    label: 'Address',
    required: true,
    config: {
      parts: [
        { name: 'streetAddress', enabled: true, required: true },
        { name: 'locality', enabled: true, required: true },
        { name: 'country', enabled: true },
      ],
    },
  },
  {
    name: 'fullname',
    type: 'Fullname',
    label: 'Full name',
    required: true,
    config: {
      parts: [
        { name: 'givenName', enabled: true, required: true },
        { name: 'familyName', enabled: true, required: true },
      ],
    },
  },
] as const;

describe('custom profile fields through the management API', () => {
  it('creates, lists in form order, reorders, updates and deletes fields of every type', async () => {
    const created = [];
    for (const field of nineFields) {
      const response = await admin.post('/custom-profile-fields', field);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      created.push(response.body);
    }
    // Placed last, one after another, in the order they were created.
    expect(created.map((field) => field.sieOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(created.every((field) => typeof field.id === 'string')).toBe(true);
    const listed = await admin.get('/custom-profile-fields');
    expect(listed.body.map((field: { name: string }) => field.name)).toEqual(nineFields.map((field) => field.name));
    expect((await admin.get('/custom-profile-fields/team')).body).toMatchObject({ type: 'Select', config: { options } });

    // Named fields go first in the given order; the rest keep theirs.
    const reordered = await admin.post('/custom-profile-fields/properties/sie-order', { order: ['fullname', 'team'] });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.slice(0, 3).map((field: { name: string }) => field.name)).toEqual(['fullname', 'team', 'department']);
    expect(reordered.body.map((field: { sieOrder: number }) => field.sieOrder)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);

    const relabelled = await admin.patch('/custom-profile-fields/department', { label: 'Your department', description: 'As on your badge' });
    expect(relabelled.status).toBe(200);
    expect(relabelled.body).toMatchObject({ label: 'Your department', description: 'As on your badge', type: 'Text', config: { minLength: 2 } });
    const retyped = await admin.patch('/custom-profile-fields/department', { type: 'Select', config: { options } });
    expect(retyped.status, JSON.stringify(retyped.body)).toBe(200);
    expect(retyped.body).toMatchObject({ type: 'Select', config: { options } });
    const back = await admin.patch('/custom-profile-fields/department', nineFields[0]);
    expect(back.status, JSON.stringify(back.body)).toBe(200);

    const extra = await admin.post('/custom-profile-fields', { name: 'nickname', type: 'Text', label: 'Nickname', required: false, config: {} });
    expect(extra.status).toBe(201);
    expect((await admin.delete('/custom-profile-fields/nickname')).status).toBe(204);
    const gone = await admin.get('/custom-profile-fields/nickname');
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('entity.not_found');
    expect((await admin.get('/custom-profile-fields')).body).toHaveLength(9);
  });

  it('refuses impossible fields with field details, and changes nothing', async () => {
    const before = (await admin.get('/custom-profile-fields')).body;
    const taken = await admin.post('/custom-profile-fields', { name: 'team', type: 'Text', label: 'Team', required: false, config: {} });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('custom_profile_field.name_exists');

    const reserved = await admin.post('/custom-profile-fields', { name: 'username', type: 'Text', label: 'Username', required: false, config: {} });
    expect(reserved.status).toBe(400);
    expect(reserved.body.details.map((detail: { path: string }) => detail.path)).toContain('body.name');

    const noOptions = await admin.post('/custom-profile-fields', { name: 'empty', type: 'Select', label: 'Empty', required: false, config: { options: [] } });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.details.map((detail: { path: string }) => detail.path)).toContain('body.config.options');

    const badRange = await admin.post('/custom-profile-fields', { name: 'range', type: 'Number', label: 'Range', required: false, config: { minValue: 9, maxValue: 1 } });
    expect(badRange.status).toBe(400);
    expect(badRange.body.details.map((detail: { path: string }) => detail.path)).toContain('body.config.maxValue');

    const badPattern = await admin.post('/custom-profile-fields', { name: 'code', type: 'Regex', label: 'Code', required: false, config: { format: '([a-z' } });
    expect(badPattern.status).toBe(400);
    // Matched with RE2 on the server: no backreferences or lookaround.
    const backtracking = await admin.post('/custom-profile-fields', { name: 'code', type: 'Regex', label: 'Code', required: false, config: { format: '(\\w)\\1' } });
    expect(backtracking.status).toBe(400);
    expect(backtracking.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.config.format']);
    expect((await admin.patch('/custom-profile-fields/employeeId', { type: 'Regex', config: { format: 'E-(?=\\d)\\d+' } })).status).toBe(400);

    // A config that does not fit the field's type, and a rename onto a taken name.
    const mismatched = await admin.patch('/custom-profile-fields/seats', { config: { options } });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.type']);
    const notBoolean = await admin.patch('/custom-profile-fields/seats', { required: 'yes' });
    expect(notBoolean.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.required']);
    const renamed = await admin.patch('/custom-profile-fields/seats', { name: 'team' });
    expect(renamed.status).toBe(409);

    // A name kept on the user's profile takes only the types that produce what the profile holds.
    const builtInMismatch = await admin.post('/custom-profile-fields', { name: 'gender', type: 'Checkbox', label: 'Gender', required: false, config: { options } });
    expect(builtInMismatch.status).toBe(400);
    expect(builtInMismatch.body.details).toEqual([expect.objectContaining({ path: 'body.name', message: 'This name is kept on the user profile and needs another field type.' })]);
    const retyped = await admin.patch('/custom-profile-fields/birthdate', { type: 'Text', config: {} });
    expect(retyped.status).toBe(400);
    expect(retyped.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.name']);
    // `birthdate` fills the OpenID Connect claim, which is written YYYY-MM-DD.
    const birthdateFormat = 'The birthdate claim is written YYYY-MM-DD: choose the yyyy-MM-dd format.';
    const localDate = await admin.patch('/custom-profile-fields/birthdate', { type: 'Date', config: { format: 'dd/MM/yyyy' } });
    expect(localDate.status).toBe(400);
    expect(localDate.body.details).toEqual([expect.objectContaining({ path: 'body.config.format', message: birthdateFormat })]);
    const created = await admin.post('/custom-profile-fields', { name: 'birthdate', type: 'Date', label: 'Born', required: false, config: { format: 'dd/MM/yyyy' } });
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([expect.objectContaining({ path: 'body.config.format', message: birthdateFormat })]);
    const germanDate = await admin.patch('/custom-profile-fields/birthdate', { type: 'Date', config: { format: 'MM/dd/yyyy' } }, { 'accept-language': 'de' });
    expect(germanDate.body.details[0].message).toBe('Der Claim birthdate wird als JJJJ-MM-TT geschrieben: Wählen Sie das Format yyyy-MM-dd.');
    const renamedOntoBuiltIn = await admin.patch('/custom-profile-fields/seats', { name: 'address' });
    expect(renamedOntoBuiltIn.status).toBe(409);
    const renamedOntoClaim = await admin.patch('/custom-profile-fields/seats', { name: 'zoneinfo' });
    expect(renamedOntoClaim.status).toBe(400);

    const unknownOrder = await admin.post('/custom-profile-fields/properties/sie-order', { order: ['team', 'no_such_field'] });
    expect(unknownOrder.status).toBe(404);
    const repeated = await admin.post('/custom-profile-fields/properties/sie-order', { order: ['team', 'team'] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.details.map((detail: { path: string }) => detail.path)).toEqual(['body.order']);

    expect((await admin.get('/custom-profile-fields')).body).toEqual(before);
  });

  it('needs the sign-in experience scopes', async () => {
    const reader = await apiWithScopes(server, ['read:sign-in-experience']);
    expect((await reader.get('/custom-profile-fields')).status).toBe(200);
    expect((await reader.post('/custom-profile-fields', { name: 'sneaky', type: 'Text', label: 'x', required: false, config: {} })).status).toBe(403);
    expect((await reader.delete('/custom-profile-fields/team')).status).toBe(403);
    const stranger = await apiWithScopes(server, ['read:users']);
    expect((await stranger.get('/custom-profile-fields')).status).toBe(403);
    expect((await admin.get('/custom-profile-fields/team')).status).toBe(200);
  });
});

describe('custom profile fields in the sign-in experience', () => {
  /** Registers `username` with a password; answers the client before submit. */
  const startRegistration = async (username: string) => {
    const browser = await createExperienceClient(server.endpoint, app);
    await browser.authorize({ first_screen: 'register' });
    const steps = [
      await browser.api('PUT', '', { interactionEvent: 'Register' }),
      await browser.api('POST', '/identification', { identifier: { type: 'username', value: username } }),
      await browser.api('POST', '/profile', { type: 'password', value: 'Correct-Horse-92!' }),
    ];
    expect(steps.map((step) => step.status), JSON.stringify(steps.map((step) => step.body))).toEqual([204, 204, 204]);
    return browser;
  };

  const validValues = {
    department: '  Platform  ',
    seats: '12',
    birthdate: '1990-04-01',
    interests: ['design', 'sales'],
    team: 'engineering',
    website: 'https://ada.example.com',
    employeeId: 'E-1234',
    address: { streetAddress: '1 Main St', locality: 'Springfield', country: 'US' },
    fullname: { givenName: 'Ada', familyName: 'Lovelace' },
  };

  it('lists the required fields a new account lacks, and the configuration the pages read has them in order', async () => {
    const browser = await startRegistration('field_lister');
    const config = await browser.api('GET', '/config');
    expect(config.status).toBe(200);
    expect(config.body.customProfileFields.map((field: { name: string }) => field.name).slice(0, 2)).toEqual(['fullname', 'team']);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status).toBe(422);
    expect(submitted.body.code).toBe('user.missing_profile');
    expect(submitted.body.details.map((detail: { path: string }) => detail.path).sort()).toEqual(
      nineFields.map((field) => `customProfile.${field.name}`).sort(),
    );
    expect(submitted.body.details.every((detail: { code: string }) => detail.code === 'user.missing_profile_field')).toBe(true);
    expect((await admin.get('/users?search=field_lister')).body).toEqual([]);
  });

  it('refuses each wrong value with its code and keeps nothing of that request', async () => {
    const browser = await startRegistration('field_checker');
    const refused = await browser.api('POST', '/profile', {
      type: 'extraProfile',
      values: {
        ...validValues,
        department: 'x',
        seats: '501',
        birthdate: '1990-13-45',
        interests: ['astrology'],
        team: 'marketing',
        website: 'not a url',
        employeeId: 'E-12',
        address: { locality: 'Springfield' },
        fullname: { givenName: 'Ada' },
        shoeSize: '42',
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('custom_profile_field.invalid_values');
    const byPath = Object.fromEntries(refused.body.details.map((detail: { path: string; code: string }) => [detail.path, detail.code]));
    expect(Object.keys(byPath).sort()).toEqual([...nineFields.map((field) => `customProfile.${field.name}`), 'customProfile.shoeSize'].sort());
    expect(byPath['customProfile.shoeSize']).toBe('custom_profile_field.unknown');
    expect(Object.values(byPath).every((code) => typeof code === 'string' && code.startsWith('custom_profile_field.'))).toBe(true);
    expect(refused.body.details.every((detail: { message: string }) => typeof detail.message === 'string' && detail.message.length > 0)).toBe(true);

    // The valid values of a refused request were not kept either: every field is still missing.
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status).toBe(422);
    expect(submitted.body.details).toHaveLength(nineFields.length);
  });

  it('stores built-in names on the profile and the others in custom data', async () => {
    const browser = await startRegistration('field_filler');
    const saved = await browser.api('POST', '/profile', { type: 'extraProfile', values: validValues });
    expect(saved.status, JSON.stringify(saved.body)).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const tokens = await browser.exchange(await browser.follow(submitted.body.redirectTo));
    expect(tokens.id_token).toBeTypeOf('string');

    const [listed] = (await admin.get('/users?search=field_filler')).body;
    const user = (await admin.get(`/users/${listed.id}`)).body;
    expect(user.profile).toMatchObject({
      birthdate: '1990-04-01',
      website: 'https://ada.example.com',
      address: { streetAddress: '1 Main St', locality: 'Springfield', country: 'US' },
      givenName: 'Ada',
      familyName: 'Lovelace',
    });
    expect(user.customData).toEqual({
      department: 'Platform',
      seats: 12,
      interests: ['design', 'sales'],
      team: 'engineering',
      employeeId: 'E-1234',
    });
  });

  it('offers the optional fields once to a new account, and never to a returning user', async () => {
    const optional = await admin.post('/custom-profile-fields', { name: 'nickname', type: 'Text', label: 'Nickname', required: false, config: {} });
    expect(optional.status).toBe(201);
    const browser = await startRegistration('optional_offered');
    const asked = await browser.api('POST', '/submit', {});
    expect(asked.status).toBe(422);
    // The message names only what is required; the optional field is in the details.
    expect(asked.body.message).toMatch(/^Some account information is still needed: customProfile\./);
    expect(asked.body.message).not.toContain('nickname');
    // In form order: the optional field comes last, as it was created last.
    expect(asked.body.details.at(-1)).toMatchObject({ path: 'customProfile.nickname', code: 'user.optional_profile_field', message: 'Optional: nickname.' });
    expect(asked.body.details.filter((detail: { code: string }) => detail.code === 'user.missing_profile_field')).toHaveLength(nineFields.length);
    // Answering with the required values alone answers the form: the optional one is not asked again.
    expect((await browser.api('POST', '/profile', { type: 'extraProfile', values: validValues })).status).toBe(204);
    const submitted = await browser.api('POST', '/submit', {});
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    // With only optional fields configured, an empty answer is enough.
    for (const field of nineFields) {
      expect((await admin.delete(`/custom-profile-fields/${field.name}`)).status).toBe(204);
    }
    const skipper = await startRegistration('optional_skipper');
    const offered = await skipper.api('POST', '/submit', {});
    expect(offered.status).toBe(422);
    expect(offered.body.code).toBe('user.missing_profile');
    expect(offered.body.message).toBe('You can add more to your account before you continue (optional): customProfile.nickname.');
    expect(offered.body.details).toEqual([expect.objectContaining({ path: 'customProfile.nickname', code: 'user.optional_profile_field' })]);
    expect((await skipper.api('POST', '/profile', { type: 'extraProfile', values: {} })).status).toBe(204);
    const skipped = await skipper.api('POST', '/submit', {});
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(200);
    const [listed] = (await admin.get('/users?search=optional_skipper')).body;
    expect(listed.profile.nickname).toBeUndefined();

    const filler = await startRegistration('optional_filler');
    expect((await filler.api('POST', '/profile', { type: 'extraProfile', values: { nickname: 'Fill' } })).status).toBe(204);
    expect((await filler.api('POST', '/submit', {})).status).toBe(200);
    const [filled] = (await admin.get('/users?search=optional_filler')).body;
    expect(filled.profile.nickname).toBe('Fill');

    // A returning user goes straight through: nothing optional is asked at sign-in.
    const returning = await createExperienceClient(server.endpoint, app);
    await returning.authorize();
    expect((await returning.api('PUT', '', { interactionEvent: 'SignIn' })).status).toBe(204);
    const verified = await returning.api('POST', '/verification/password', { identifier: { type: 'username', value: 'optional_skipper' }, password: 'Correct-Horse-92!' });
    expect((await returning.api('POST', '/identification', { verificationId: verified.body.verificationId })).status).toBe(204);
    const signedIn = await returning.api('POST', '/submit', {});
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });

  it('keeps a profile claim within what the profile holds, and other addresses and names in custom data', async () => {
    const created = [
      await admin.post('/custom-profile-fields', { name: 'locale', type: 'Text', label: 'Locale', required: false, config: {} }),
      await admin.post('/custom-profile-fields', { name: 'shipping', type: 'Address', label: 'Shipping', required: false, config: { parts: [{ name: 'locality', enabled: true }] } }),
      await admin.post('/custom-profile-fields', { name: 'emergencyContact', type: 'Fullname', label: 'Emergency contact', required: false, config: { parts: [{ name: 'givenName', enabled: true }] } }),
      // Catastrophic for a backtracking engine; the server's RE2 answers in linear time.
      await admin.post('/custom-profile-fields', { name: 'badge', type: 'Regex', label: 'Badge', required: false, config: { format: '(a+)+b' } }),
    ];
    expect(created.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const browser = await startRegistration('claim_keeper');
    // The Text field allows 4,096 characters; the locale claim holds 32.
    const refused = await browser.api('POST', '/profile', { type: 'extraProfile', values: { locale: 'x'.repeat(33), badge: `${'a'.repeat(4000)}!` } });
    expect(refused.status).toBe(422);
    expect(refused.body.details).toEqual([
      expect.objectContaining({ path: 'customProfile.locale', code: 'custom_profile_field.too_long' }),
      expect.objectContaining({ path: 'customProfile.badge', code: 'custom_profile_field.pattern_mismatch' }),
    ]);
    const saved = await browser.api('POST', '/profile', {
      type: 'extraProfile',
      values: { locale: 'fr-CA', shipping: { locality: 'Lyon' }, emergencyContact: { givenName: 'Grace' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(204);
    expect((await browser.api('POST', '/submit', {})).status).toBe(200);
    const [listed] = (await admin.get('/users?search=claim_keeper')).body;
    const user = (await admin.get(`/users/${listed.id}`)).body;
    expect(user.profile).toEqual({ locale: 'fr-CA' });
    expect(user.customData).toEqual({ shipping: { locality: 'Lyon' }, emergencyContact: { givenName: 'Grace' } });
  });
});
