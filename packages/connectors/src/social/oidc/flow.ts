import {
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  ClientSecretBasic,
  ClientSecretPost,
  Configuration,
  discovery,
  fetchUserInfo,
  type IDToken,
  type ServerMetadata,
} from 'openid-client';

import { isLoopbackUrl } from '../../kit/config-fields.js';
import { ConnectorError } from '../../kit/errors.js';
import { type SocialAuthorizationInput, type SocialSession, type SocialTokens } from '../../kit/types.js';
import { mergeScopes, readAuthorizationResponse } from '../callback.js';
import { toSocialTokens } from '../tokens.js';
import { discoveryError, tokenExchangeError, userInfoError } from './oidc-errors.js';
import { isTemplatedIssuer, withTemplatedIssuerCheck } from './templated-issuer.js';

export type OidcEndpoints = {
  authorizationEndpoint?: string;
  tokenEndpoint?: string;
  userinfoEndpoint?: string;
  jwksUri?: string;
};

/** Everything the OIDC code flow needs; the generic connector and the presets fill it in. */
export type OidcSettings = OidcEndpoints & {
  issuer: string;
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  idTokenSignedResponseAlg?: string;
  scope: string;
  customParams?: Record<string, string>;
  /** Send an S256 challenge when the server gives a verifier; off for providers without PKCE. */
  pkce: boolean;
  responseMode?: 'form_post';
};

export type OidcSignInResult = {
  /** ID token claims, overlaid with the userinfo answer when the provider has one. */
  claims: Record<string, unknown>;
  tokens: SocialTokens;
};

const timeoutSeconds = 10;

const endpointsOf = (settings: OidcSettings) =>
  [settings.issuer, settings.authorizationEndpoint, settings.tokenEndpoint, settings.userinfoEndpoint, settings.jwksUri].filter(
    (url): url is string => url !== undefined,
  );

const explicitMetadata = (settings: OidcSettings): ServerMetadata | undefined => {
  if (!settings.authorizationEndpoint || !settings.tokenEndpoint || !settings.jwksUri) {
    return undefined;
  }
  return {
    issuer: settings.issuer,
    authorization_endpoint: settings.authorizationEndpoint,
    token_endpoint: settings.tokenEndpoint,
    userinfo_endpoint: settings.userinfoEndpoint,
    jwks_uri: settings.jwksUri,
  };
};

const endpointOverrides = (settings: OidcSettings): Partial<ServerMetadata> => {
  const overrides: Partial<ServerMetadata> = {
    authorization_endpoint: settings.authorizationEndpoint,
    token_endpoint: settings.tokenEndpoint,
    userinfo_endpoint: settings.userinfoEndpoint,
    jwks_uri: settings.jwksUri,
  };
  return Object.fromEntries(Object.entries(overrides).filter(([, url]) => url !== undefined));
};

/** Explicit endpoints win over discovered ones; with all of them given there is no discovery. */
export const loadConfiguration = async (settings: OidcSettings): Promise<Configuration> => {
  const clientMetadata = settings.idTokenSignedResponseAlg
    ? { id_token_signed_response_alg: settings.idTokenSignedResponseAlg }
    : {};
  const authentication =
    settings.tokenEndpointAuthMethod === 'client_secret_post'
      ? ClientSecretPost(settings.clientSecret)
      : ClientSecretBasic(settings.clientSecret);
  // The config schemas only let plain http through for loopback hosts (local providers, tests).
  const insecure = endpointsOf(settings).some((url) => url.startsWith('http:') && isLoopbackUrl(url));

  let metadata = explicitMetadata(settings);
  if (!metadata) {
    let discovered: Configuration;
    try {
      discovered = await discovery(new URL(settings.issuer), settings.clientId, clientMetadata, authentication, {
        timeout: timeoutSeconds,
        execute: insecure ? [allowInsecureRequests] : [],
      });
    } catch (error) {
      throw discoveryError(error, settings.issuer);
    }
    const overrides = endpointOverrides(settings);
    if (Object.keys(overrides).length === 0) {
      // As discovered, so openid-client keeps its own handling (e.g. Entra ID's templated issuer).
      return discovered;
    }
    metadata = { ...discovered.serverMetadata(), ...overrides };
  }

  const configuration = new Configuration(metadata, settings.clientId, clientMetadata, authentication);
  configuration.timeout = timeoutSeconds;
  if (insecure) {
    allowInsecureRequests(configuration);
  }
  return configuration;
};

export const buildOidcAuthorizationUri = async (
  settings: OidcSettings,
  input: SocialAuthorizationInput,
): Promise<string> => {
  const configuration = await loadConfiguration(settings);
  const parameters: Record<string, string> = {
    ...settings.customParams,
    response_type: 'code',
    redirect_uri: input.redirectUri,
    scope: mergeScopes(settings.scope, input.scope),
    state: input.state,
  };
  if (input.nonce) {
    parameters.nonce = input.nonce;
  }
  if (settings.pkce && input.codeVerifier) {
    parameters.code_challenge = await calculatePKCECodeChallenge(input.codeVerifier);
    parameters.code_challenge_method = 'S256';
  }
  if (settings.responseMode) {
    parameters.response_mode = settings.responseMode;
  }
  return buildAuthorizationUrl(configuration, parameters).href;
};

/**
 * RFC 9207, as openid-client checks it, but reported as a callback to start again (4xx) rather than
 * as an unreadable provider answer: a provider that announces `iss` in its authorization responses
 * always sends it, and only its own.
 */
const assertCallbackIssuer = (metadata: ServerMetadata, iss: string | undefined) => {
  if (iss === undefined && metadata.authorization_response_iss_parameter_supported === true) {
    throw new ConnectorError('insufficient_request_parameters', 'The callback has no issuer (iss), which this provider always sends.');
  }
  if (iss !== undefined && iss !== metadata.issuer) {
    throw new ConnectorError('invalid_request_parameters', 'The callback names another issuer (iss) than the provider’s.');
  }
};

/** Exchanges the code, validates the ID token (signature, issuer, audience, nonce) and reads userinfo. */
export const completeOidcSignIn = async (
  settings: OidcSettings,
  data: Record<string, unknown>,
  session: SocialSession,
): Promise<OidcSignInResult> => {
  const response = readAuthorizationResponse(data, session);
  const configuration = await loadConfiguration(settings);
  assertCallbackIssuer(configuration.serverMetadata(), response.iss);

  const callbackUrl = new URL(session.redirectUri);
  callbackUrl.searchParams.set('code', response.code);
  callbackUrl.searchParams.set('state', response.state);
  if (response.iss) {
    callbackUrl.searchParams.set('iss', response.iss);
  }

  const checks = {
    expectedState: session.state,
    pkceCodeVerifier: settings.pkce ? session.codeVerifier : undefined,
  };
  let tokenResponse: Awaited<ReturnType<typeof authorizationCodeGrant>>;
  let idToken: string | undefined;
  let idTokenClaims: IDToken | undefined;
  try {
    if (isTemplatedIssuer(settings.issuer)) {
      ({ tokenResponse, idToken, idTokenClaims } = await withTemplatedIssuerCheck(
        configuration,
        settings,
        session,
        (withCheck) => authorizationCodeGrant(withCheck, callbackUrl, checks),
      ));
    } else {
      tokenResponse = await authorizationCodeGrant(configuration, callbackUrl, {
        ...checks,
        expectedNonce: session.nonce,
        idTokenExpected: true,
      });
      idToken = tokenResponse.id_token;
      idTokenClaims = tokenResponse.claims();
    }
  } catch (error) {
    throw tokenExchangeError(error);
  }
  if (!idTokenClaims) {
    throw new ConnectorError('social_invalid_id_token', 'The token response has no ID token.');
  }

  let userInfo: Record<string, unknown> = {};
  if (configuration.serverMetadata().userinfo_endpoint) {
    try {
      userInfo = await fetchUserInfo(configuration, tokenResponse.access_token, idTokenClaims.sub);
    } catch (error) {
      throw userInfoError(error);
    }
  }

  return {
    claims: { ...idTokenClaims, ...userInfo },
    tokens: toSocialTokens({ ...tokenResponse, id_token: idToken }),
  };
};
