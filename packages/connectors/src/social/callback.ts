import { ConnectorError } from '../kit/errors.js';
import { type SocialSession } from '../kit/types.js';

export const stringParam = (data: Record<string, unknown>, name: string): string | undefined => {
  const value = data[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

/**
 * Reads the authorization response: an `error` from the provider ends the sign-in, and without a
 * code there is nothing to exchange. The state is compared again here (the server checks it too)
 * so a mismatch never reaches the token endpoint.
 */
export const readAuthorizationResponse = (data: Record<string, unknown>, session: SocialSession) => {
  const error = stringParam(data, 'error');
  if (error) {
    const description = stringParam(data, 'error_description');
    throw new ConnectorError(
      'authorization_failed',
      description ? `The provider refused the sign-in: ${error} (${description}).` : `The provider refused the sign-in: ${error}.`,
      { error, ...(description ? { error_description: description } : {}) },
    );
  }
  const code = stringParam(data, 'code');
  if (!code) {
    throw new ConnectorError('insufficient_request_parameters', 'The callback has no authorization code.');
  }
  const state = stringParam(data, 'state');
  if (state !== session.state) {
    throw new ConnectorError('invalid_request_parameters', 'The callback state does not match the sign-in session.');
  }
  return { code, state, iss: stringParam(data, 'iss') };
};

/** The scope to request: the configured one plus whatever the server asks for, each token once. */
export const mergeScopes = (configured: string, requested?: string) =>
  [...new Set(`${configured} ${requested ?? ''}`.split(/\s+/).filter(Boolean))].join(' ');
