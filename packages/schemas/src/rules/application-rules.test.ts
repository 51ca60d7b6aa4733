import { describe, expect, it } from 'vitest';

import type { ApplicationType } from '../entities/applications.js';
import { checkApplicationRules } from './application-rules.js';

type Shape = Parameters<typeof checkApplicationRules>[0];

const app = (type: ApplicationType, overrides: Partial<Shape> = {}): Shape => ({
  type,
  oidcClientMetadata: {},
  customClientMetadata: {},
  protectedAppMetadata: null,
  isThirdParty: false,
  ...overrides,
});

const protectedMetadata = { host: 'app.example.com', origin: 'https://origin.example.com', sessionDuration: 3600 };

/** Issues reduced to `path` and `code`, which is what callers branch on. */
const issuesOf = (shape: Shape) => checkApplicationRules(shape).map(({ path, code }) => ({ path, code }));

describe('checkApplicationRules', () => {
  it('accepts a minimal application of every non-Protected type', () => {
    for (const type of ['Native', 'SPA', 'Traditional', 'MachineToMachine', 'SAML'] as const) {
      expect(issuesOf(app(type))).toEqual([]);
    }
  });

  describe.each(['SPA', 'Traditional'] as const)('%s redirect URIs', (type) => {
    it('accepts http(s) URLs', () => {
      const shape = app(type, {
        oidcClientMetadata: {
          redirectUris: ['https://app.example.com/callback', 'http://localhost:3000/cb'],
          postLogoutRedirectUris: ['https://app.example.com/'],
        },
      });
      expect(issuesOf(shape)).toEqual([]);
    });

    it('flags a custom scheme, a fragment and a relative path, by index', () => {
      const shape = app(type, {
        oidcClientMetadata: {
          redirectUris: ['https://ok.example.com/cb', 'com.example.app://callback', 'https://app.example.com/cb#x'],
          postLogoutRedirectUris: ['/logged-out'],
        },
      });
      expect(issuesOf(shape)).toEqual([
        { path: 'oidcClientMetadata.redirectUris.1', code: 'invalid_uri' },
        { path: 'oidcClientMetadata.redirectUris.2', code: 'invalid_uri' },
        { path: 'oidcClientMetadata.postLogoutRedirectUris.0', code: 'invalid_uri' },
      ]);
    });

    it('gives the http(s) message', () => {
      const [issue] = checkApplicationRules(app(type, { oidcClientMetadata: { redirectUris: ['myapp://cb'] } }));
      expect(issue?.message).toBe('Must be an absolute http(s) URL without a fragment (#).');
    });
  });

  describe('Native redirect URIs', () => {
    it('accepts custom schemes and http(s) URLs', () => {
      const shape = app('Native', {
        oidcClientMetadata: {
          redirectUris: ['com.example.app://callback', 'myapp:/callback', 'http://127.0.0.1:8080/cb', 'https://app.example.com/cb'],
          postLogoutRedirectUris: ['com.example.app://logout'],
        },
      });
      expect(issuesOf(shape)).toEqual([]);
    });

    it('flags javascript:, data: and fragments', () => {
      const shape = app('Native', {
        oidcClientMetadata: {
          redirectUris: ['javascript:alert(1)', 'data:text/html,x', 'com.example.app://callback#frag'],
        },
      });
      expect(issuesOf(shape)).toEqual([
        { path: 'oidcClientMetadata.redirectUris.0', code: 'invalid_uri' },
        { path: 'oidcClientMetadata.redirectUris.1', code: 'invalid_uri' },
        { path: 'oidcClientMetadata.redirectUris.2', code: 'invalid_uri' },
      ]);
      expect(checkApplicationRules(shape)[0]?.message).toBe(
        'Must be a custom-scheme URI (e.g. com.example.app://callback), http on a loopback host, or https on a real host.',
      );
    });

    it('allows http only on loopback and https only on a real host (RFC 8252)', () => {
      const accepted = app('Native', {
        oidcClientMetadata: { redirectUris: ['http://127.0.0.1:8123/cb', 'http://localhost/cb', 'https://app.example.com/cb'] },
      });
      expect(issuesOf(accepted)).toEqual([]);
      const refused = app('Native', {
        oidcClientMetadata: { redirectUris: ['http://app.example.com/cb', 'https://localhost/cb'] },
      });
      expect(issuesOf(refused)).toEqual([
        { path: 'oidcClientMetadata.redirectUris.0', code: 'invalid_uri' },
        { path: 'oidcClientMetadata.redirectUris.1', code: 'invalid_uri' },
      ]);
    });
  });

  it('flags duplicate redirect URIs and duplicate post-logout URIs separately', () => {
    const shape = app('SPA', {
      oidcClientMetadata: {
        redirectUris: ['https://a.example.com/cb', 'https://b.example.com/cb', 'https://a.example.com/cb'],
        postLogoutRedirectUris: ['https://a.example.com/', 'https://a.example.com/'],
      },
    });
    expect(issuesOf(shape)).toEqual([
      { path: 'oidcClientMetadata.redirectUris', code: 'duplicate' },
      { path: 'oidcClientMetadata.postLogoutRedirectUris', code: 'duplicate' },
    ]);
  });

  it('does not treat the same URI in both lists as a duplicate', () => {
    const uri = 'https://a.example.com/';
    const shape = app('SPA', { oidcClientMetadata: { redirectUris: [uri], postLogoutRedirectUris: [uri] } });
    expect(issuesOf(shape)).toEqual([]);
  });

  it('flags MachineToMachine applications with redirect URIs', () => {
    const shape = app('MachineToMachine', { oidcClientMetadata: { redirectUris: ['https://a.example.com/cb'] } });
    expect(issuesOf(shape)).toEqual([{ path: 'oidcClientMetadata.redirectUris', code: 'not_applicable' }]);
    expect(checkApplicationRules(shape)[0]?.message).toBe('MachineToMachine applications do not use redirect URIs.');
  });

  it('flags SAML applications with redirect URIs', () => {
    const shape = app('SAML', { oidcClientMetadata: { redirectUris: ['https://a.example.com/cb'] } });
    expect(issuesOf(shape)).toEqual([{ path: 'oidcClientMetadata.redirectUris', code: 'not_applicable' }]);
  });

  it('accepts MachineToMachine with an empty redirect URI list', () => {
    expect(issuesOf(app('MachineToMachine', { oidcClientMetadata: { redirectUris: [] } }))).toEqual([]);
  });

  describe('protectedAppMetadata', () => {
    it('is required for Protected applications', () => {
      expect(issuesOf(app('Protected'))).toEqual([{ path: 'protectedAppMetadata', code: 'required' }]);
    });

    it('needs both host and origin', () => {
      expect(issuesOf(app('Protected', { protectedAppMetadata: { origin: 'https://o.example.com' } }))).toEqual([
        { path: 'protectedAppMetadata', code: 'required' },
      ]);
      expect(issuesOf(app('Protected', { protectedAppMetadata: { host: 'app.example.com' } }))).toEqual([
        { path: 'protectedAppMetadata', code: 'required' },
      ]);
    });

    it('is accepted on a Protected application', () => {
      expect(issuesOf(app('Protected', { protectedAppMetadata: protectedMetadata }))).toEqual([]);
    });

    it.each(['Native', 'SPA', 'Traditional', 'MachineToMachine', 'SAML'] as const)('is flagged on %s', (type) => {
      expect(issuesOf(app(type, { protectedAppMetadata: protectedMetadata }))).toEqual([
        { path: 'protectedAppMetadata', code: 'not_applicable' },
      ]);
    });
  });

  describe('isThirdParty', () => {
    it.each(['Traditional', 'SPA', 'Native'] as const)('is allowed for %s', (type) => {
      expect(issuesOf(app(type, { isThirdParty: true }))).toEqual([]);
    });

    it.each(['MachineToMachine', 'SAML'] as const)('is flagged for %s', (type) => {
      expect(issuesOf(app(type, { isThirdParty: true }))).toEqual([{ path: 'isThirdParty', code: 'not_applicable' }]);
    });

    it('is flagged for Protected', () => {
      const issues = checkApplicationRules(app('Protected', { protectedAppMetadata: protectedMetadata, isThirdParty: true }));
      expect(issues.map(({ path, code }) => ({ path, code }))).toEqual([{ path: 'isThirdParty', code: 'not_applicable' }]);
      expect(issues[0]?.message).toBe('Only Traditional, SPA, Native applications can be third-party.');
    });
  });

  it('reports every problem at once', () => {
    const shape = app('MachineToMachine', {
      oidcClientMetadata: { redirectUris: ['myapp://cb', 'myapp://cb'] },
      protectedAppMetadata: protectedMetadata,
      isThirdParty: true,
    });
    expect(issuesOf(shape)).toEqual([
      { path: 'oidcClientMetadata.redirectUris.0', code: 'invalid_uri' },
      { path: 'oidcClientMetadata.redirectUris.1', code: 'invalid_uri' },
      { path: 'oidcClientMetadata.redirectUris', code: 'duplicate' },
      { path: 'oidcClientMetadata.redirectUris', code: 'not_applicable' },
      { path: 'protectedAppMetadata', code: 'not_applicable' },
      { path: 'isThirdParty', code: 'not_applicable' },
    ]);
  });
});
