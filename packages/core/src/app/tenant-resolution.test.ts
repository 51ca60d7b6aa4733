import type { IncomingMessage } from 'node:http';

import { describe, expect, it } from 'vitest';

import { rewriteTenantPrefix } from './tenant-resolution.js';

const rewrite = (url: string | undefined) => rewriteTenantPrefix({ url } as IncomingMessage);

describe('rewriteTenantPrefix', () => {
  it('strips the /t/{tenantId} prefix and keeps the query', () => {
    expect(rewrite('/t/acme/api/x?y=1')).toBe('/api/x?y=1');
  });

  it('strips the prefix from a path without a query', () => {
    expect(rewrite('/t/acme/oidc/.well-known/openid-configuration')).toBe('/oidc/.well-known/openid-configuration');
  });

  it('turns /t/{tenantId} alone into /', () => {
    expect(rewrite('/t/acme')).toBe('/');
    expect(rewrite('/t/acme/')).toBe('/');
  });

  it('turns /t/{tenantId}?query into /?query', () => {
    expect(rewrite('/t/acme?y=1')).toBe('/?y=1');
  });

  it('accepts ids with digits and dashes, up to 21 characters', () => {
    expect(rewrite('/t/tenant-01/api')).toBe('/api');
    expect(rewrite(`/t/${'a'.repeat(21)}/api`)).toBe('/api');
  });

  it('only strips the first prefix', () => {
    expect(rewrite('/t/acme/t/other/api')).toBe('/t/other/api');
  });

  it.each([
    ['an unprefixed path', '/api/x'],
    ['an unprefixed path with a query', '/api/x?y=1'],
    ['the root', '/'],
    ['a /tx/ path', '/tx/acme/api'],
    ['a /t path without an id', '/t'],
    ['a /t/ path without an id', '/t/'],
    ['an id with upper case', '/t/Acme/api/x'],
    ['an id of 22 characters', `/t/${'a'.repeat(22)}/api/x`],
    ['an id with an underscore', '/t/ac_me/api'],
    ['an id with a dot', '/t/ac.me/api'],
    ['a prefix not at the start', '/api/t/acme/x'],
  ])('leaves %s unchanged', (_label, url) => {
    expect(rewrite(url)).toBe(url);
  });

  it('treats a missing url as /', () => {
    expect(rewrite(undefined)).toBe('/');
  });
});
