import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startAuthorization, useBrowser, waitForHeading } from '../../../core/test/setup/browser.js';
import type { TestApp } from '../../../core/test/setup/experience-client.js';
import type { TestServer } from '../../../core/test/setup/test-server.js';
import { openConsoleAt, startConsoleServer } from './console-session.js';

/**
 * Integration guides and the branding and permissions tabs of an application, clicked through in
 * Chromium against the real server: the guide's code holds the app's real ID, the branding shows
 * on the app's hosted sign-in page, and consent scopes land in the management API.
 */

let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;
let partner: TestApp;
const browser = useBrowser();

beforeAll(async () => {
  server = await startConsoleServer();
  admin = await server.api();
  const redirectUri = 'https://app.example.com/callback';
  const created = await admin.post('/applications', {
    name: 'Partner integration',
    type: 'Traditional',
    isThirdParty: true,
    oidcClientMetadata: { redirectUris: [redirectUri] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  partner = { id: created.body.id, redirectUri, secret: (await admin.get(`/applications/${created.body.id}/secrets`)).body[0].value };
});
afterAll(async () => server?.close());

const codeBlocks = async () => (await browser.page.getByTestId('code-block-code').allTextContents()).join('\n');

describe('integration guides', () => {
  it("creates a single-page app, opens its React guide with the app's real ID, and registers the guide's URIs", async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/applications/create');
    await page.getByTestId('application-type-SPA').click();
    await page.getByLabel(/^Name/).fill('Storefront SPA');
    await page.getByRole('dialog').getByRole('button', { name: 'Create application' }).click();
    await page.waitForURL(/\/console\/applications\/\w+\/settings$/);
    const id = page.url().split('/').at(-2)!;

    await page.getByRole('region', { name: 'Integration guides' }).getByRole('link', { name: /^React/ }).click();
    await page.waitForURL(new RegExp(`/console/applications/${id}/guide/react$`));
    await page.getByRole('heading', { name: 'React guide' }).waitFor();
    const code = await codeBlocks();
    expect(code).toContain(`client_id: '${id}'`);
    expect(code).toContain(`authority: '${server.endpoint}/oidc'`);
    expect(code).toContain("redirect_uri: 'http://localhost:5173/callback'");

    // The new app has no redirect URI yet: the guide offers to register the ones its code uses.
    await page.getByRole('button', { name: 'Add them to the app' }).click();
    await page.getByText('URIs added to the app.').waitFor();
    const stored = (await admin.get(`/applications/${id}`)).body;
    expect(stored.oidcClientMetadata).toMatchObject({
      redirectUris: ['http://localhost:5173/callback'],
      postLogoutRedirectUris: ['http://localhost:5173/'],
    });
    await expect(page.getByRole('button', { name: 'Add them to the app' }).count()).resolves.toBe(0);
  });

  it.each([
    { type: 'Traditional', guide: 'Express', id: 'express', expected: (id: string) => `  '${id}',\n  process.env.GATEHOUSE_CLIENT_SECRET` },
    { type: 'Traditional', guide: 'Next.js', id: 'next-js', expected: (id: string) => `clientId: '${id}',` },
    { type: 'Native', guide: 'React Native', id: 'react-native', expected: (id: string) => `clientId: '${id}'` },
    { type: 'MachineToMachine', guide: 'Node.js', id: 'node-client-credentials', expected: (id: string) => `const clientId = '${id}';` },
  ])('creates a $type app and reads its $guide guide, filled in with its ID', async ({ type, guide, id: guideId, expected }) => {
    const { page } = browser;
    await openConsoleAt(page, server, '/applications/create');
    await page.getByTestId(`application-type-${type}`).click();
    await page.getByLabel(/^Name/).fill(`${guide} app`);
    await page.getByRole('dialog').getByRole('button', { name: 'Create application' }).click();
    await page.waitForURL(/\/console\/applications\/\w+\/settings$/);
    const id = page.url().split('/').at(-2)!;
    await page.getByRole('region', { name: 'Integration guides' }).getByRole('link', { name: new RegExp(`^${guide.replace('.', '\\.')}`) }).click();
    await page.waitForURL(new RegExp(`/console/applications/${id}/guide/${guideId}$`));
    await page.getByRole('heading', { name: `${guide} guide` }).waitFor();
    const code = await codeBlocks();
    expect(code).toContain(expected(id));
    expect(code).toContain(`${server.endpoint}/oidc`);
  });

  it('creates a Protected app with its domain and origin, which has no guide', async () => {
    const { page } = browser;
    await openConsoleAt(page, server, '/applications/create');
    await page.getByTestId('application-type-Protected').click();
    await page.getByLabel(/^Name/).fill('Intranet');
    await page.getByRole('dialog').getByRole('button', { name: 'Create application' }).click();
    await page.getByLabel(/^Domain/).and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.getByLabel(/^Domain/).fill('intranet.example.com');
    await page.getByLabel(/^Origin URL/).fill('https://origin.example.com');
    await page.getByRole('dialog').getByRole('button', { name: 'Create application' }).click();
    await page.waitForURL(/\/console\/applications\/\w+\/settings$/);
    await page.getByText('Gatehouse stores this application, but does not serve its Protected app endpoints yet.').waitFor();
    await expect(page.getByRole('region', { name: 'Integration guides' }).count()).resolves.toBe(0);
    const stored = (await admin.get(`/applications/${page.url().split('/').at(-2)}`)).body;
    expect(stored).toMatchObject({ type: 'Protected', protectedAppMetadata: { host: 'intranet.example.com', origin: 'https://origin.example.com' } });
  });

  it("shows an API's token validation guide with its identifier as the audience", async () => {
    const { page } = browser;
    const resource = (await admin.post('/resources', { name: 'Orders API', indicator: 'https://orders.example.com/api' })).body;
    await admin.post(`/resources/${resource.id}/scopes`, { name: 'read:orders' });
    await openConsoleAt(page, server, `/api-resources/${resource.id}/permissions`);
    await page.getByRole('region', { name: 'Integration guides' }).getByRole('link', { name: /^Python/ }).click();
    await page.waitForURL(new RegExp(`/api-resources/${resource.id}/guide/python-pyjwt$`));
    await page.getByRole('heading', { name: 'Python (Flask) guide' }).waitFor();
    // The API's first permission is the example's, once its permissions have loaded.
    await page.getByTestId('code-block-code').filter({ hasText: '@require_scopes("read:orders")' }).waitFor();
    const code = await codeBlocks();
    expect(code).toContain('AUDIENCE = "https://orders.example.com/api"');
    expect(code).toContain(`jwt.PyJWKClient("${server.endpoint}/oidc/jwks")`);
    expect(code).toContain('@require_scopes("read:orders")');
  });
});

describe('third-party application tabs', () => {
  it("sets the app's branding, and its hosted sign-in page shows it", async () => {
    const { page, context } = browser;
    await openConsoleAt(page, server, `/applications/${partner.id}/branding`);
    await page.getByLabel('Display name').fill('Partner Portal');
    await page.getByLabel('Logo URL', { exact: true }).fill('not a url');
    await page.getByLabel('Brand colour', { exact: true }).fill('#0A7B83');
    await page.getByLabel('Terms of use URL').fill('https://partner.example.com/terms');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Must be an absolute http(s) URL.').waitFor();
    await page.getByLabel('Logo URL', { exact: true }).fill('https://cdn.example.com/partner.svg');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.').waitFor();
    await page.getByText('Custom branding').waitFor();
    expect((await admin.get(`/applications/${partner.id}/sign-in-experience`)).body).toMatchObject({
      displayName: 'Partner Portal',
      color: { primaryColor: '#0A7B83' },
      branding: { logoUrl: 'https://cdn.example.com/partner.svg' },
      termsOfUseUrl: 'https://partner.example.com/terms',
    });

    // The app's sign-in, in a fresh page as its users would start it.
    const signIn = await context.newPage();
    await startAuthorization(signIn, server.endpoint, partner);
    await waitForHeading(signIn, 'Sign in');
    await signIn.waitForFunction(() => document.title.endsWith('· Partner Portal'));
    expect(await signIn.locator('.brand img').getAttribute('src')).toBe('https://cdn.example.com/partner.svg');
    expect(await signIn.locator('.brand img').getAttribute('alt')).toBe('Partner Portal');
    await signIn.getByText('to continue to Partner Portal').waitFor();
    expect(await signIn.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('https://partner.example.com/terms');
    expect(await signIn.evaluate(() => document.documentElement.style.getPropertyValue('--brand-light'))).toBe('#0A7B83');
    await signIn.close();

    // Back to the tenant's look.
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('The app’s branding was removed.').waitFor();
    expect((await admin.get(`/applications/${partner.id}/sign-in-experience`)).status).toBe(404);
  });

  it('chooses the user data and API permissions its users may consent to', async () => {
    const { page } = browser;
    const resource = (await admin.post('/resources', { name: 'Invoices API', indicator: 'https://invoices.example.com' })).body;
    await admin.post(`/resources/${resource.id}/scopes`, { name: 'read:invoices', description: 'Read invoices' });
    await openConsoleAt(page, server, `/applications/${partner.id}/permissions`);

    // Each box is saved as it is clicked.
    await page.getByRole('checkbox', { name: /^email/ }).click();
    await page.getByText('User data updated.').waitFor();
    await expect(page.getByRole('checkbox', { name: /^email/ }).isChecked()).resolves.toBe(true);
    await page.getByText('No API permissions yet').waitFor();
    await page.getByRole('button', { name: 'Add permissions' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('API', { exact: true }).click();
    await page.getByRole('option', { name: 'Invoices API' }).click();
    await dialog.getByLabel('Permissions', { exact: true }).click();
    await page.getByRole('option', { name: 'read:invoices' }).click();
    // Closes the list of options, which covers the buttons.
    await dialog.getByRole('heading', { name: 'Add API permissions' }).click();
    await dialog.getByRole('button', { name: 'Add permissions' }).click();
    await page.getByText('Permissions added.').waitFor();
    await page.getByRole('cell', { name: 'read:invoices', exact: true }).waitFor();

    const scopes = (await admin.get(`/applications/${partner.id}/user-consent-scopes`)).body;
    expect(scopes.userScopes).toEqual(['email']);
    expect(scopes.resourceScopes).toEqual([
      {
        resource: { id: resource.id, name: 'Invoices API', indicator: 'https://invoices.example.com' },
        scopes: [{ id: expect.any(String), name: 'read:invoices', description: 'Read invoices' }],
      },
    ]);

    await page.getByRole('button', { name: 'Remove read:invoices' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Permission "read:invoices" removed.').waitFor();
    expect((await admin.get(`/applications/${partner.id}/user-consent-scopes`)).body.resourceScopes).toEqual([]);
  });
});
