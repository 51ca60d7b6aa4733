import path from 'node:path';

import { type Edition, editions, signingKeyAlgorithms, type SigningKeyAlgorithm } from '@gatehouse/schemas';

/**
 * Every setting Gatehouse reads from the environment, with its documented default. The README's
 * configuration table is this list.
 */
export type GatehouseConfig = {
  /** PORT — TCP port to listen on. Default 3001. */
  port: number;
  /** HOST — interface to bind. Default 0.0.0.0. */
  host: string;
  /** ENDPOINT — public base URL (no trailing slash). Default http://localhost:{PORT}. */
  endpoint: string | undefined;
  /** DATA_DIR — embedded database and generated secret key. Default ./data. */
  dataDir: string;
  /** DATABASE_URL — PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE — PostgreSQL connections per process for tenant work. Default 10. */
  databasePoolSize: number;
  /**
   * SECRET_KEY — key-encryption key for secrets at rest (32+ characters, or 32 bytes base64/hex).
   * Generated into DATA_DIR on the first embedded start; required with DATABASE_URL.
   */
  secretKey: string | undefined;
  /** EDITION — `oss` (single default tenant) or `cloud` (many tenants). Default oss. */
  edition: Edition;
  /** TENANT_BASE_DOMAIN — resolve `{tenantId}.{domain}` hosts to tenants (cloud). Unset by default. */
  tenantBaseDomain: string | undefined;
  /** TRUST_PROXY — trust X-Forwarded-* headers from a reverse proxy. Default false. */
  trustProxy: boolean;
  /** SIGNING_KEY_ALGORITHM — algorithm of newly generated token signing keys. Default ES256. */
  signingKeyAlgorithm: SigningKeyAlgorithm;
  /** LOG_LEVEL — pino level (fatal, error, warn, info, debug, trace, silent). Default info. */
  logLevel: string;
  /** LOG_RETENTION_DAYS — audit log entries older than this are deleted hourly. Default 90. */
  logRetentionDays: number;
  /** OIDC_PROVIDER_CACHE_SIZE — per-tenant OIDC providers kept in memory. Default 100. */
  providerCacheSize: number;
  /**
   * PASSWORD_BREACH_API_URL — k-anonymity range service for the breached-password check.
   * Default https://api.pwnedpasswords.com; `off` disables the check (air-gapped installs).
   */
  passwordBreachApiUrl: string | undefined;
  /** PASSWORD_BREACH_CHECK_REQUIRED — refuse new passwords while the range service is unreachable. Default false. */
  passwordBreachCheckRequired: boolean;
  /** TURNSTILE_VERIFY_URL — Cloudflare Turnstile siteverify endpoint. Default Cloudflare's. */
  turnstileVerifyUrl: string;
  /** RECAPTCHA_ENTERPRISE_API_URL — reCAPTCHA Enterprise API base. Default https://recaptchaenterprise.googleapis.com. */
  recaptchaEnterpriseApiUrl: string;
  /** REDIS_URL — share rate-limit counters between processes through Redis. Unset: per process. */
  redisUrl: string | undefined;
  /** REDIS_KEY_PREFIX — prefix of every Redis key, so deployments can share one Redis. Default `gatehouse:`. */
  redisKeyPrefix: string;
  /**
   * DEV_CONNECTORS — allow the development email/SMS connectors, which write messages as files on
   * this server. Default false: in production an administrator must not get to write files here.
   */
  devConnectors: boolean;
  /**
   * OIDC_PRIVATE_NETWORK_CALLS — let the OIDC provider's own outgoing requests (back-channel
   * logout, a client's jwks_uri and sector_identifier_uri) reach loopback and private addresses.
   * Default false: they are refused, so that an application's settings cannot aim this server at
   * internal services. Turn it on when apps' back-channel logout endpoints are on a private network.
   */
  oidcPrivateNetworkCalls: boolean;
  /** SIGN_IN_RATE_LIMIT — password and code checks per minute from one IP address (per tenant). Default 60. */
  signInRateLimit: number;
  /** CODE_SEND_RATE_LIMIT — verification codes sent per minute from one IP address (per tenant). Default 10. */
  codeSendRateLimit: number;
  /**
   * Where the console's docs, release notes and help dialog point: CONSOLE_DOCS_URL,
   * CONSOLE_RELEASES_URL, CONSOLE_COMMUNITY_URL, CONSOLE_ISSUES_URL, CONSOLE_SUPPORT_EMAIL,
   * CONSOLE_CONTACT_URL. Unset ones are not shown.
   */
  consoleLinks: ConsoleLinks;
  /**
   * CONSOLE_RELEASE_INFO_URL — a JSON document whose `latestRelease` (a version string, or an object
   * with `tag_name`) the console compares with its own version to show a new-version dot. Unset: no check.
   */
  consoleReleaseInfoUrl: string | null;
  /**
   * USER_ASSETS_DIR — where uploaded files (logos, avatars) are stored and served from, under
   * `/user-assets/`. Default `{DATA_DIR}/user-assets`. Uploads are refused while it is not writable.
   */
  userAssetsDir: string;
};

export type ConsoleLinks = {
  docs: string | null;
  releases: string | null;
  community: string | null;
  issues: string | null;
  email: string | null;
  contact: string | null;
};

const intFrom = (value: string | undefined, fallback: number, name: string) => {
  if (value === undefined || value === '') {
    return fallback;
  }
  const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}".`);
  }
  return parsed;
};

const portFrom = (value: string | undefined) => {
  const port = intFrom(value, 3001, 'PORT');
  if (port > 65_535) {
    throw new Error(`PORT must be at most 65535, got "${value}".`);
  }
  return port;
};

const oneOf = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T, name: string): T => {
  if (value === undefined || value === '') {
    return fallback;
  }
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}".`);
  }
  return value as T;
};

const urlFrom = (value: string | undefined, fallback: string, name: string) => {
  const url = (value || fallback).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(url) || !URL.canParse(url)) {
    throw new Error(`${name} must be an http(s) URL, got "${value}".`);
  }
  return url;
};

const optionalUrl = (value: string | undefined, name: string) => (value ? urlFrom(value, value, name) : null);

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): GatehouseConfig => {
  const endpoint = env.ENDPOINT?.replace(/\/+$/, '') || undefined;
  if (endpoint) {
    const url = URL.canParse(endpoint) ? new URL(endpoint) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      throw new Error(`ENDPOINT must be an http(s) URL, got "${endpoint}".`);
    }
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: portFrom(env.PORT),
    host: env.HOST || '0.0.0.0',
    endpoint,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: intFrom(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE'),
    secretKey: env.SECRET_KEY || undefined,
    edition: oneOf(env.EDITION, editions, 'oss', 'EDITION'),
    tenantBaseDomain: env.TENANT_BASE_DOMAIN || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    signingKeyAlgorithm: oneOf(env.SIGNING_KEY_ALGORITHM, signingKeyAlgorithms, 'ES256', 'SIGNING_KEY_ALGORITHM'),
    logLevel: env.LOG_LEVEL || 'info',
    providerCacheSize: intFrom(env.OIDC_PROVIDER_CACHE_SIZE, 100, 'OIDC_PROVIDER_CACHE_SIZE'),
    logRetentionDays: Math.max(1, intFrom(env.LOG_RETENTION_DAYS, 90, 'LOG_RETENTION_DAYS')),
    passwordBreachApiUrl:
      env.PASSWORD_BREACH_API_URL === 'off' ? undefined : urlFrom(env.PASSWORD_BREACH_API_URL, 'https://api.pwnedpasswords.com', 'PASSWORD_BREACH_API_URL'),
    passwordBreachCheckRequired: env.PASSWORD_BREACH_CHECK_REQUIRED === 'true' || env.PASSWORD_BREACH_CHECK_REQUIRED === '1',
    turnstileVerifyUrl: urlFrom(env.TURNSTILE_VERIFY_URL, 'https://challenges.cloudflare.com/turnstile/v0/siteverify', 'TURNSTILE_VERIFY_URL'),
    recaptchaEnterpriseApiUrl: urlFrom(env.RECAPTCHA_ENTERPRISE_API_URL, 'https://recaptchaenterprise.googleapis.com', 'RECAPTCHA_ENTERPRISE_API_URL'),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'gatehouse:',
    devConnectors: env.DEV_CONNECTORS === 'true' || env.DEV_CONNECTORS === '1',
    oidcPrivateNetworkCalls: env.OIDC_PRIVATE_NETWORK_CALLS === 'true' || env.OIDC_PRIVATE_NETWORK_CALLS === '1',
    signInRateLimit: Math.max(1, intFrom(env.SIGN_IN_RATE_LIMIT, 60, 'SIGN_IN_RATE_LIMIT')),
    codeSendRateLimit: Math.max(1, intFrom(env.CODE_SEND_RATE_LIMIT, 10, 'CODE_SEND_RATE_LIMIT')),
    consoleLinks: {
      docs: optionalUrl(env.CONSOLE_DOCS_URL, 'CONSOLE_DOCS_URL'),
      releases: optionalUrl(env.CONSOLE_RELEASES_URL, 'CONSOLE_RELEASES_URL'),
      community: optionalUrl(env.CONSOLE_COMMUNITY_URL, 'CONSOLE_COMMUNITY_URL'),
      issues: optionalUrl(env.CONSOLE_ISSUES_URL, 'CONSOLE_ISSUES_URL'),
      email: env.CONSOLE_SUPPORT_EMAIL ? `mailto:${env.CONSOLE_SUPPORT_EMAIL}` : null,
      contact: optionalUrl(env.CONSOLE_CONTACT_URL, 'CONSOLE_CONTACT_URL'),
    },
    consoleReleaseInfoUrl: optionalUrl(env.CONSOLE_RELEASE_INFO_URL, 'CONSOLE_RELEASE_INFO_URL'),
    userAssetsDir: env.USER_ASSETS_DIR ? path.resolve(env.USER_ASSETS_DIR) : path.join(dataDir, 'user-assets'),
  };
};
