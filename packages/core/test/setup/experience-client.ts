import * as client from 'openid-client';
import { CookieJar } from 'tough-cookie';

import type { TestServer } from './test-server.js';

export type TestApp = { id: string; secret?: string; redirectUri: string };

/** The app's OIDC client configuration (discovery once; reuse it for many sign-ins). */
export const discoverApp = (base: string, app: TestApp) =>
  client.discovery(new URL(`${base}/oidc`), app.id, app.secret, app.secret ? undefined : client.None(), {
    execute: [client.allowInsecureRequests],
  });

/**
 * A browser stand-in for the experience API: keeps cookies like a browser (tough-cookie; pass a
 * `jar` to share them with another client, as two tabs of one browser do), starts an
 * authorization request with PKCE, drives /api/experience, follows redirects back to the app and
 * exchanges the code with openid-client.
 */
export const createExperienceClient = async (base: string, app: TestApp, discovered?: client.Configuration, jar = new CookieJar()) => {
  const config = discovered ?? (await discoverApp(base, app));
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();

  const request = async (url: string, init: RequestInit = {}) => {
    const cookie = await jar.getCookieString(url);
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const header of response.headers.getSetCookie()) {
      await jar.setCookie(header, url);
    }
    return response;
  };

  /** Follows redirects until one leaves the server (the app's callback) or a page is served. */
  const follow = async (url: string) => {
    let current = url;
    for (let hop = 0; hop < 10; hop++) {
      if (current.startsWith(app.redirectUri)) {
        return current;
      }
      const response = await request(current);
      const location = response.headers.get('location');
      if (!location) {
        return current;
      }
      current = new URL(location, current).toString();
    }
    throw new Error('too many redirects');
  };

  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await request(`${base}/api/experience${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field in tests
    const json: any = text ? JSON.parse(text) : undefined;
    return { status: response.status, body: json };
  };

  return {
    jar,
    request,
    follow,
    api,
    /** Starts an authorization request; answers the page the browser lands on. */
    authorize: async (params: Record<string, string> = {}) => {
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: app.redirectUri,
        scope: 'openid profile email offline_access',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        prompt: 'consent',
        ...params,
      });
      return follow(url.toString());
    },
    /**
     * RP-initiated logout, confirmed as its page's form does: answers the confirmation page's HTML
     * and the confirmation's response.
     */
    endSession: async (params: Record<string, string>) => {
      const confirmation = await (await request(`${base}/oidc/session/end?${new URLSearchParams(params)}`)).text();
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirmation)?.[1];
      const confirmed = await request(`${base}/oidc/session/end/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
      });
      return { confirmation, confirmed };
    },
    /**
     * Signs `username` in with `password` through the experience API (start, verify, identify,
     * submit); answers where the browser lands next. Throws, with the API's answer, on any refusal.
     */
    signInWithPassword: async (username: string, password: string) => {
      const expectStatus = (step: string, answer: { status: number; body: unknown }, status: number) => {
        if (answer.status !== status) {
          throw new Error(`${step} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
        }
      };
      expectStatus('start', await api('PUT', '', { interactionEvent: 'SignIn' }), 204);
      const verified = await api('POST', '/verification/password', { identifier: { type: 'username', value: username }, password });
      expectStatus('password', verified, 200);
      expectStatus('identification', await api('POST', '/identification', { verificationId: verified.body.verificationId }), 204);
      const submitted = await api('POST', '/submit', {});
      expectStatus('submit', submitted, 200);
      return follow(submitted.body.redirectTo);
    },
    /**
     * Submits the self-submitting form oidc-provider answers with when a sign-in ends another
     * account's session, and follows on; answers `landed` when there is no such form.
     */
    endPreviousSession: async (landed: string) => {
      const page = await (await request(landed)).text();
      const action = /<form method="post" action="([^"]+)">/.exec(page)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
      if (!action || !xsrf) {
        return landed;
      }
      const confirmed = await request(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      });
      return follow(new URL(confirmed.headers.get('location')!, action).toString());
    },
    /** Exchanges the code the app received. */
    exchange: (callbackUrl: string) =>
      client.authorizationCodeGrant(config, new URL(callbackUrl), { pkceCodeVerifier: verifier, expectedState: state }),
    config,
  };
};

/** A first-party web app with a secret, ready for the authorization code flow. */
export const createWebApp = async (
  admin: Awaited<ReturnType<TestServer['api']>>,
  options: { isThirdParty?: boolean; name?: string } = {},
): Promise<TestApp> => {
  const redirectUri = 'https://app.example.com/callback';
  const created = await admin.post('/applications', {
    name: options.name ?? 'web',
    type: 'Traditional',
    isThirdParty: options.isThirdParty ?? false,
    oidcClientMetadata: { redirectUris: [redirectUri] },
  });
  if (created.status !== 201) {
    throw new Error(`app creation failed: ${JSON.stringify(created.body)}`);
  }
  const [secret] = (await admin.get(`/applications/${created.body.id}/secrets`)).body;
  return { id: created.body.id, secret: secret.value, redirectUri };
};
