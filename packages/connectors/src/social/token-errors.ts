import { type ConnectorErrorCode } from '../kit/errors.js';
import { refusesCredentials } from '../kit/http.js';

/** Error codes that mean the code (or its PKCE verifier) was refused; GitHub has its own name for it. */
const refusedCode = new Set(['invalid_grant', 'bad_verification_code']);
/** Error codes that mean the client's credentials (id, secret) were refused. */
const refusedClient = new Set(['invalid_client', 'unauthorized_client', 'incorrect_client_credentials']);

/**
 * What a token endpoint's refusal of the code exchange means, for every social connector: a
 * refused code is `social_auth_code_invalid` (start again), refused client credentials (by error
 * code, or HTTP 401/403 whatever the body says) `invalid_config`, then a rate limit or a general
 * failure.
 */
export const tokenRefusalCode = (status: number, error: string | undefined): ConnectorErrorCode => {
  if (error !== undefined && refusedCode.has(error)) {
    return 'social_auth_code_invalid';
  }
  if ((error !== undefined && refusedClient.has(error)) || refusesCredentials(status)) {
    return 'invalid_config';
  }
  return status === 429 ? 'rate_limit_exceeded' : 'general';
};

const messages: Partial<Record<ConnectorErrorCode, string>> = {
  social_auth_code_invalid: 'The provider refused the authorization code.',
  invalid_config: 'The provider refused the client credentials.',
};

/** The message beside `tokenRefusalCode`'s answer. */
export const tokenRefusalMessage = (code: ConnectorErrorCode, status: number, error: string | undefined) =>
  messages[code] ?? `The token request failed${error ? `: ${error}` : ` with HTTP ${status}`}.`;
