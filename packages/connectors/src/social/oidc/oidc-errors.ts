import { ClientError, ResponseBodyError, WWWAuthenticateChallengeError } from 'openid-client';

import { ConnectorError } from '../../kit/errors.js';

const idTokenFailureCodes = new Set([
  'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
  'OAUTH_JWT_TIMESTAMP_CHECK_FAILED',
  'OAUTH_KEY_SELECTION_FAILED',
  'OAUTH_PARSE_ERROR',
  'OAUTH_UNSUPPORTED_OPERATION',
]);

/** The library's own description of what failed (e.g. `unexpected ID Token "nonce" claim value`). */
const reasonOf = (error: Error) => (error.cause instanceof Error ? error.cause.message : error.message);

/** A failure of the code exchange: the token endpoint's answer or the ID token in it. */
export const tokenExchangeError = (error: unknown): ConnectorError => {
  if (error instanceof ConnectorError) {
    return error;
  }
  if (error instanceof ResponseBodyError) {
    const data = { error: error.error, error_description: error.error_description, status: error.status };
    if (error.error === 'invalid_grant') {
      return new ConnectorError('social_auth_code_invalid', 'The provider refused the authorization code.', data);
    }
    if (error.error === 'invalid_client' || error.error === 'unauthorized_client') {
      return new ConnectorError('invalid_config', 'The provider refused the client credentials.', data);
    }
    return new ConnectorError('general', `The token request failed: ${error.error}.`, data);
  }
  if (error instanceof ClientError) {
    const reason = reasonOf(error);
    const aboutIdToken =
      (error.code !== undefined && idTokenFailureCodes.has(error.code)) || /\b(ID Token|JWT)\b/.test(reason);
    if (aboutIdToken) {
      return new ConnectorError('social_invalid_id_token', `The ID token was refused: ${reason}.`, { reason });
    }
    if (error.code === 'OAUTH_TIMEOUT') {
      return new ConnectorError('general', 'The provider did not answer in time.');
    }
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && error.cause instanceof Response) {
      const { status } = error.cause;
      return new ConnectorError(
        status === 429 ? 'rate_limit_exceeded' : 'general',
        `The token endpoint answered with HTTP ${status}.`,
        { status },
      );
    }
    return new ConnectorError('invalid_response', `The token response was refused: ${reason}.`, { reason });
  }
  return new ConnectorError('general', 'Could not reach the token endpoint.', undefined, { cause: error });
};

export const userInfoError = (error: unknown): ConnectorError => {
  if (error instanceof WWWAuthenticateChallengeError || (error instanceof ResponseBodyError && error.status === 401)) {
    return new ConnectorError('social_invalid_access_token', 'The provider refused the access token for userinfo.');
  }
  if (error instanceof ClientError) {
    const reason = reasonOf(error);
    return new ConnectorError('invalid_response', `The userinfo response was refused: ${reason}.`, { reason });
  }
  return new ConnectorError('general', 'Could not fetch the userinfo.', undefined, { cause: error });
};

export const discoveryError = (error: unknown, issuer: string): ConnectorError =>
  new ConnectorError('general', `Could not load the OpenID configuration of ${issuer}.`, { issuer }, { cause: error });
