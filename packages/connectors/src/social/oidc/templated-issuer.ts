import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { type authorizationCodeGrant, type Configuration, customFetch, type IDToken } from 'openid-client';

import { ConnectorError } from '../../kit/errors.js';
import { type SocialSession } from '../../kit/types.js';

type TokenEndpointResponse = Awaited<ReturnType<typeof authorizationCodeGrant>>;

const tenantIdPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Entra ID's multi-tenant endpoints (`common`, `organizations`, `consumers`) publish `…/{tenantid}/v2.0`. */
export const isTemplatedIssuer = (issuer: string) => issuer.includes('{tenantid}');

const invalidIdToken = (reason: string) =>
  new ConnectorError('social_invalid_id_token', `The ID token was refused: ${reason}.`, { reason });

type VerifySettings = { issuer: string; clientId: string; jwksUri: string; algorithm: string };

/** The issuer must be the template with the token's own `tid` filled in (Entra ID's rule). */
const verifyTemplatedIdToken = async (
  idToken: string,
  settings: VerifySettings,
  expectedNonce: string | undefined,
): Promise<JWTPayload> => {
  let tenantId: unknown;
  try {
    tenantId = decodeJwt(idToken).tid;
  } catch {
    throw invalidIdToken('not a JWT');
  }
  if (typeof tenantId !== 'string' || !tenantIdPattern.test(tenantId)) {
    throw invalidIdToken('no tenant id ("tid") claim');
  }

  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(settings.jwksUri), { timeoutDuration: 10_000 }), {
      issuer: settings.issuer.replace('{tenantid}', tenantId),
      audience: settings.clientId,
      algorithms: [settings.algorithm],
      requiredClaims: ['sub', 'iat', 'exp'],
      clockTolerance: 30,
    }));
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) {
      throw invalidIdToken(error.message);
    }
    throw new ConnectorError('general', 'Could not verify the ID token.', undefined, { cause: error });
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== settings.clientId) {
    throw invalidIdToken('untrusted additional audiences');
  }
  if (payload.nonce !== expectedNonce) {
    throw invalidIdToken('unexpected "nonce" claim value');
  }
  return payload;
};

/**
 * Runs the code grant with the ID token taken out of the token response and checks it here.
 * openid-client resolves the templated issuer only after discovery on login.microsoftonline.com
 * itself; explicit endpoints (sovereign clouds, local stand-ins) would fail its issuer check.
 */
export const withTemplatedIssuerCheck = async (
  configuration: Configuration,
  settings: { issuer: string; clientId: string; idTokenSignedResponseAlg?: string },
  session: SocialSession,
  grant: (configuration: Configuration) => Promise<TokenEndpointResponse>,
): Promise<{ tokenResponse: TokenEndpointResponse; idToken: string; idTokenClaims: IDToken }> => {
  const metadata = configuration.serverMetadata();
  const tokenEndpoint = new URL(metadata.token_endpoint!).href;
  let idToken: unknown;

  configuration[customFetch] = async (url, options) => {
    // CustomFetchOptions is what fetch takes; only TypeScript's Uint8Array generics disagree.
    const response = await fetch(url, options as RequestInit);
    if (new URL(url).href !== tokenEndpoint || !response.ok) {
      return response;
    }
    const { id_token: taken, ...rest } = (await response.json()) as Record<string, unknown>;
    idToken = taken;
    return new Response(JSON.stringify(rest), {
      status: response.status,
      headers: { 'content-type': 'application/json' },
    });
  };

  const tokenResponse = await grant(configuration);
  if (typeof idToken !== 'string') {
    throw invalidIdToken('the token response has no ID token');
  }
  const claims = await verifyTemplatedIdToken(
    idToken,
    {
      issuer: settings.issuer,
      clientId: settings.clientId,
      jwksUri: metadata.jwks_uri!,
      algorithm: settings.idTokenSignedResponseAlg ?? 'RS256',
    },
    session.nonce,
  );
  return { tokenResponse, idToken, idTokenClaims: claims as IDToken };
};
