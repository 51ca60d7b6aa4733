import { describe, expect, it } from 'vitest';

import {
  applicationCreateSchema,
  applicationPatchSchema,
  applicationSecretCreateSchema,
  customClientMetadataSchema,
} from './applications.js';
import { paginationQuerySchema } from './common.js';
import { resourceCreateSchema, scopeCreateSchema } from './resources.js';

/** The distinct dotted paths of a failed parse, for asserting *where* it failed. */
const failedPaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => {
  expect(result.success).toBe(false);
  return [...new Set((result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.')))];
};

describe('applicationCreateSchema', () => {
  it('accepts name and type only', () => {
    expect(applicationCreateSchema.parse({ name: 'My app', type: 'SPA' })).toEqual({ name: 'My app', type: 'SPA' });
  });

  it('accepts a full body and fills oidc metadata defaults only where given', () => {
    const parsed = applicationCreateSchema.parse({
      name: 'Portal',
      description: null,
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://portal.example.com/cb'] },
      customClientMetadata: { refreshTokenTtlInDays: 30, corsAllowedOrigins: ['https://portal.example.com'] },
      customData: { team: 'web' },
      isThirdParty: true,
    });
    expect(parsed).toEqual({
      name: 'Portal',
      description: null,
      type: 'Traditional',
      oidcClientMetadata: { redirectUris: ['https://portal.example.com/cb'] },
      customClientMetadata: { refreshTokenTtlInDays: 30, corsAllowedOrigins: ['https://portal.example.com'] },
      customData: { team: 'web' },
      isThirdParty: true,
    });
  });

  it.each(['Native', 'SPA', 'Traditional', 'MachineToMachine', 'Protected', 'SAML'])('accepts type %s', (type) => {
    expect(applicationCreateSchema.safeParse({ name: 'x', type }).success).toBe(true);
  });

  it('rejects an unknown type', () => {
    expect(failedPaths(applicationCreateSchema.safeParse({ name: 'x', type: 'Desktop' }))).toEqual(['type']);
  });

  it('requires name and type', () => {
    expect(failedPaths(applicationCreateSchema.safeParse({})).sort()).toEqual(['name', 'type']);
  });

  it('bounds the name to 1–256 characters', () => {
    expect(failedPaths(applicationCreateSchema.safeParse({ name: '', type: 'SPA' }))).toEqual(['name']);
    expect(applicationCreateSchema.safeParse({ name: 'n'.repeat(256), type: 'SPA' }).success).toBe(true);
    expect(failedPaths(applicationCreateSchema.safeParse({ name: 'n'.repeat(257), type: 'SPA' }))).toEqual(['name']);
  });

  it('rejects a non-http logo URI', () => {
    const result = applicationCreateSchema.safeParse({
      name: 'x',
      type: 'SPA',
      oidcClientMetadata: { logoUri: 'ftp://example.com/logo.png' },
    });
    expect(failedPaths(result)).toEqual(['oidcClientMetadata.logoUri']);
  });

  it('rejects a CORS origin with a path', () => {
    const result = applicationCreateSchema.safeParse({
      name: 'x',
      type: 'SPA',
      customClientMetadata: { corsAllowedOrigins: ['https://ok.example.com', 'https://a.example.com/path'] },
    });
    expect(failedPaths(result)).toEqual(['customClientMetadata.corsAllowedOrigins.1']);
  });

  it('rejects customData that is not an object', () => {
    expect(failedPaths(applicationCreateSchema.safeParse({ name: 'x', type: 'SPA', customData: ['a'] }))).toEqual([
      'customData',
    ]);
  });

  it('rejects customData larger than 64 KiB of JSON', () => {
    const result = applicationCreateSchema.safeParse({ name: 'x', type: 'SPA', customData: { blob: 'x'.repeat(65_536) } });
    expect(failedPaths(result)).toEqual(['customData']);
  });
});

describe('applicationPatchSchema', () => {
  it('accepts an empty patch', () => {
    expect(applicationPatchSchema.parse({})).toEqual({});
  });

  it('accepts a partial patch and nested partial oidc metadata', () => {
    expect(
      applicationPatchSchema.parse({ name: 'Renamed', oidcClientMetadata: { postLogoutRedirectUris: ['https://a.example.com'] } }),
    ).toEqual({ name: 'Renamed', oidcClientMetadata: { postLogoutRedirectUris: ['https://a.example.com'] } });
  });

  it('rejects unknown keys', () => {
    const result = applicationPatchSchema.safeParse({ name: 'x', color: 'red' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['color'] })]);
  });

  it('does not let the type be patched', () => {
    const result = applicationPatchSchema.safeParse({ type: 'MachineToMachine' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ code: 'unrecognized_keys', keys: ['type'] })]);
  });

  it.each(['id', 'isThirdParty', 'createdAt'])('does not let %s be patched', (key) => {
    expect(applicationPatchSchema.safeParse({ [key]: 'anything' }).success).toBe(false);
  });

  it('still validates the fields it allows', () => {
    expect(failedPaths(applicationPatchSchema.safeParse({ name: '' }))).toEqual(['name']);
    expect(failedPaths(applicationPatchSchema.safeParse({ customClientMetadata: { refreshTokenTtlInDays: 91 } }))).toEqual([
      'customClientMetadata.refreshTokenTtlInDays',
    ]);
  });
});

describe('customClientMetadataSchema', () => {
  it.each([1, 14, 90])('accepts refreshTokenTtlInDays %i', (days) => {
    expect(customClientMetadataSchema.parse({ refreshTokenTtlInDays: days })).toEqual({ refreshTokenTtlInDays: days });
  });

  it.each([0, 91, -1, 1.5])('rejects refreshTokenTtlInDays %d', (days) => {
    expect(failedPaths(customClientMetadataSchema.safeParse({ refreshTokenTtlInDays: days }))).toEqual([
      'refreshTokenTtlInDays',
    ]);
  });

  it('rejects refreshTokenTtlInDays given as a string', () => {
    expect(customClientMetadataSchema.safeParse({ refreshTokenTtlInDays: '30' }).success).toBe(false);
  });

  it('bounds idTokenTtl to 60–86400 seconds', () => {
    expect(customClientMetadataSchema.safeParse({ idTokenTtl: 60 }).success).toBe(true);
    expect(customClientMetadataSchema.safeParse({ idTokenTtl: 86_400 }).success).toBe(true);
    expect(customClientMetadataSchema.safeParse({ idTokenTtl: 59 }).success).toBe(false);
    expect(customClientMetadataSchema.safeParse({ idTokenTtl: 86_401 }).success).toBe(false);
  });

  it('bounds refreshTokenTtl to 90 days in seconds', () => {
    expect(customClientMetadataSchema.safeParse({ refreshTokenTtl: 90 * 86_400 }).success).toBe(true);
    expect(customClientMetadataSchema.safeParse({ refreshTokenTtl: 90 * 86_400 + 1 }).success).toBe(false);
  });

  it('accepts an empty object', () => {
    expect(customClientMetadataSchema.parse({})).toEqual({});
  });
});

describe('resourceCreateSchema', () => {
  it('accepts an https indicator and a URN', () => {
    expect(resourceCreateSchema.parse({ name: 'Orders', indicator: 'https://api.example.com' })).toEqual({
      name: 'Orders',
      indicator: 'https://api.example.com',
    });
    expect(resourceCreateSchema.safeParse({ name: 'Orders', indicator: 'urn:example:api' }).success).toBe(true);
  });

  it('rejects an indicator with a fragment', () => {
    const result = resourceCreateSchema.safeParse({ name: 'Orders', indicator: 'https://api.example.com#v1' });
    expect(failedPaths(result)).toEqual(['indicator']);
    expect(result.error?.issues[0]?.message).toBe('Must be an absolute URI without a fragment.');
  });

  it.each(['/api', 'not a uri', 'api.example.com'])('rejects the indicator %j', (indicator) => {
    expect(failedPaths(resourceCreateSchema.safeParse({ name: 'Orders', indicator }))).toEqual(['indicator']);
  });

  it('bounds the name to 1–256 characters', () => {
    const indicator = 'https://api.example.com';
    expect(failedPaths(resourceCreateSchema.safeParse({ name: '', indicator }))).toEqual(['name']);
    expect(resourceCreateSchema.safeParse({ name: 'a', indicator }).success).toBe(true);
    expect(resourceCreateSchema.safeParse({ name: 'a'.repeat(256), indicator }).success).toBe(true);
    expect(failedPaths(resourceCreateSchema.safeParse({ name: 'a'.repeat(257), indicator }))).toEqual(['name']);
  });

  it('bounds accessTokenTtl to 60–86400 seconds', () => {
    const base = { name: 'Orders', indicator: 'https://api.example.com' };
    expect(resourceCreateSchema.safeParse({ ...base, accessTokenTtl: 60 }).success).toBe(true);
    expect(resourceCreateSchema.safeParse({ ...base, accessTokenTtl: 86_400 }).success).toBe(true);
    expect(failedPaths(resourceCreateSchema.safeParse({ ...base, accessTokenTtl: 59 }))).toEqual(['accessTokenTtl']);
    expect(failedPaths(resourceCreateSchema.safeParse({ ...base, accessTokenTtl: 86_401 }))).toEqual(['accessTokenTtl']);
  });
});

describe('scopeCreateSchema', () => {
  it('accepts a name and an optional description', () => {
    expect(scopeCreateSchema.parse({ name: 'read:orders' })).toEqual({ name: 'read:orders' });
    expect(scopeCreateSchema.parse({ name: 'read:orders', description: null })).toEqual({
      name: 'read:orders',
      description: null,
    });
  });

  it.each([
    ['a space', 'read orders'],
    ['a double quote', 'read"orders'],
    ['a backslash', 'read\\orders'],
    ['nothing', ''],
  ])('rejects a name with %s', (_label, name) => {
    expect(failedPaths(scopeCreateSchema.safeParse({ name }))).toEqual(['name']);
  });

  it('accepts a 256-character name and rejects 257', () => {
    expect(scopeCreateSchema.safeParse({ name: 's'.repeat(256) }).success).toBe(true);
    expect(failedPaths(scopeCreateSchema.safeParse({ name: 's'.repeat(257) }))).toEqual(['name']);
  });

  it('bounds the description to 512 characters', () => {
    expect(scopeCreateSchema.safeParse({ name: 'read', description: 'd'.repeat(512) }).success).toBe(true);
    expect(failedPaths(scopeCreateSchema.safeParse({ name: 'read', description: 'd'.repeat(513) }))).toEqual([
      'description',
    ]);
  });
});

describe('paginationQuerySchema', () => {
  it('defaults to page 1 of 20', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, page_size: 20 });
  });

  it('coerces query-string values to numbers', () => {
    expect(paginationQuerySchema.parse({ page: '3', page_size: '50' })).toEqual({ page: 3, page_size: 50 });
  });

  it('accepts page_size 1 and 100 and rejects 0 and 101', () => {
    expect(paginationQuerySchema.parse({ page_size: '1' }).page_size).toBe(1);
    expect(paginationQuerySchema.parse({ page_size: '100' }).page_size).toBe(100);
    expect(failedPaths(paginationQuerySchema.safeParse({ page_size: '0' }))).toEqual(['page_size']);
    expect(failedPaths(paginationQuerySchema.safeParse({ page_size: '101' }))).toEqual(['page_size']);
  });

  it.each(['0', '-1', '1.5', 'abc'])('rejects page %j', (page) => {
    expect(failedPaths(paginationQuerySchema.safeParse({ page }))).toEqual(['page']);
  });
});

describe('applicationSecretCreateSchema', () => {
  it('accepts a name with no expiry, a null expiry, or a timestamp', () => {
    expect(applicationSecretCreateSchema.parse({ name: 'ci' })).toEqual({ name: 'ci' });
    expect(applicationSecretCreateSchema.parse({ name: 'ci', expiresAt: null })).toEqual({ name: 'ci', expiresAt: null });
    expect(applicationSecretCreateSchema.parse({ name: 'ci', expiresAt: 1_900_000_000_000 })).toEqual({
      name: 'ci',
      expiresAt: 1_900_000_000_000,
    });
  });

  it('bounds the name to 1–256 characters', () => {
    expect(failedPaths(applicationSecretCreateSchema.safeParse({ name: '' }))).toEqual(['name']);
    expect(applicationSecretCreateSchema.safeParse({ name: 'n'.repeat(256) }).success).toBe(true);
    expect(failedPaths(applicationSecretCreateSchema.safeParse({ name: 'n'.repeat(257) }))).toEqual(['name']);
  });

  it('requires the name', () => {
    expect(failedPaths(applicationSecretCreateSchema.safeParse({}))).toEqual(['name']);
  });

  it.each([-1, 1.5, '1900000000000'])('rejects expiresAt %j', (expiresAt) => {
    expect(failedPaths(applicationSecretCreateSchema.safeParse({ name: 'ci', expiresAt }))).toEqual(['expiresAt']);
  });
});
