import { exportJWK, generateKeyPair, SignJWT } from 'jose';

import { type RecordedRequest, sendJson, startHttpServer } from './http-server.js';

/**
 * A minimal OpenID provider for preset tests: `…/token` answers with an ID token built from
 * `state.idTokenClaims` (signed with a fresh RS256 key), `…keys`/`…jwks` serves that key and
 * `…userinfo` answers `state.userinfo`. Each test shapes the answers through `state`.
 */
export const startOidcStandIn = async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'stand-in-key', alg: 'RS256', use: 'sig' };
  const state: {
    idTokenClaims: Record<string, unknown>;
    userinfo?: Record<string, unknown>;
    tokenError?: { status: number; body: Record<string, unknown>; headers?: Record<string, string> };
    checkTokenRequest?: (request: RecordedRequest) => Promise<void>;
  } = { idTokenClaims: {} };

  const server = await startHttpServer(async (request, response) => {
    const path = new URL(request.path, 'http://stand-in').pathname;
    // `/access_token` is GitHub's.
    if (path.endsWith('/token') || path.endsWith('/access_token')) {
      await state.checkTokenRequest?.(request);
      if (state.tokenError) {
        response.writeHead(state.tokenError.status, { 'content-type': 'application/json', ...state.tokenError.headers });
        response.end(JSON.stringify(state.tokenError.body));
        return;
      }
      const idToken = await new SignJWT(state.idTokenClaims)
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      sendJson(response, 200, { access_token: 'stand-in-at', token_type: 'Bearer', expires_in: 3600, id_token: idToken });
    } else if (path.endsWith('keys') || path.endsWith('/jwks') || path.endsWith('/certs')) {
      sendJson(response, 200, { keys: [jwk] });
    } else if (path.includes('userinfo') && state.userinfo) {
      sendJson(response, request.headers.authorization === 'Bearer stand-in-at' ? 200 : 401, state.userinfo);
    } else {
      sendJson(response, 404, { error: 'not_found' });
    }
  });
  return { ...server, state };
};

export type OidcStandIn = Awaited<ReturnType<typeof startOidcStandIn>>;
