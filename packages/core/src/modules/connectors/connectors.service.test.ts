import { ConnectorError, type ConnectorErrorCode } from '@gatehouse/connectors';
import { secretMask } from '@gatehouse/schemas';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../app/errors.js';
import { maskSecrets, toConnectorApiError, toPublicConnectorApiError, unmask } from './connectors.service.js';

describe('maskSecrets', () => {
  it('masks by key name at any depth, header names included, in any case', () => {
    const config = {
      endpoint: 'https://sms.example/send',
      tokenEndpoint: 'https://id.example/token',
      headers: { 'X-Auth-Key': 'a', 'ocp-apim-subscription-key': 'b', 'X-Tenant': 'acme' },
      bodyTemplate: { format: 'form', fields: { key: 'c', to: '{{to}}' } },
      auth: { user: 'u', pass: 'p' },
    };
    expect(maskSecrets(config)).toEqual({
      endpoint: 'https://sms.example/send',
      tokenEndpoint: 'https://id.example/token',
      headers: { 'X-Auth-Key': secretMask, 'ocp-apim-subscription-key': secretMask, 'X-Tenant': 'acme' },
      bodyTemplate: { format: 'form', fields: { key: secretMask, to: '{{to}}' } },
      auth: { user: 'u', pass: secretMask },
    });
  });

  it('masks the value of a name/value pair by its name, and the strings of a list under a secret key', () => {
    const config = {
      headers: [
        { name: 'X-Auth-Key', value: 'a' },
        { name: 'Accept', value: 'application/json' },
        { key: 'Authorization', value: 'Bearer b' },
      ],
      apiKeys: ['k1', 'k2'],
      scopes: ['openid', 'email'],
    };
    expect(maskSecrets(config)).toEqual({
      headers: [
        { name: 'X-Auth-Key', value: secretMask },
        { name: 'Accept', value: 'application/json' },
        { key: 'Authorization', value: secretMask },
      ],
      apiKeys: [secretMask, secretMask],
      scopes: ['openid', 'email'],
    });
  });

  it('is undone by unmask: the mask sent back keeps each stored value, pairs matched by name', () => {
    const stored = {
      headers: [
        { name: 'X-Auth-Key', value: 'a' },
        { name: 'X-Other-Token', value: 'b' },
      ],
      fields: { key: 'c' },
      apiKeys: ['k1'],
    };
    const masked = maskSecrets(stored) as typeof stored;
    expect(unmask(masked, stored)).toEqual(stored);
    // Reordered pairs keep their own secrets; a new value replaces the stored one.
    const reordered = { ...masked, headers: [masked.headers[1], { name: 'X-Auth-Key', value: 'new' }] };
    expect(unmask(reordered, stored)).toEqual({ ...stored, headers: [{ name: 'X-Other-Token', value: 'b' }, { name: 'X-Auth-Key', value: 'new' }] });
  });
});

describe('toPublicConnectorApiError', () => {
  const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

  it('keeps the code and status, replaces the provider text with a generic message, and logs the detail', () => {
    const log = logger();
    const failure = new ConnectorError('general', 'Could not connect to 127.0.0.1:2599 (ECONNREFUSED).');
    const error = toPublicConnectorApiError(failure, log, 'message') as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, code: 'connector.general', params: {}, messageCode: 'connector.code_not_sent' });
    expect(error.details).toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: failure, detail: 'Could not connect to 127.0.0.1:2599 (ECONNREFUSED).' }), 'connector failed');
  });

  it('also hides the detail of an error already mapped for the management API', () => {
    const log = logger();
    const mapped = toConnectorApiError(new ConnectorError('rate_limit_exceeded', 'The SMS gateway https://gw.internal:8443 answered 429.'));
    const error = toPublicConnectorApiError(mapped, log, 'social') as ApiError;
    expect(error).toMatchObject({ status: 429, code: 'connector.rate_limit_exceeded', params: {}, messageCode: 'connector.social_failed.rate_limit_exceeded' });
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('gives each social failure a message of its own, and a generic one to codes a sign-in cannot end with', () => {
    const log = logger();
    const social = (code: ConnectorErrorCode) => (toPublicConnectorApiError(new ConnectorError(code, 'provider text'), log, 'social') as ApiError).messageCode;
    expect(social('authorization_failed')).toBe('connector.social_failed.authorization_failed');
    expect(social('social_invalid_id_token')).toBe('connector.social_failed.social_invalid_id_token');
    expect(social('social_auth_code_invalid')).toBe('connector.social_failed.social_auth_code_invalid');
    expect(social('template_not_found')).toBe('connector.social_sign_in_failed');
  });

  it('leaves other errors alone', () => {
    const log = logger();
    const notConfigured = new ApiError(422, 'connector.email_not_configured');
    expect(toPublicConnectorApiError(notConfigured, log, 'message')).toBe(notConfigured);
    const unknown = new Error('boom');
    expect(toPublicConnectorApiError(unknown, log, 'message')).toBe(unknown);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
