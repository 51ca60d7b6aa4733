import { z } from 'zod';
import { describe, expect, it } from 'vitest';

import { containsUrl } from './config-fields.js';
import { ConnectorError, connectorErrorCodes } from './errors.js';
import { connectorMetadataSchema } from './metadata.js';
import { parseConfig } from './parse-config.js';

describe('ConnectorError', () => {
  it('carries the spec’s codes', () => {
    expect(connectorErrorCodes).toEqual([
      'general',
      'invalid_metadata',
      'unexpected_type',
      'invalid_config_guard',
      'invalid_request_parameters',
      'insufficient_request_parameters',
      'invalid_config',
      'invalid_certificate',
      'invalid_response',
      'template_not_found',
      'template_not_supported',
      'rate_limit_exceeded',
      'not_implemented',
      'social_auth_code_invalid',
      'social_invalid_access_token',
      'social_invalid_id_token',
      'authorization_failed',
    ]);
  });

  it('is an Error with code, message and data', () => {
    const error = new ConnectorError('template_not_found', 'No template.', { usageType: 'SignIn' });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ConnectorError', code: 'template_not_found', message: 'No template.' });
    expect(error.data).toEqual({ usageType: 'SignIn' });
    expect(new ConnectorError('general').message).toBe('general');
  });
});

describe('parseConfig', () => {
  const connector = {
    metadata: {
      id: 'demo',
      configGuard: z.object({ host: z.string().min(1), password: z.string(), port: z.number().default(25) }),
    },
  } as const;

  it('returns the parsed config with defaults', () => {
    expect(parseConfig(connector as never, { host: 'mail', password: 'x' })).toEqual({ host: 'mail', password: 'x', port: 25 });
  });

  it('throws invalid_config with issue paths and messages, not the input', () => {
    let caught: unknown;
    try {
      parseConfig(connector as never, { host: '', password: 12345678, port: 'hunter2' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConnectorError);
    const error = caught as ConnectorError;
    expect(error.code).toBe('invalid_config');
    const issues = error.data?.issues as { path: string; message: string }[];
    expect(issues.map((issue) => issue.path).sort()).toEqual(['host', 'password', 'port']);
    expect(JSON.stringify(error.data)).not.toContain('hunter2');
    expect(JSON.stringify(error.data)).not.toContain('12345678');
  });
});

describe('connectorMetadataSchema', () => {
  const valid = {
    id: 'demo',
    target: 'demo',
    platform: null,
    name: { en: 'Demo', de: 'Demo' },
    logo: 'https://cdn.example.com/demo.svg',
    logoDark: null,
    description: { en: 'A demo.' },
    configGuard: z.object({}),
  };
  const failedPaths = (value: unknown) =>
    (connectorMetadataSchema.safeParse(value).error?.issues ?? []).map((issue) => issue.path.join('.'));

  it('accepts valid metadata', () => {
    expect(failedPaths(valid)).toEqual([]);
    expect(failedPaths({ ...valid, logo: 'data:image/svg+xml,%3Csvg%2F%3E', platform: 'Web' })).toEqual([]);
  });

  it.each([
    ['a name without en', { name: { de: 'Demo' } }, 'name'],
    ['a description without en', { description: { fr: 'Démo' } }, 'description'],
    ['a bad language tag', { name: { en: 'Demo', 'not a tag': 'x' } }, 'name.not a tag'],
    ['an http logo', { logo: 'http://cdn.example.com/demo.svg' }, 'logo'],
    ['a PNG data URI', { logo: 'data:image/png;base64,AAAA' }, 'logo'],
    ['an oversized SVG', { logo: `data:image/svg+xml,${'a'.repeat(20_000)}` }, 'logo'],
    ['an uppercase id', { id: 'Demo' }, 'id'],
    ['an unknown platform', { platform: 'Desktop' }, 'platform'],
    ['a config guard that is not zod', { configGuard: { parse: () => ({}) } }, 'configGuard'],
    ['a Select form item without items', { formItems: [{ key: 'a', label: 'A', type: 'Select' }] }, 'formItems.0.selectItems'],
  ])('rejects %s', (_label, override, path) => {
    expect(failedPaths({ ...valid, ...override })).toContain(path);
  });
});

describe('containsUrl', () => {
  it.each(['https://x.test', 'see www.example', 'acme.com', 'Mail from sub.domain.io', 'ftp://files'])('finds a URL in %j', (text) => {
    expect(containsUrl(text)).toBe(true);
  });

  it.each(['Acme Inc.', 'J. R. Smith', 'Team 1.5', 'Support', 'Zoë & Co'])('finds none in %j', (text) => {
    expect(containsUrl(text)).toBe(false);
  });
});
