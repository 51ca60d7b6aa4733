import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSmtpServer, useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { consoleUrl, findingsOn, openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * Connectors (a form generated from the factory's JSON Schema, a real test email, deletion refused
 * by the sign-in experience), the password policy and signing key rotation in Chromium, against
 * the real management API. Needs the built console (`npm run build:console`).
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const browser = useBrowser();

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startConsoleServer();
  admin = await server.api();
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The texts that describe an input (its hint and its error). */
const descriptionsOf = (input: Locator) =>
  input.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .filter(Boolean),
  );

describe('connectors', () => {
  it('creates an SMTP connector through the generated form, sends a test email that arrives, and cannot delete it while sign-up needs it', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/connectors');
    await page.waitForURL(/\/console\/connectors\/passwordless$/);
    await page.getByTestId('connector-card-Email').getByRole('link', { name: 'Set up' }).click();
    await page.waitForURL(/\/connectors\/passwordless\/create\/email$/);
    const dialog = page.getByRole('dialog', { name: 'Set up an email connector' });
    // Development connectors are off on this server: only the real ones are offered.
    await expect(dialog.getByTestId('factory-dev-email').count()).resolves.toBe(0);
    await dialog.getByTestId('factory-smtp').click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/connectors\/passwordless\/guide\/smtp$/);
    await page.getByRole('heading', { name: 'Set up SMTP' }).waitFor();
    await page.getByRole('cell', { name: /^Server host/ }).waitFor();

    // The schema's rules are checked in the browser first, next to each generated field.
    await page.getByRole('button', { name: 'Create connector' }).click();
    await page.getByRole('textbox', { name: 'Server host', exact: true }).and(page.locator('[aria-invalid="true"]')).waitFor();

    await page.getByRole('textbox', { name: 'Server host', exact: true }).fill('127.0.0.1');
    await page.getByRole('textbox', { name: 'Port number', exact: true }).fill(String(smtp.port));
    await page.getByRole('textbox', { name: 'Sender address', exact: true }).fill('noreply@example.com');
    await page.getByRole('textbox', { name: 'Sender name', exact: true }).fill('Gatehouse Test');
    await page.getByRole('combobox', { name: 'Purpose', exact: true }).click();
    await page.getByRole('option', { name: 'Generic (any purpose)' }).click();
    await page.getByRole('textbox', { name: 'Subject', exact: true }).fill('Your code');
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Your code is {{code}}.');

    // A recipient the server refuses is marked on its field.
    await page.getByRole('textbox', { name: 'Send to email address' }).fill('bogus');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('textbox', { name: 'Send to email address' }).and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.getByText('Must be an email address.').waitFor();
    await page.getByRole('textbox', { name: 'Send to email address' }).fill('tester@example.com');
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByText('The test message was sent to tester@example.com.').waitFor();
    expect(await smtp.codeFor('tester@example.com')).toBe('000000');
    expect(smtp.received.at(-1)!.raw).toContain('Subject: Your code');
    // The test used the unsaved form: nothing was created yet.
    expect((await admin.get('/connectors')).body).toEqual([]);

    await page.getByRole('button', { name: 'Create connector' }).click();
    await page.waitForURL(/\/connectors\/passwordless\/(?!guide)[\w-]+$/);
    const [connector] = (await admin.get('/connectors')).body;
    expect(connector).toMatchObject({
      connectorId: 'smtp',
      type: 'Email',
      config: {
        host: '127.0.0.1',
        port: smtp.port,
        fromEmail: 'noreply@example.com',
        fromName: 'Gatehouse Test',
        templates: [{ usageType: 'Generic', subject: 'Your code', content: 'Your code is {{code}}.' }],
      },
    });
    expect(page.url()).toMatch(new RegExp(`/connectors/passwordless/${connector.id}$`));
    await page.getByRole('heading', { name: 'Delete connector' }).waitFor();

    // The saved connector, edited and saved again from its detail page.
    await page.getByRole('textbox', { name: 'Sender name', exact: true }).fill('Gatehouse Mail');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').first().waitFor();
    expect((await admin.get(`/connectors/${connector.id}`)).body.config.fromName).toBe('Gatehouse Mail');

    // Sign-up by email with a code depends on this connector: the server refuses to delete it.
    const patched = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
      signIn: { methods: [{ identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true }] },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete connector' }).getByRole('button', { name: 'Delete' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The connector was not deleted' });
    await refusal.waitFor();
    await expect(refusal.textContent()).resolves.toMatch(/email/i);
    expect((await admin.get('/connectors')).body).toHaveLength(1);
  });

  it('asks before an email template with unsaved changes is closed by Escape', async () => {
    const { page } = browser;
    let [connector] = (await admin.get('/connectors')).body;
    if (!connector) {
      connector = (await admin.post('/connectors', smtp.connector)).body;
    }
    await openConsoleAt(page, server, `/connectors/passwordless/${connector.id}`);
    const editor = page.getByRole('dialog', { name: 'Add an email template' });
    const subject = editor.getByRole('textbox', { name: 'Subject', exact: true });

    // Untouched, Escape closes it at once.
    await page.getByRole('button', { name: 'Add template' }).first().click();
    await subject.waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add template' }).first().click();
    await subject.fill('Welcome aboard');
    await page.keyboard.press('Escape');
    const question = page.getByRole('dialog', { name: 'Discard your changes?' });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    await expect(subject.inputValue()).resolves.toBe('Welcome aboard');

    await page.keyboard.press('Escape');
    await question.getByRole('button', { name: 'Discard' }).click();
    await editor.waitFor({ state: 'hidden' });
    expect((await admin.get('/email-templates')).body).toEqual([]);
  });

  it('warns that a new email template for a language and purpose already there replaces it', async () => {
    const { page } = browser;
    let [connector] = (await admin.get('/connectors')).body;
    if (!connector) {
      connector = (await admin.post('/connectors', smtp.connector)).body;
    }
    const details = { subject: 'Your code', content: 'Your code is {{code}}.', contentType: 'text/plain' };
    expect((await admin.put('/email-templates', { templates: [{ languageTag: 'en', templateType: 'Generic', details }] })).status).toBe(200);
    try {
      await openConsoleAt(page, server, `/connectors/passwordless/${connector.id}`);
      await page.getByRole('button', { name: 'Add template' }).first().click();
      const editor = page.getByRole('dialog', { name: 'Add an email template' });
      const warning = editor.getByText('A template for this language and purpose already exists. Saving replaces it.');
      // English and "Generic" are what a new template starts with: the saved one is named.
      await warning.waitFor();
      await editor.getByLabel('Purpose', { exact: true }).click();
      await page.getByRole('option', { name: 'Sign-in', exact: true }).click();
      await warning.waitFor({ state: 'hidden' });
    } finally {
      await admin.delete('/email-templates?languageTag=en&templateType=Generic');
    }
  });
});

describe('what the connector forms say is wrong', () => {
  it('says why an HTTP SMS request body is refused, and types header values unseen', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/connectors/passwordless/guide/http-sms');
    const body = page.getByRole('textbox', { name: 'Request body', exact: true });

    // JSON that does not parse: said as soon as the field is left, not only marked red.
    await body.fill('{ not json');
    await page.keyboard.press('Tab');
    await expect.poll(() => descriptionsOf(body)).toContain('Must be valid JSON.');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await expect.poll(() => descriptionsOf(body)).toContain('Must be valid JSON.');

    // A shape with a key missing, or a format there is none of, says which key.
    await body.fill('{"format":"json"}');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await expect.poll(() => descriptionsOf(body)).toContain('"template" is missing.');
    await body.fill('{"format":"xml"}');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await expect.poll(() => descriptionsOf(body)).toContain('"format" must be "json" or "form".');
    await expect(page.getByText('Invalid value.').count()).resolves.toBe(0);

    // A header's value is typed as a password, like the Authorization header.
    await page.getByRole('button', { name: 'Add a row' }).click();
    await page.getByLabel('Request headers Name 1', { exact: true }).fill('X Api Key');
    const value = page.getByLabel('Request headers Value 1', { exact: true });
    await value.fill('typed-secret');
    await expect(value.getAttribute('type')).resolves.toBe('password');

    // A rule only the server checks (header names) lands on its field, said in words, not as the server's summary.
    await page.getByRole('textbox', { name: 'Gateway endpoint', exact: true }).fill('https://sms.example.com/send');
    await body.fill('{"format":"json","template":"{\\"to\\":\\"{{to}}\\",\\"text\\":\\"{{content}}\\"}"}');
    await page.getByRole('combobox', { name: 'Purpose', exact: true }).click();
    await page.getByRole('option', { name: 'Generic (any purpose)' }).click();
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill('Your code is {{code}}.');
    await page.getByRole('textbox', { name: 'Send to phone number' }).fill('15551234567');
    await page.getByRole('button', { name: 'Send test' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'The test message could not be sent' });
    await failed.waitFor();
    await page.getByText('Header names may only hold letters, digits and hyphens.').waitFor();
    const said = (await failed.textContent()) ?? '';
    expect(said).toContain('Some settings are not valid');
    expect(said).not.toContain('config.');
    expect(said).not.toContain('The connector configuration is invalid');
    expect((await admin.get('/connectors')).body.some((connector: { connectorId: string }) => connector.connectorId === 'http-sms')).toBe(false);
  });

  it('says the rules of the connector id, the target and addresses, and server refusals on their fields', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/connectors/social/guide/oidc');
    const id = page.getByRole('textbox', { name: 'Connector ID', exact: true });
    const target = page.getByRole('textbox', { name: 'Target', exact: true });
    await id.fill('git hub!');
    await target.fill('GitHub');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await expect.poll(() => descriptionsOf(id)).toContain('Must be letters, digits, "-" or "_".');
    await expect.poll(() => descriptionsOf(target)).toContain('Must be lowercase letters, digits, "-" or "_", starting with a letter or digit.');

    // What only the server checks (https endpoints) is marked on each field, and the alert says it in words.
    await id.fill('okta');
    await target.fill('okta');
    await page.getByRole('textbox', { name: 'Button name', exact: true }).fill('Okta');
    const issuer = page.getByRole('textbox', { name: 'Issuer URL', exact: true });
    const authorization = page.getByRole('textbox', { name: 'Authorization endpoint', exact: true });
    await issuer.fill('http://idp.example.com');
    await authorization.fill('http://idp.example.com/authorize');
    await page.getByRole('textbox', { name: 'Client ID', exact: true }).fill('gatehouse');
    await page.locator('input[name="config.clientSecret"]').fill('client-secret');
    await page.getByRole('button', { name: 'Create connector' }).click();
    const https = 'Must be an https URL (http only on localhost).';
    await expect.poll(() => descriptionsOf(issuer)).toContain(https);
    await expect.poll(() => descriptionsOf(authorization)).toContain(https);
    const alert = page.getByRole('alert').filter({ hasText: 'Some settings are not valid' });
    await alert.waitFor();
    const said = (await alert.textContent()) ?? '';
    expect(said).toContain('The marked fields say what to change.');
    expect(said).not.toContain('config.');
    expect(said).not.toContain('.;');
    expect(await findingsOn(page, 'page')).toEqual([]);
    expect((await admin.get('/connectors')).body.some((connector: { id: string }) => connector.id === 'okta')).toBe(false);

    // The SMTP sender and reply-to addresses say what they must be, as the template dialog does.
    await page.goto(consoleUrl(server, '/connectors/passwordless/guide/smtp'));
    const sender = page.getByRole('textbox', { name: 'Sender address', exact: true });
    const replyTo = page.getByRole('textbox', { name: 'Reply-to address', exact: true });
    await sender.fill('no-reply');
    await replyTo.fill('support at example');
    await page.getByRole('button', { name: 'Create connector' }).click();
    await expect.poll(() => descriptionsOf(sender)).toContain('Must be an email address.');
    await expect.poll(() => descriptionsOf(replyTo)).toContain('Must be an email address.');
  });
});

describe('connectors the sign-in experience depends on', () => {
  it('shows the refusal of a changed target with the server’s headline and a link to the sign-in experience', async () => {
    const { page } = browser;
    const before = (await admin.get('/sign-in-exp')).body;
    const created = await admin.post('/connectors', {
      connectorId: 'oidc',
      id: 'okta-sso',
      config: { issuer: 'https://idp.example.com', clientId: 'gatehouse', clientSecret: 'client-secret' },
      metadata: { target: 'okta', name: { en: 'Okta' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: ['okta'] })).status).toBe(200);
    try {
      await openConsoleAt(page, server, '/connectors/social/okta-sso');
      await page.getByRole('textbox', { name: 'Target', exact: true }).fill('okta-eu');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const alert = page.getByTestId('unworkable-alert');
      await alert.waitFor();
      const said = (await alert.textContent()) ?? '';
      expect(said).toContain('unable to register or sign in');
      expect(said).toContain('There is no social connector for "okta".');
      expect(said).toContain('Concerns: Social sign-in');
      await alert.getByRole('link', { name: 'Go to Sign-in experience › Sign-up and sign-in' }).click();
      await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave and discard' }).click();
      await page.waitForURL(/\/console\/sign-in-experience\/sign-up-and-sign-in$/);
      expect((await admin.get('/connectors/okta-sso')).body.target).toBe('okta');
    } finally {
      await admin.patch('/sign-in-exp', { socialSignInConnectorTargets: before.socialSignInConnectorTargets });
      await admin.delete('/connectors/okta-sso');
    }
  });

  it('lists a reason the deletion of the email connector is refused once, with the settings it concerns', async () => {
    const { page } = browser;
    const before = (await admin.get('/sign-in-exp')).body;
    let connector = ((await admin.get('/connectors')).body as { id: string; type: string }[]).find((candidate) => candidate.type === 'Email');
    if (!connector) {
      connector = (await admin.post('/connectors', smtp.connector)).body;
    }
    const patched = await admin.patch('/sign-in-exp', {
      signUp: { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] },
      signIn: {
        methods: [
          { identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true },
          { identifier: 'email', password: true, verificationCode: true, isPasswordPrimary: true },
        ],
      },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    try {
      await openConsoleAt(page, server, `/connectors/passwordless/${connector!.id}`);
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog', { name: 'Delete connector' }).getByRole('button', { name: 'Delete' }).click();
      const alert = page.getByTestId('unworkable-alert');
      await alert.waitFor();
      const said = (await alert.textContent()) ?? '';
      const missing = 'Email verification codes are used here, but there is no email connector. Add one first.';
      expect(said).toContain('The connector was not deleted');
      expect(said).toContain('unable to register or sign in');
      expect(said.split(missing)).toHaveLength(2);
      expect(said).toContain('Concerns: Sign-up and Sign-in methods');
      await alert.getByRole('link', { name: 'Go to Sign-in experience › Sign-up and sign-in' }).waitFor();
      expect(await findingsOn(page, 'page')).toEqual([]);
      expect((await admin.get('/connectors')).body.some((candidate: { id: string }) => candidate.id === connector!.id)).toBe(true);
    } finally {
      await admin.patch('/sign-in-exp', { signUp: before.signUp, signIn: before.signIn });
    }
  });
});

describe('masked secrets', () => {
  it('marks the secrets to type again when a saved connector is pointed elsewhere', async () => {
    const { page } = browser;
    const created = await admin.post('/connectors', {
      connectorId: 'http-sms',
      config: {
        endpoint: 'https://sms.example.com/send',
        authorization: 'Bearer stored-secret',
        bodyTemplate: { format: 'json', template: '{"to":"{{to}}","text":"{{content}}"}' },
        templates: [{ usageType: 'Generic', content: 'Code {{code}}' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    try {
      await openConsoleAt(page, server, `/connectors/passwordless/${created.body.id}`);
      await page.getByRole('textbox', { name: 'Gateway endpoint', exact: true }).fill('https://elsewhere.example.com/send');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('To change endpoint, enter the secrets again.', { exact: false }).waitFor();
      // On the secret's own field (its error is one of the texts that describe it).
      const reenter = 'Enter it again: a stored secret goes only where it was configured to go.';
      await page.getByText(reenter).waitFor();
      const described = await page.getByLabel('Authorization header', { exact: true }).evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? ''),
      );
      expect(described).toContain(reenter);
      expect((await admin.get(`/connectors/${created.body.id}`)).body.config.endpoint).toBe('https://sms.example.com/send');
    } finally {
      await admin.delete(`/connectors/${created.body.id}`);
    }
  });
});

describe('security', () => {
  it('validates and stores the password policy minimum length', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/security');
    await page.waitForURL(/\/console\/security\/password-policy$/);
    const minimum = page.getByRole('textbox', { name: 'Minimum length' });
    await expect(minimum.inputValue()).resolves.toBe('8');

    await minimum.fill('300');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Must be 256 or less.').waitFor();
    await minimum.fill('20');
    await page.getByRole('textbox', { name: 'Maximum length' }).fill('16');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('The minimum length cannot exceed the maximum length.').waitFor();
    await page.getByRole('textbox', { name: 'Maximum length' }).fill('256');

    await minimum.fill('12');
    await page.getByRole('combobox', { name: 'Custom words' }).fill('gatehouse');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').first().waitFor();
    const { passwordPolicy } = (await admin.get('/sign-in-exp')).body;
    expect(passwordPolicy.length).toEqual({ min: 12, max: 256 });
    expect(passwordPolicy.rejects.words).toEqual(['gatehouse']);

    // The saved policy answers the password tester.
    await page.getByLabel('Password', { exact: true }).fill('short1!');
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByText('This password would be refused').waitFor();
  });

  it('says the lockout duration in words, only while it is one the policy accepts', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/security/general');
    await page.getByText('Locked for 1 hour.', { exact: true }).waitFor();
    const duration = page.getByRole('textbox', { name: 'Lockout duration (minutes)' });
    await duration.fill('90');
    await page.getByText('Locked for 1 hour, 30 minutes.', { exact: true }).waitFor();
    await duration.fill('99999');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Must be 1440 or less.').waitFor();
    await expect(page.getByText(/^Locked for/).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Discard' }).click();
  });
});

describe('captcha provider', () => {
  it('cannot be removed while a captcha is required, and says why', async () => {
    const { page } = browser;
    expect((await admin.put('/captcha-provider', { type: 'Turnstile', siteKey: 'site-key', secretKey: 'turnstile-secret' })).status).toBe(200);
    expect((await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: true } })).status).toBe(200);
    try {
      await openConsoleAt(page, server, '/security/captcha/details');
      const remove = page.getByRole('button', { name: 'Delete', exact: true });
      const reason = 'A captcha is required right now: turn off “Require a captcha” before removing the provider.';
      await page.getByText(reason).waitFor();
      await expect(remove.isDisabled()).resolves.toBe(true);
      await expect.poll(() => descriptionsOf(remove)).toContain(reason);
      expect(await findingsOn(page, 'page')).toEqual([]);

      expect((await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: false } })).status).toBe(200);
      await page.reload();
      await page.getByRole('heading', { name: 'Remove captcha provider' }).waitFor();
      await expect(remove.isEnabled()).resolves.toBe(true);
      await expect(page.getByText(reason).count()).resolves.toBe(0);
    } finally {
      await admin.patch('/sign-in-exp', { captchaPolicy: { enabled: false } });
      await admin.delete('/captcha-provider');
    }
  });
});

describe('signing keys', () => {
  it('rotates the token signing keys with a chosen algorithm, lists the previous key, and deletes it', async () => {
    const { page } = browser;
    const before = (await admin.get('/configs/oidc/private-keys')).body as { id: string }[];
    expect(before).toHaveLength(1);
    await openConsoleAt(page, server, '/signing-keys');
    const signing = page.getByTestId('keys-private-keys');
    await signing.getByText(before[0]!.id).waitFor();

    await signing.getByRole('button', { name: 'Rotate signing keys' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate token signing keys?' });
    await dialog.getByRole('radio', { name: 'RS256' }).check();
    await dialog.getByRole('button', { name: 'Rotate' }).click();

    const previousRow = signing.getByRole('row').filter({ hasText: before[0]!.id });
    await previousRow.getByText('Previous').waitFor();
    const after = (await admin.get('/configs/oidc/private-keys')).body as { id: string; status: string; signingKeyAlgorithm: string }[];
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ status: 'current', signingKeyAlgorithm: 'RS256' });
    expect(after[1]).toMatchObject({ id: before[0]!.id, status: 'previous' });
    await signing.getByRole('row').filter({ hasText: after[0]!.id }).getByText('Current').waitFor();

    await previousRow.getByRole('button', { name: `Delete key ${before[0]!.id}` }).click();
    await page.getByRole('dialog', { name: 'Delete previous key' }).getByRole('button', { name: 'Delete' }).click();
    await previousRow.waitFor({ state: 'detached' });
    // The API client's token was signed by the deleted key: it is refused now, a new one works.
    expect((await admin.get('/configs/oidc/private-keys')).status).toBe(401);
    admin = await server.api();
    expect(((await admin.get('/configs/oidc/private-keys')).body as unknown[]).length).toBe(1);
  });
});
