import { ClientError, ResponseBodyError, WWWAuthenticateChallengeError } from 'openid-client';

import { ConnectorError } from '../../kit/errors.js';
import { tokenRefusalCode, tokenRefusalMessage } from '../token-errors.js';

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
    const code = tokenRefusalCode(error.status, error.error);
    return new ConnectorError(code, tokenRefusalMessage(code, error.status, error.error), data);
  }
  // A 401 with a WWW-Authenticate challenge (oidc-provider's answer to a wrong secret sent with
  // client_secret_basic): the challenge carries the error code, the body is not read.
  if (error instanceof WWWAuthenticateChallengeError) {
    void error.response.body?.cancel().catch(() => undefined);
    const challenge = error.cause.find((entry) => entry.parameters.error !== undefined) ?? error.cause[0];
    const { error: challengeError, error_description } = challenge?.parameters ?? {};
    const data = { status: error.status, ...(challengeError ? { error: challengeError } : {}), ...(error_description ? { error_description } : {}) };
    const code = tokenRefusalCode(error.status, challengeError);
    return new ConnectorError(code, tokenRefusalMessage(code, error.status, challengeError), data);
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
      const code = tokenRefusalCode(status, undefined);
      return new ConnectorError(code, tokenRefusalMessage(code, status, undefined), { status });
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
