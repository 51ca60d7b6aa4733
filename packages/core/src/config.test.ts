import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 3001,
      host: '0.0.0.0',
      endpoint: undefined,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      databasePoolSize: 10,
      secretKey: undefined,
      edition: 'oss',
      tenantBaseDomain: undefined,
      trustProxy: false,
      signingKeyAlgorithm: 'ES256',
      logLevel: 'info',
      providerCacheSize: 100,
      logRetentionDays: 90,
      passwordBreachApiUrl: 'https://api.pwnedpasswords.com',
      passwordBreachCheckRequired: false,
      turnstileVerifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      recaptchaEnterpriseApiUrl: 'https://recaptchaenterprise.googleapis.com',
      redisUrl: undefined,
      redisKeyPrefix: 'gatehouse:',
      devConnectors: false,
      oidcPrivateNetworkCalls: false,
      signInRateLimit: 60,
      codeSendRateLimit: 10,
      consoleLinks: { docs: null, releases: null, community: null, issues: null, email: null, contact: null },
      consoleReleaseInfoUrl: null,
      userAssetsDir: path.resolve('./data/user-assets'),
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', EDITION: '', SIGNING_KEY_ALGORITHM: '', ENDPOINT: '', DATA_DIR: '', HOST: '' });
    expect(config.port).toBe(3001);
    expect(config.edition).toBe('oss');
    expect(config.signingKeyAlgorithm).toBe('ES256');
    expect(config.endpoint).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.host).toBe('0.0.0.0');
  });

  it('reads every setting from the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      ENDPOINT: 'https://id.example.com',
      DATA_DIR: '/var/lib/gatehouse',
      DATABASE_URL: 'postgres://u:p@db/gatehouse',
      DATABASE_POOL_SIZE: '25',
      SECRET_KEY: 's'.repeat(40),
      EDITION: 'cloud',
      TENANT_BASE_DOMAIN: 'id.example.com',
      TRUST_PROXY: 'true',
      SIGNING_KEY_ALGORITHM: 'RS256',
      LOG_LEVEL: 'debug',
      OIDC_PROVIDER_CACHE_SIZE: '5',
      LOG_RETENTION_DAYS: '14',
      PASSWORD_BREACH_API_URL: 'http://127.0.0.1:9999/',
      PASSWORD_BREACH_CHECK_REQUIRED: 'true',
      TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9998/siteverify',
      RECAPTCHA_ENTERPRISE_API_URL: 'http://127.0.0.1:9997',
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'idp1:',
      DEV_CONNECTORS: '1',
      OIDC_PRIVATE_NETWORK_CALLS: 'true',
      SIGN_IN_RATE_LIMIT: '100',
      CODE_SEND_RATE_LIMIT: '5',
      CONSOLE_DOCS_URL: 'https://docs.example.com',
      CONSOLE_SUPPORT_EMAIL: 'help@example.com',
      CONSOLE_RELEASE_INFO_URL: 'https://releases.example.com/latest.json',
      USER_ASSETS_DIR: '/srv/gatehouse-assets',
    });
    expect(config).toEqual({
      port: 8080,
      host: '127.0.0.1',
      endpoint: 'https://id.example.com',
      dataDir: path.resolve('/var/lib/gatehouse'),
      databaseUrl: 'postgres://u:p@db/gatehouse',
      databasePoolSize: 25,
      secretKey: 's'.repeat(40),
      edition: 'cloud',
      tenantBaseDomain: 'id.example.com',
      trustProxy: true,
      signingKeyAlgorithm: 'RS256',
      logLevel: 'debug',
      providerCacheSize: 5,
      logRetentionDays: 14,
      passwordBreachApiUrl: 'http://127.0.0.1:9999',
      passwordBreachCheckRequired: true,
      turnstileVerifyUrl: 'http://127.0.0.1:9998/siteverify',
      recaptchaEnterpriseApiUrl: 'http://127.0.0.1:9997',
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'idp1:',
      devConnectors: true,
      oidcPrivateNetworkCalls: true,
      signInRateLimit: 100,
      codeSendRateLimit: 5,
      consoleLinks: { docs: 'https://docs.example.com', releases: null, community: null, issues: null, email: 'mailto:help@example.com', contact: null },
      consoleReleaseInfoUrl: 'https://releases.example.com/latest.json',
      userAssetsDir: path.resolve('/srv/gatehouse-assets'),
    });
  });

  it('turns the breached-password check off with PASSWORD_BREACH_API_URL=off, and refuses a non-URL', () => {
    expect(loadConfig({ PASSWORD_BREACH_API_URL: 'off' }).passwordBreachApiUrl).toBeUndefined();
    expect(() => loadConfig({ TURNSTILE_VERIFY_URL: 'ftp://x' })).toThrow(/TURNSTILE_VERIFY_URL/);
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    const { dataDir } = loadConfig({ DATA_DIR: 'state/db' });
    expect(path.isAbsolute(dataDir)).toBe(true);
    expect(dataDir).toBe(path.join(process.cwd(), 'state', 'db'));
  });

  it.each([
    ['1', true],
    ['true', true],
    ['false', false],
    ['0', false],
    ['yes', false],
  ])('reads TRUST_PROXY=%s as %s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
  });

  it.each(['abc', '-1', '3.5', '80a'])('rejects PORT=%s naming the variable', (value) => {
    expect(() => loadConfig({ PORT: value })).toThrow(`PORT must be a non-negative integer, got "${value}".`);
  });

  it('rejects a bad DATABASE_POOL_SIZE and OIDC_PROVIDER_CACHE_SIZE naming the variable', () => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ OIDC_PROVIDER_CACHE_SIZE: '-5' })).toThrow(/OIDC_PROVIDER_CACHE_SIZE/);
  });

  it.each(['enterprise', 'OSS', 'Cloud'])('rejects EDITION=%s naming the variable', (value) => {
    expect(() => loadConfig({ EDITION: value })).toThrow(`EDITION must be one of oss, cloud, got "${value}".`);
  });

  it.each(['HS256', 'es256', 'EdDSA'])('rejects SIGNING_KEY_ALGORITHM=%s naming the variable', (value) => {
    expect(() => loadConfig({ SIGNING_KEY_ALGORITHM: value })).toThrow(
      `SIGNING_KEY_ALGORITHM must be one of ES256, RS256, got "${value}".`,
    );
  });

  it('removes trailing slashes from ENDPOINT', () => {
    expect(loadConfig({ ENDPOINT: 'https://id.example.com/' }).endpoint).toBe('https://id.example.com');
    expect(loadConfig({ ENDPOINT: 'https://id.example.com/auth//' }).endpoint).toBe('https://id.example.com/auth');
    expect(loadConfig({ ENDPOINT: 'http://localhost:3001' }).endpoint).toBe('http://localhost:3001');
  });

  it.each(['ftp://id.example.com', 'ws://id.example.com', 'com.example.app://x'])(
    'rejects the non-http ENDPOINT %s naming the variable',
    (value) => {
      expect(() => loadConfig({ ENDPOINT: value })).toThrow(`ENDPOINT must be an http(s) URL, got "${value}".`);
    },
  );

  it('rejects an ENDPOINT that is not a URL at all', () => {
    expect(() => loadConfig({ ENDPOINT: 'id.example.com' })).toThrow();
  });

  it('does not read process.env when given an explicit environment', () => {
    const previous = process.env.PORT;
    process.env.PORT = 'not-a-port';
    try {
      expect(loadConfig({}).port).toBe(3001);
    } finally {
      if (previous === undefined) {
        delete process.env.PORT;
      } else {
        process.env.PORT = previous;
      }
    }
  });
});
