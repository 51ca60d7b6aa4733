import { describe, expect, it } from 'vitest';

import { type ClaimsSource, userClaims } from './user-claims.js';

const base: ClaimsSource = {
  id: 'u1',
  username: null,
  primaryEmail: null,
  primaryPhone: null,
  name: null,
  avatar: null,
  profile: {},
  customData: {},
  identities: {},
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-02T00:00:00.500Z'),
};

describe('userClaims', () => {
  it('maps the profile to OIDC claim names and drops empty values', () => {
    const claims = userClaims({
      ...base,
      username: 'ada',
      name: 'Ada',
      avatar: 'https://img.example.com/a.png',
      primaryEmail: 'ada@example.com',
      profile: { givenName: 'Ada', preferredUsername: 'countess', address: { streetAddress: '1 Main St', postalCode: 'N1' } },
    });
    expect(claims).toEqual({
      sub: 'u1',
      username: 'ada',
      name: 'Ada',
      picture: 'https://img.example.com/a.png',
      given_name: 'Ada',
      preferred_username: 'countess',
      email: 'ada@example.com',
      email_verified: true,
      address: { street_address: '1 Main St', postal_code: 'N1' },
      custom_data: {},
      identities: {},
      created_at: 1767225600,
      updated_at: 1767312000,
    });
  });

  it('reports phone verification only with a phone, and roles only when loaded', () => {
    expect(userClaims(base)).not.toHaveProperty('phone_number_verified');
    expect(userClaims(base)).not.toHaveProperty('roles');
    expect(userClaims({ ...base, primaryPhone: '15551234', roleNames: ['Admin'] })).toMatchObject({
      phone_number: '15551234',
      phone_number_verified: true,
      roles: ['Admin'],
    });
  });
});
