import { describe, expect, it } from 'vitest';

import { parseMissingProfile } from './missing-profile.js';

const details = (...paths: string[]) => paths.map((path) => ({ path, code: 'missing', message: `${path} is missing` }));

describe('parseMissingProfile', () => {
  it('maps built-in fields and custom profile fields in the server order', () => {
    expect(parseMissingProfile(details('username', 'password', 'customProfile.nickname', 'email', 'phone'))).toEqual({
      fields: [
        { kind: 'username' },
        { kind: 'password' },
        { kind: 'custom', name: 'nickname' },
        { kind: 'email' },
        { kind: 'phone' },
      ],
      unknown: [],
    });
  });

  it('takes the field of a custom part path once', () => {
    expect(parseMissingProfile(details('customProfile.address.locality', 'customProfile.address.country')).fields).toEqual([
      { kind: 'custom', name: 'address' },
    ]);
  });

  it('accepts body-prefixed paths and user column names', () => {
    expect(parseMissingProfile(details('body.primaryEmail', 'primaryPhone')).fields).toEqual([{ kind: 'email' }, { kind: 'phone' }]);
  });

  it('lets "email or phone" cover both', () => {
    expect(parseMissingProfile(details('email', 'emailOrPhone', 'phone')).fields).toEqual([{ kind: 'emailOrPhone' }]);
  });

  it('reports paths it cannot collect', () => {
    expect(parseMissingProfile(details('mfa', 'customProfile.', 'mfa'))).toEqual({ fields: [], unknown: ['mfa', 'customProfile.'] });
  });

  it('is empty without details', () => {
    expect(parseMissingProfile(undefined)).toEqual({ fields: [], unknown: [] });
  });
});
