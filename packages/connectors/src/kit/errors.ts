/** Connector error codes (spec §8). */
export const connectorErrorCodes = [
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
] as const;

export type ConnectorErrorCode = (typeof connectorErrorCodes)[number];

/**
 * A failure a connector reports to the server. `data` may be shown to administrators, so it must
 * never hold credentials, tokens or secrets.
 */
export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';

  constructor(
    readonly code: ConnectorErrorCode,
    message?: string,
    readonly data?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(message ?? code, options);
  }
}
