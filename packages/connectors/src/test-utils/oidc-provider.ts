import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';

import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export type TestAccount = { email?: string; email_verified?: boolean; name?: string; picture?: string };

export const testClient = {
  clientId: 'test-rp',
  clientSecret: 'test-rp-secret-that-is-long-enough',
  redirectUri: 'http://127.0.0.1:9/callback',
};

/**
 * A real oidc-provider on a loopback port. Its interaction route signs the next visitor in as
 * `nextLogin.accountId` (or refuses with access_denied) without any UI.
 */
export const startOidcProvider = async (accounts: Record<string, TestAccount>, options: { redirectUris?: string[] } = {}) => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: testClient.clientId,
        client_secret: testClient.clientSecret,
        redirect_uris: options.redirectUris ?? [testClient.redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture'],
    },
    findAccount: (_ctx, sub) =>
      accounts[sub] ? { accountId: sub, claims: () => ({ sub, ...accounts[sub] }) } : undefined,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    cookies: { keys: ['test-cookie-signing-key'] },
  });

  const nextLogin: { accountId?: string; deny?: boolean } = {};
  const handle = provider.callback();

  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/interaction/')) {
      handle(request, response);
      return;
    }
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      if (nextLogin.deny || !nextLogin.accountId) {
        await provider.interactionFinished(
          request,
          response,
          { error: 'access_denied', error_description: 'The user declined.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const grant = new provider.Grant({ accountId: nextLogin.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: nextLogin.accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });

  return {
    issuer,
    nextLogin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * Follows the provider's redirects like a browser (cookies included) until it redirects to the
 * client's redirect URI, and returns that callback's query parameters.
 */
export const runAuthorization = async (authorizationUri: string, redirectUri = testClient.redirectUri) => {
  const cookies = new Map<string, string>();
  let url = authorizationUri;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1);
      if (value) {
        cookies.set(name, value);
      } else {
        cookies.delete(name);
      }
    }
    const location = response.headers.get('location');
    if (!location) {
      throw new Error(`The provider stopped at ${url} with HTTP ${response.status}: ${await response.text()}`);
    }
    const next = new URL(location, url);
    if (next.href.startsWith(redirectUri)) {
      return Object.fromEntries(next.searchParams);
    }
    url = next.href;
  }
  throw new Error('Too many redirects.');
};
