import { ConnectorError } from '../../kit/errors.js';
import { request } from '../../kit/http.js';
import { type SocialAuthorizationInput, type SocialSession } from '../../kit/types.js';
import { mergeScopes } from '../callback.js';
import { tokenRefusalCode, tokenRefusalMessage } from '../token-errors.js';

export type OAuth2Settings = {
  authorizationEndpoint: string;
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  scope?: string;
  customParams?: Record<string, string>;
  pkce: boolean;
};

const s256 = async (verifier: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString('base64url');

export const buildOAuth2AuthorizationUri = async (settings: OAuth2Settings, input: SocialAuthorizationInput) => {
  const url = new URL(settings.authorizationEndpoint);
  const parameters: Record<string, string> = {
    ...settings.customParams,
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
  };
  const scope = mergeScopes(settings.scope ?? '', input.scope);
  if (scope) {
    parameters.scope = scope;
  }
  if (settings.pkce && input.codeVerifier) {
    parameters.code_challenge = await s256(input.codeVerifier);
    parameters.code_challenge_method = 'S256';
  }
  for (const [name, value] of Object.entries(parameters)) {
    url.searchParams.set(name, value);
  }
  return url.href;
};

/** RFC 6749 §2.3.1: form-encode the id and secret before joining them for Basic auth. */
const formEncode = (value: string) => new URLSearchParams({ v: value }).toString().slice(2);

/** Token responses are JSON, except from a few older providers that answer form-encoded. */
const readTokenBody = async (response: Response): Promise<Record<string, unknown>> => {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export type OAuth2TokenBody = Record<string, unknown> & { access_token: string };

export const exchangeCode = async (
  settings: OAuth2Settings,
  code: string,
  session: SocialSession,
): Promise<OAuth2TokenBody> => {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: session.redirectUri });
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (settings.tokenEndpointAuthMethod === 'client_secret_post') {
    form.set('client_id', settings.clientId);
    form.set('client_secret', settings.clientSecret);
  } else {
    const credentials = `${formEncode(settings.clientId)}:${formEncode(settings.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  if (settings.pkce && session.codeVerifier) {
    form.set('code_verifier', session.codeVerifier);
  }

  const response = await request(settings.tokenEndpoint, { method: 'POST', headers, body: form.toString() });
  const body = await readTokenBody(response);
  // GitHub reports errors with HTTP 200, so the body decides.
  if (typeof body.error === 'string' || !response.ok) {
    const error = typeof body.error === 'string' ? body.error : undefined;
    const data = { status: response.status, error, error_description: body.error_description };
    const code = tokenRefusalCode(response.status, error);
    throw new ConnectorError(code, tokenRefusalMessage(code, response.status, error), data);
  }
  if (typeof body.access_token !== 'string' || body.access_token.length === 0) {
    throw new ConnectorError('invalid_response', 'The token response has no access token.', { status: response.status });
  }
  return body as OAuth2TokenBody;
};

/** GETs a JSON resource with the access token; a refused token is `social_invalid_access_token`. */
export const fetchWithAccessToken = async (
  url: string,
  accessToken: string,
  headers: Record<string, string> = {},
): Promise<unknown> => {
  const response = await request(url, {
    headers: { accept: 'application/json', ...headers, authorization: `Bearer ${accessToken}` },
  });
  if (response.status === 401) {
    await response.body?.cancel();
    throw new ConnectorError('social_invalid_access_token', 'The provider refused the access token.', { status: 401 });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new ConnectorError(
      response.status === 429 ? 'rate_limit_exceeded' : 'general',
      `The profile request failed with HTTP ${response.status}.`,
      { status: response.status },
    );
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new ConnectorError('invalid_response', 'The profile response is not JSON.');
  }
};

export const fetchProfile = async (url: string, accessToken: string, headers?: Record<string, string>) => {
  const body = await fetchWithAccessToken(url, accessToken, headers);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ConnectorError('invalid_response', 'The profile response is not a JSON object.');
  }
  return body as Record<string, unknown>;
};
