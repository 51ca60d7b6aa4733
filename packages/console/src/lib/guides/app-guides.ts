import type { AppGuide, AppGuideContext } from './types.js';
import { dqString as dq, isPlainHttp, jsString as q, shellWord, uriScheme } from './types.js';

/** Shown instead of the secret until the user chooses to put it in the code. */
export const secretPlaceholder = '<app secret from the Secrets section of the app settings>';

const secretOf = (context: AppGuideContext) => context.secret ?? secretPlaceholder;

/** What a user-facing app asks for: OpenID scopes, a refresh token, and the API's permission (granted by the user's roles). */
const userScopes = (context: AppGuideContext) => ['openid', 'profile', 'email', 'offline_access', ...(context.scope ? [context.scope] : [])];
const userScopeString = (context: AppGuideContext) => q(userScopes(context).join(' '));
const origin = (uri: string) => {
  try {
    return new URL(uri).origin;
  } catch {
    return 'http://localhost:3000';
  }
};

const reactSpa: AppGuide = {
  id: 'react',
  title: 'React',
  libraries: ['react-oidc-context', 'oidc-client-ts'],
  types: ['SPA'],
  defaultRedirectUri: 'http://localhost:5173/callback',
  defaultPostLogoutRedirectUri: 'http://localhost:5173/',
  steps: [
    { kind: 'install', blocks: [{ language: 'bash', code: () => 'npm install react-oidc-context oidc-client-ts' }] },
    {
      kind: 'configure',
      blocks: [
        {
          file: 'src/main.tsx',
          language: 'tsx',
          code: (c) => `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthProvider, type AuthProviderProps } from 'react-oidc-context';

import App from './App';

const oidcConfig: AuthProviderProps = {
  authority: ${q(c.issuer)},
  client_id: ${q(c.appId)},
  redirect_uri: ${q(c.redirectUri)},
  post_logout_redirect_uri: ${q(c.postLogoutRedirectUri)},
  scope: ${userScopeString(c)},
  // The API the access token is for (resource indicator, RFC 8707), on both requests.
  extraQueryParams: { resource: ${q(c.resource)} },
  extraTokenParams: { resource: ${q(c.resource)} },
  // Removes ?code=…&state=… from the address bar once the sign-in is complete.
  onSigninCallback: () => window.history.replaceState({}, document.title, '/'),
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthProvider {...oidcConfig}>
      <App />
    </AuthProvider>
  </StrictMode>,
);
`,
        },
      ],
    },
    {
      kind: 'sign_in',
      blocks: [
        {
          file: 'src/App.tsx',
          language: 'tsx',
          code: () => `import { useAuth } from 'react-oidc-context';

import { Orders } from './Orders';

export default function App() {
  const auth = useAuth();

  if (auth.isLoading) {
    return <p>Loading…</p>;
  }
  if (auth.error) {
    return <p>Sign-in failed: {auth.error.message}</p>;
  }
  if (!auth.isAuthenticated) {
    return <button onClick={() => void auth.signinRedirect()}>Sign in</button>;
  }
  return (
    <main>
      <p>Signed in as {auth.user?.profile.name ?? auth.user?.profile.sub}</p>
      <Orders />
      <button onClick={() => void auth.signoutRedirect()}>Sign out</button>
    </main>
  );
}
`,
        },
      ],
    },
    {
      kind: 'sign_out',
      blocks: [
        {
          language: 'tsx',
          code: (c) => `// Forgets the tokens kept in session storage, ends the Gatehouse session,
// then comes back to ${c.postLogoutRedirectUri}
await auth.signoutRedirect();

// Or only forget them here, keeping the Gatehouse session (the next sign-in is instant):
await auth.removeUser();
`,
        },
      ],
    },
    {
      kind: 'call_api',
      blocks: [
        {
          file: 'src/Orders.tsx',
          language: 'tsx',
          code: (c) => `import { useState } from 'react';
import { useAuth } from 'react-oidc-context';

// Your API's URL. The access token's audience is its identifier, ${c.resource}
const apiUrl = ${q(c.resource)};

export function Orders() {
  const auth = useAuth();
  const [result, setResult] = useState<string>();

  const load = async () => {
    const response = await fetch(apiUrl, {
      headers: { Authorization: \`Bearer \${auth.user?.access_token}\` },
    });
    setResult(\`\${response.status} \${await response.text()}\`);
  };

  return (
    <section>
      <button onClick={() => void load()}>Call the API</button>
      {result && <pre>{result}</pre>}
    </section>
  );
}
`,
        },
      ],
    },
  ],
};

const nextJs: AppGuide = {
  id: 'next-js',
  title: 'Next.js',
  libraries: ['next-auth 4'],
  types: ['Traditional'],
  redirectPath: '/api/auth/callback/gatehouse',
  defaultRedirectUri: 'http://localhost:3000/api/auth/callback/gatehouse',
  defaultPostLogoutRedirectUri: 'http://localhost:3000/',
  steps: [
    { kind: 'install', blocks: [{ language: 'bash', code: () => 'npm install next-auth@4' }] },
    {
      kind: 'secret',
      blocks: [
        {
          file: '.env.local',
          language: 'env',
          code: (c) => `NEXTAUTH_URL=${origin(c.redirectUri)}
# Encrypts the session cookie: generate one with \`openssl rand -base64 32\`
NEXTAUTH_SECRET=
GATEHOUSE_CLIENT_SECRET=${secretOf(c)}
`,
        },
      ],
    },
    {
      kind: 'configure',
      blocks: [
        {
          file: 'lib/auth.ts',
          language: 'ts',
          code: (c) => `import type { NextAuthOptions } from 'next-auth';

export const authOptions: NextAuthOptions = {
  providers: [
    {
      id: 'gatehouse',
      name: 'Gatehouse',
      type: 'oauth',
      wellKnown: ${q(`${c.issuer}/.well-known/openid-configuration`)},
      clientId: ${q(c.appId)},
      clientSecret: process.env.GATEHOUSE_CLIENT_SECRET,
      authorization: {
        // resource: the API the access token is for (RFC 8707).
        params: { scope: ${userScopeString(c)}, resource: ${q(c.resource)} },
      },
      idToken: true,
      checks: ['pkce', 'state'],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.username,
        email: profile.email,
        image: profile.picture,
      }),
    },
  ],
  callbacks: {
    // Keeps the access token in the encrypted session cookie, for route handlers to use.
    jwt: ({ token, account }) => {
      if (account) {
        token.accessToken = account.access_token;
      }
      return token;
    },
  },
};
`,
        },
        {
          file: 'app/api/auth/[...nextauth]/route.ts',
          language: 'ts',
          code: (c) => `import NextAuth from 'next-auth';

import { authOptions } from '@/lib/auth';

// Serves ${new URL(c.redirectUri, 'http://localhost').pathname} among others.
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
`,
        },
      ],
    },
    {
      kind: 'sign_in',
      blocks: [
        {
          file: 'app/page.tsx',
          language: 'tsx',
          code: () => `import { getServerSession } from 'next-auth';

import { authOptions } from '@/lib/auth';
import { SignInButton, SignOutButton } from './auth-buttons';

export default async function Home() {
  const session = await getServerSession(authOptions);
  if (!session) {
    return <SignInButton />;
  }
  return (
    <main>
      <p>Signed in as {session.user?.name}</p>
      <SignOutButton />
    </main>
  );
}
`,
        },
      ],
    },
    {
      kind: 'sign_out',
      blocks: [
        {
          file: 'app/auth-buttons.tsx',
          language: 'tsx',
          code: (c) => `'use client';

import { signIn, signOut } from 'next-auth/react';

export const SignInButton = () => <button onClick={() => void signIn('gatehouse')}>Sign in</button>;

export const SignOutButton = () => (
  <button
    onClick={async () => {
      // Clears this app's session cookie…
      await signOut({ redirect: false });
      // …then ends the Gatehouse session and comes back to the post sign-out redirect URI.
      const url = new URL(${q(`${c.issuer}/session/end`)});
      url.searchParams.set('client_id', ${q(c.appId)});
      url.searchParams.set('post_logout_redirect_uri', ${q(c.postLogoutRedirectUri)});
      window.location.assign(url);
    }}
  >
    Sign out
  </button>
);
`,
        },
      ],
    },
    {
      kind: 'call_api',
      blocks: [
        {
          file: 'app/api/orders/route.ts',
          language: 'ts',
          code: (c) => `import { getToken } from 'next-auth/jwt';
import { type NextRequest, NextResponse } from 'next/server';

// Your API's URL. The access token's audience is its identifier, ${c.resource}
const apiUrl = ${q(c.resource)};

export async function GET(request: NextRequest) {
  const token = await getToken({ req: request });
  if (typeof token?.accessToken !== 'string') {
    return NextResponse.json({ error: 'not signed in' }, { status: 401 });
  }
  const response = await fetch(apiUrl, { headers: { Authorization: \`Bearer \${token.accessToken}\` } });
  return new NextResponse(await response.text(), {
    status: response.status,
    headers: { 'Content-Type': response.headers.get('content-type') ?? 'text/plain' },
  });
}
`,
        },
      ],
    },
  ],
};

const express: AppGuide = {
  id: 'express',
  title: 'Express',
  libraries: ['openid-client 6', 'express-session'],
  types: ['Traditional'],
  defaultRedirectUri: 'http://localhost:3000/callback',
  defaultPostLogoutRedirectUri: 'http://localhost:3000/',
  steps: [
    { kind: 'install', blocks: [{ language: 'bash', code: () => 'npm install express express-session openid-client' }] },
    {
      kind: 'secret',
      blocks: [
        {
          file: '.env',
          language: 'env',
          code: (c) => `GATEHOUSE_CLIENT_SECRET=${secretOf(c)}
# Signs the session cookie: generate one with \`openssl rand -base64 32\`
SESSION_SECRET=
`,
        },
      ],
    },
    {
      kind: 'configure',
      blocks: [
        {
          file: 'server.js',
          language: 'js',
          code: (c) => `// package.json: "type": "module". Start with: node --env-file=.env server.js
import express from 'express';
import session from 'express-session';
import * as client from 'openid-client';

const redirectUri = ${q(c.redirectUri)};
// The API the access token is for (resource indicator, RFC 8707).
const resource = ${q(c.resource)};

const config = await client.discovery(
  new URL(${q(c.issuer)}),
  ${q(c.appId)},
  process.env.GATEHOUSE_CLIENT_SECRET,${
    isPlainHttp(c.issuer)
      ? `
  undefined,
  // The issuer is plain http (local development): remove this with an https issuer.
  { execute: [client.allowInsecureRequests] },`
      : ''
  }
);

const app = express();
app.use(
  session({
    secret: process.env.SESSION_SECRET,
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: redirectUri.startsWith('https:') },
  }),
);
`,
        },
      ],
    },
    {
      kind: 'sign_in',
      blocks: [
        {
          file: 'server.js',
          language: 'js',
          code: (c) => `app.get('/sign-in', async (req, res) => {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  req.session.signIn = { codeVerifier, state };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: ${userScopeString(c)},
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    resource,
  });
  res.redirect(url.href);
});

app.get(new URL(redirectUri).pathname, async (req, res, next) => {
  try {
    const { codeVerifier, state } = req.session.signIn ?? {};
    const tokens = await client.authorizationCodeGrant(
      config,
      new URL(req.originalUrl, redirectUri),
      { pkceCodeVerifier: codeVerifier, expectedState: state },
      { resource },
    );
    req.session.regenerate((error) => {
      if (error) {
        return next(error);
      }
      req.session.user = tokens.claims();
      req.session.tokens = {
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        idToken: tokens.id_token,
        expiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000,
      };
      res.redirect('/');
    });
  } catch (error) {
    next(error);
  }
});

app.get('/', (req, res) => {
  const user = req.session.user;
  res.send(user ? \`Signed in as \${user.name ?? user.sub}. <a href="/sign-out">Sign out</a>\` : '<a href="/sign-in">Sign in</a>');
});
`,
        },
      ],
    },
    {
      kind: 'sign_out',
      blocks: [
        {
          file: 'server.js',
          language: 'js',
          code: (c) => `app.get('/sign-out', (req, res) => {
  const idToken = req.session.tokens?.idToken;
  req.session.destroy(() => {
    // Ends the Gatehouse session too, then comes back here.
    const url = client.buildEndSessionUrl(config, {
      post_logout_redirect_uri: ${q(c.postLogoutRedirectUri)},
      ...(idToken ? { id_token_hint: idToken } : {}),
    });
    res.redirect(url.href);
  });
});
`,
        },
      ],
    },
    {
      kind: 'call_api',
      blocks: [
        {
          file: 'server.js',
          language: 'js',
          code: () => `app.get('/orders', async (req, res, next) => {
  const tokens = req.session.tokens;
  if (!tokens) {
    return res.redirect('/sign-in');
  }
  try {
    // Access tokens are short-lived: renew with the refresh token shortly before expiry.
    if (tokens.refreshToken && tokens.expiresAt < Date.now() + 30_000) {
      const renewed = await client.refreshTokenGrant(config, tokens.refreshToken, { resource });
      tokens.accessToken = renewed.access_token;
      tokens.refreshToken = renewed.refresh_token ?? tokens.refreshToken;
      tokens.expiresAt = Date.now() + (renewed.expires_in ?? 0) * 1000;
    }
    // Your API's URL; here the same as its identifier.
    const response = await fetch(resource, { headers: { Authorization: \`Bearer \${tokens.accessToken}\` } });
    res.status(response.status).send(await response.text());
  } catch (error) {
    next(error);
  }
});

app.listen(3000);
`,
        },
      ],
    },
  ],
};

const reactNative: AppGuide = {
  id: 'react-native',
  title: 'React Native',
  libraries: ['react-native-app-auth (AppAuth)'],
  types: ['Native'],
  defaultRedirectUri: 'com.example.app://callback',
  defaultPostLogoutRedirectUri: 'com.example.app://callback',
  steps: [
    {
      kind: 'install',
      blocks: [{ language: 'bash', code: () => 'npm install react-native-app-auth\ncd ios && pod install' }],
    },
    {
      kind: 'redirect_scheme',
      blocks: [
        {
          file: 'android/app/build.gradle',
          language: 'gradle',
          code: (c) => `android {
  defaultConfig {
    manifestPlaceholders = [appAuthRedirectScheme: ${q(uriScheme(c.redirectUri))}]
  }
}
`,
        },
        {
          file: 'ios/<YourApp>/Info.plist',
          language: 'xml',
          code: (c) => `<!-- Also follow the AppDelegate setup in the react-native-app-auth README. -->
<key>CFBundleURLTypes</key>
<array>
  <dict>
    <key>CFBundleURLSchemes</key>
    <array>
      <string>${uriScheme(c.redirectUri)}</string>
    </array>
  </dict>
</array>
`,
        },
      ],
    },
    {
      kind: 'configure',
      blocks: [
        {
          file: 'src/auth.ts',
          language: 'ts',
          code: (c) => `import { authorize, logout, type AuthConfiguration } from 'react-native-app-auth';

export const authConfig: AuthConfiguration = {
  issuer: ${q(c.issuer)},
  clientId: ${q(c.appId)},
  redirectUrl: ${q(c.redirectUri)},
  scopes: [${userScopes(c).map((scope) => q(scope)).join(', ')}],
  // The API the access token is for (resource indicator, RFC 8707).
  additionalParameters: { resource: ${q(c.resource)} },
  usePKCE: true,${
    isPlainHttp(c.issuer)
      ? `
  // The issuer is plain http (local development): remove this with an https issuer.
  dangerouslyAllowInsecureHttpRequests: true,`
      : ''
  }
};
`,
        },
      ],
    },
    {
      kind: 'sign_in',
      blocks: [
        {
          file: 'src/auth.ts',
          language: 'ts',
          code: () => `// Opens the hosted sign-in page in the system browser. Keep the result in secure
// storage (for example react-native-keychain), never in AsyncStorage.
export const signIn = () => authorize(authConfig);
// → { accessToken, accessTokenExpirationDate, idToken, refreshToken, … }
`,
        },
      ],
    },
    {
      kind: 'sign_out',
      blocks: [
        {
          file: 'src/auth.ts',
          language: 'ts',
          code: (c) => `// Ends the Gatehouse session in the system browser; then delete the stored tokens.
export const signOut = (idToken: string) =>
  logout(authConfig, { idToken, postLogoutRedirectUrl: ${q(c.postLogoutRedirectUri)} });
`,
        },
      ],
    },
    {
      kind: 'call_api',
      blocks: [
        {
          file: 'src/api.ts',
          language: 'ts',
          code: (c) => `import { refresh } from 'react-native-app-auth';

import { authConfig } from './auth';

// Your API's URL. The access token's audience is its identifier, ${c.resource}
const apiUrl = ${q(c.resource)};

export const callApi = (accessToken: string) =>
  fetch(apiUrl, { headers: { Authorization: \`Bearer \${accessToken}\` } });

// A new access token when the old one expires (accessTokenExpirationDate).
export const renewTokens = (refreshToken: string) => refresh(authConfig, { refreshToken });
`,
        },
      ],
    },
  ],
};

const machineToMachineNode: AppGuide = {
  id: 'node-client-credentials',
  title: 'Node.js',
  libraries: ['fetch'],
  types: ['MachineToMachine'],
  defaultRedirectUri: '',
  defaultPostLogoutRedirectUri: '',
  steps: [
    {
      kind: 'secret',
      blocks: [{ file: '.env', language: 'env', code: (c) => `GATEHOUSE_CLIENT_SECRET=${secretOf(c)}\n` }],
    },
    {
      kind: 'fetch_token',
      blocks: [
        {
          file: 'token.js',
          language: 'js',
          code: (c) => `// Node 20+ (global fetch). Start with: node --env-file=.env app.js
const tokenEndpoint = ${q(`${c.issuer}/token`)};
const clientId = ${q(c.appId)};
const credentials = Buffer.from(\`\${clientId}:\${process.env.GATEHOUSE_CLIENT_SECRET}\`).toString('base64');

let cached;

/** An access token for the API, reused until a minute before it expires. */
export const getAccessToken = async () => {
  if (cached && cached.expiresAt > Date.now() + 60_000) {
    return cached.accessToken;
  }
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { Authorization: \`Basic \${credentials}\`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      // The API the token is for (resource indicator, RFC 8707).
      resource: ${q(c.resource)},${
        c.scope
          ? `
      // Only permissions this app's machine-to-machine roles grant; asking for more is invalid_scope.
      scope: ${q(c.scope)},`
          : ''
      }
    }),
  });
  if (!response.ok) {
    throw new Error(\`Token request failed: \${response.status} \${await response.text()}\`);
  }
  const body = await response.json();
  cached = { accessToken: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  return cached.accessToken;
};
`,
        },
      ],
    },
    {
      kind: 'call_api',
      blocks: [
        {
          file: 'app.js',
          language: 'js',
          code: (c) => `import { getAccessToken } from './token.js';

// Your API's URL. The access token's audience is its identifier, ${c.resource}
const response = await fetch(${q(c.resource)}, {
  headers: { Authorization: \`Bearer \${await getAccessToken()}\` },
});
console.log(response.status, await response.text());
`,
        },
      ],
    },
  ],
};

const machineToMachineCurl: AppGuide = {
  id: 'curl-client-credentials',
  title: 'cURL',
  libraries: ['curl', 'jq'],
  types: ['MachineToMachine'],
  defaultRedirectUri: '',
  defaultPostLogoutRedirectUri: '',
  steps: [
    {
      kind: 'secret',
      blocks: [{ language: 'bash', code: (c) => `export GATEHOUSE_CLIENT_SECRET=${shellWord(secretOf(c))}\n` }],
    },
    {
      kind: 'fetch_token',
      blocks: [
        {
          language: 'bash',
          code: (c) => `ACCESS_TOKEN=$(curl -s -X POST ${shellWord(`${c.issuer}/token`)} \\
  -u ${dq(c.appId)}:"$GATEHOUSE_CLIENT_SECRET" \\
  -d grant_type=client_credentials \\
  --data-urlencode resource=${shellWord(c.resource)}${c.scope ? ` \\
  --data-urlencode scope=${shellWord(c.scope)}` : ''} | jq -r .access_token)
`,
        },
      ],
    },
    {
      kind: 'call_api',
      blocks: [{ language: 'bash', code: (c) => `curl -H "Authorization: Bearer $ACCESS_TOKEN" ${shellWord(c.resource)}\n` }],
    },
  ],
};

/** Every application guide, in the order the picker shows them. */
export const appGuides: readonly AppGuide[] = [reactSpa, nextJs, express, reactNative, machineToMachineNode, machineToMachineCurl];

export const guidesForType = (type: AppGuide['types'][number]) => appGuides.filter((guide) => guide.types.includes(type));

export const findAppGuide = (id: string) => appGuides.find((guide) => guide.id === id);
