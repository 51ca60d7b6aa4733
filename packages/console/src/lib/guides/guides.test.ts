import { applicationTypes, type Application } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { apiGuides } from './api-guides.js';
import { appGuides, findAppGuide, guidesForType, secretPlaceholder } from './app-guides.js';
import { appGuideContext, exampleResource, guideUris, tenantIssuer } from './context.js';
import { jsString, renderSteps, shellWord, uriScheme, type AppGuide, type StepKind } from './types.js';

const app = (redirectUris: string[] = [], postLogoutRedirectUris: string[] = []) =>
  ({ id: 'f3k9x2m7q1w8e5r4t6y0u', oidcClientMetadata: { redirectUris, postLogoutRedirectUris } }) satisfies Pick<Application, 'id' | 'oidcClientMetadata'>;

const render = (guide: AppGuide, context: ReturnType<typeof appGuideContext>) =>
  renderSteps(guide.steps, context)
    .flatMap((step) => step.blocks.map((block) => block.code))
    .join('\n');

const tenant = { tenantEndpoint: 'https://auth.example.org/', resource: 'https://api.shop.example.org', scope: 'read:orders' };

describe('application guides', () => {
  it('have unique ids, and every sign-in type has at least one', () => {
    expect(new Set(appGuides.map((guide) => guide.id)).size).toBe(appGuides.length);
    for (const type of ['SPA', 'Traditional', 'Native', 'MachineToMachine'] as const) {
      expect(guidesForType(type).length, type).toBeGreaterThan(0);
    }
    // Protected (no proxy yet) and SAML (no SAML endpoints yet) have nothing to integrate with.
    expect(guidesForType('Protected')).toEqual([]);
    expect(guidesForType('SAML')).toEqual([]);
    expect(applicationTypes.flatMap((type) => guidesForType(type)).length).toBeGreaterThanOrEqual(appGuides.length);
  });

  describe.each(appGuides.map((guide) => [guide.id, guide] as const))('%s', (_id, guide) => {
    const signsUsersIn = !guide.types.includes('MachineToMachine');
    const sample = app(
      signsUsersIn ? [guide.types.includes('Native') ? 'io.shop.app://callback' : `https://shop.example.org${guide.redirectPath ?? '/callback'}`] : [],
      signsUsersIn ? [guide.types.includes('Native') ? 'io.shop.app://signed-out' : 'https://shop.example.org/'] : [],
    );
    const context = appGuideContext(guide, sample, { ...tenant, secret: null });
    const code = render(guide, context);

    it('renders with the real app id, issuer, API and URIs', () => {
      expect(code).toContain(sample.id);
      expect(code).toContain('https://auth.example.org/oidc');
      expect(code).toContain(tenant.resource);
      expect(code).not.toContain('undefined');
      expect(code).not.toContain('[object Object]');
      if (signsUsersIn) {
        expect(code).toContain(sample.oidcClientMetadata.redirectUris[0]!.split('://')[0]);
        expect(context.uris.missing).toEqual({ redirectUris: [], postLogoutRedirectUris: [] });
        expect(code).toContain(context.postLogoutRedirectUri);
      }
    });

    it('covers the whole integration', () => {
      const kinds = new Set<StepKind>(guide.steps.map((step) => step.kind));
      const expected: StepKind[] = signsUsersIn ? ['install', 'configure', 'sign_in', 'sign_out', 'call_api'] : ['fetch_token', 'call_api'];
      for (const kind of expected) {
        expect(kinds.has(kind), kind).toBe(true);
      }
    });

    it('never prints a secret it was not given, and prints the one it was', () => {
      const secret = 's3cr3t-value-Only-After-Reveal';
      expect(code).not.toContain(secret);
      const revealed = render(guide, appGuideContext(guide, sample, { ...tenant, secret }));
      const confidential = guide.types.some((type) => type === 'Traditional' || type === 'MachineToMachine');
      expect(revealed.includes(secret)).toBe(confidential);
      expect(code.includes(secretPlaceholder)).toBe(confidential);
    });
  });

  it('fills in an example API and no scope when the tenant has none', () => {
    const guide = findAppGuide('node-client-credentials')!;
    const code = render(guide, appGuideContext(guide, app(), { tenantEndpoint: 'http://localhost:3001', resource: undefined, scope: undefined, secret: null }));
    expect(code).toContain(exampleResource);
    expect(code).toContain("'http://localhost:3001/oidc/token'");
    expect(code).not.toContain('scope:');
  });

  it('tells openid-client and AppAuth about a plain-http issuer only when there is one', () => {
    for (const id of ['express', 'react-native']) {
      const guide = findAppGuide(id)!;
      const local = render(guide, appGuideContext(guide, app(), { tenantEndpoint: 'http://localhost:3001', resource: undefined, scope: undefined, secret: null }));
      const secure = render(guide, appGuideContext(guide, app(), { ...tenant, secret: null }));
      expect(local).toMatch(/allowInsecureRequests|dangerouslyAllowInsecureHttpRequests/);
      expect(secure).not.toMatch(/allowInsecureRequests|dangerouslyAllowInsecureHttpRequests/);
    }
  });
});

describe('guide redirect URIs', () => {
  const next = findAppGuide('next-js')!;
  const react = findAppGuide('react')!;
  const native = findAppGuide('react-native')!;

  it("use the app's own URI when one fits the library", () => {
    const uris = guideUris(react, app(['https://a.example.com/cb', 'https://b.example.com/cb'], ['https://b.example.com/bye', 'https://a.example.com/']));
    expect(uris).toEqual({
      redirectUri: 'https://a.example.com/cb',
      postLogoutRedirectUri: 'https://a.example.com/',
      missing: { redirectUris: [], postLogoutRedirectUris: [] },
    });
  });

  it('need the fixed callback path of Auth.js, and report what the app lacks', () => {
    const uris = guideUris(next, app(['https://shop.example.com/callback']));
    expect(uris.redirectUri).toBe('http://localhost:3000/api/auth/callback/gatehouse');
    expect(uris.missing).toEqual({ redirectUris: ['http://localhost:3000/api/auth/callback/gatehouse'], postLogoutRedirectUris: ['http://localhost:3000/'] });
    expect(guideUris(next, app(['https://shop.example.com/api/auth/callback/gatehouse'])).redirectUri).toBe(
      'https://shop.example.com/api/auth/callback/gatehouse',
    );
  });

  it('derive the sign-out return from the redirect origin when none is registered', () => {
    expect(guideUris(react, app(['https://shop.example.com/auth/callback']))).toMatchObject({
      postLogoutRedirectUri: 'https://shop.example.com/',
      missing: { redirectUris: [], postLogoutRedirectUris: ['https://shop.example.com/'] },
    });
  });

  it('take custom schemes for native apps only', () => {
    expect(guideUris(native, app(['https://shop.example.com/cb', 'com.shop.app://cb'])).redirectUri).toBe('com.shop.app://cb');
    expect(guideUris(react, app(['com.shop.app://cb'])).redirectUri).toBe(react.defaultRedirectUri);
  });
});

describe('API guides', () => {
  it.each(apiGuides.map((guide) => [guide.id, guide] as const))('%s validates issuer, audience and the permission', (_id, guide) => {
    const code = renderSteps(guide.steps, { issuer: tenantIssuer(tenant.tenantEndpoint), resource: tenant.resource, scope: 'read:orders' })
      .flatMap((step) => step.blocks.map((block) => block.code))
      .join('\n');
    expect(code).toContain('https://auth.example.org/oidc/jwks');
    expect(code).toContain(tenant.resource);
    expect(code).toContain('read:orders');
    expect(code).toContain('at+jwt');
    expect(guide.steps.map((step) => step.kind)).toEqual(['install', 'validate', 'check_scopes']);
  });
});

describe('code literals', () => {
  it('escape quotes and backslashes', () => {
    expect(jsString("it's \\ here")).toBe("'it\\'s \\\\ here'");
    expect(shellWord("it's")).toBe("'it'\\''s'");
    expect(uriScheme('com.example.app://callback')).toBe('com.example.app');
  });
});
