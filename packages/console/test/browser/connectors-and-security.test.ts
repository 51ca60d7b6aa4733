import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startSmtpServer, useBrowser } from '../../../core/test/setup/browser.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { openConsoleAt, startConsoleServer } from './console-session.js';

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
