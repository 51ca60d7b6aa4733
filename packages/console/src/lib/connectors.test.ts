import { describe, expect, it } from 'vitest';

import {
  connectorIdPattern,
  createTypeOf,
  factoryAvailability,
  isConnectorTab,
  isCreateType,
  localizedName,
  socialCallbackUri,
  suggestConnectorId,
  tabOfType,
} from './connectors.js';

describe('connector routes', () => {
  it('knows the tabs and the create types of the paths', () => {
    expect(isConnectorTab('passwordless')).toBe(true);
    expect(isConnectorTab('social')).toBe(true);
    expect(isConnectorTab('email')).toBe(false);
    expect(isCreateType('email')).toBe(true);
    expect(isCreateType('sms')).toBe(true);
    expect(isCreateType('Social')).toBe(false);
    expect(isCreateType('toString')).toBe(false);
    expect(tabOfType('Email')).toBe('passwordless');
    expect(tabOfType('Sms')).toBe('passwordless');
    expect(tabOfType('Social')).toBe('social');
    expect(createTypeOf('Sms')).toBe('sms');
  });
});

describe('factoryAvailability', () => {
  const smtp = { id: 'smtp', type: 'Email', target: 'smtp', isStandard: false } as const;
  const twilio = { id: 'twilio-sms', type: 'Sms', target: 'twilio-sms', isStandard: false } as const;
  const google = { id: 'google', type: 'Social', target: 'google', isStandard: false } as const;
  const oidc = { id: 'oidc', type: 'Social', target: 'oidc', isStandard: true } as const;

  it('allows one email and one SMS connector, whatever the factory', () => {
    const existing = [{ type: 'Email', target: 'dev-email' }] as const;
    expect(factoryAvailability(smtp, existing)).toBe('type_taken');
    expect(factoryAvailability(twilio, existing)).toBe('available');
  });

  it('allows one social connector per target; generic factories pick their own target', () => {
    const existing = [
      { type: 'Social', target: 'google' },
      { type: 'Social', target: 'oidc' },
    ] as const;
    expect(factoryAvailability(google, existing)).toBe('target_taken');
    expect(factoryAvailability(oidc, existing)).toBe('available');
    expect(factoryAvailability(google, [])).toBe('available');
  });
});

describe('social connector ids and callback URIs', () => {
  it('builds the callback URI from the tenant endpoint', () => {
    expect(socialCallbackUri('https://auth.example.com/', 'google')).toBe('https://auth.example.com/callback/social/google');
    expect(socialCallbackUri('http://localhost:3001/t/acme', 'my id')).toBe('http://localhost:3001/t/acme/callback/social/my%20id');
  });

  it('proposes the target as id, numbered when taken, always a valid id', () => {
    expect(suggestConnectorId('google', [])).toBe('google');
    expect(suggestConnectorId('google', ['google', 'google-2'])).toBe('google-3');
    expect(suggestConnectorId('okta corp', [])).toBe('okta-corp');
    expect(connectorIdPattern.test(suggestConnectorId('a.b/c', []))).toBe(true);
  });
});

describe('localizedName', () => {
  it('prefers the language, then its base language, then English', () => {
    const names = { en: 'Google', de: 'Google DE', pt: 'Google PT' };
    expect(localizedName(names, 'de')).toBe('Google DE');
    expect(localizedName(names, 'pt-BR')).toBe('Google PT');
    expect(localizedName(names, 'ja')).toBe('Google');
    expect(localizedName({ fr: 'Seul' }, 'ja')).toBe('Seul');
  });
});
