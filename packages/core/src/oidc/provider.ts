import { defaultSignInExperience, tokenTtl } from '@gatehouse/schemas';
import { supportedLocales } from '@gatehouse/schemas/locales';
import Provider, { type Client, type Configuration, errors, interactionPolicy, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';

import type { Database } from '../db/database.js';
import {
  allowsRefused,
  type ConsentAllowList,
  readConsentAllowList,
  type RefusedInGrant,
} from '../modules/applications/user-consent-scopes.service.js';
import type { AuditLogWriter } from '../modules/logs/audit-log-writer.js';
import { tokenLogPayload } from '../modules/logs/token-log.js';
import { actorClaim, exchangeContexts, registerTokenExchange } from '../modules/token-exchange/token-exchange.grant.js';
import { PostgresAdapter } from './adapter.js';
import { claimsByScope } from './claims-by-scope.js';
import { createFindAccount, userResourceScopes } from './find-account.js';
import type { GatehouseClientSettings } from './client-metadata.js';
import { languageCookie, pageContextFor, renderErrorPage, renderLogoutPage, renderSignedOutPage } from './provider-pages.js';
import type { TenantRuntime } from './tenant-runtime.js';

export type ProviderOptions = { database: Database; trustProxy: boolean; auditLog: AuditLogWriter; privateNetworkCalls?: boolean };

/**
 * oidc-provider's outgoing requests carry a connection guard that refuses loopback and private
 * addresses; with OIDC_PRIVATE_NETWORK_CALLS the request goes out without it.
 */
const fetchWithoutAddressGuard = (input: string | URL | Request, init?: RequestInit) => {
  const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
  return globalThis.fetch(input, rest);
};

type TokenEntities = Record<string, { accountId?: string } | undefined>;

/** Logs every token request oidc-provider answers, before the answer leaves. */
const logTokenRequests =
  (runtime: TenantRuntime, auditLog: AuditLogWriter) =>
  async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    if (ctx.method !== 'POST' || ctx.path !== '/token') {
      return;
    }
    const entities = (ctx.oidc?.entities ?? {}) as TokenEntities;
    const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
    await auditLog.write(
      runtime.tenantId,
      tokenLogPayload({
        grantType: typeof params.grant_type === 'string' ? params.grant_type : undefined,
        status: ctx.status,
        error: ctx.status >= 400 ? (ctx.body as { error?: unknown; error_description?: unknown }) : undefined,
        applicationId: ctx.oidc?.client?.clientId,
        userId: entities.AccessToken?.accountId ?? entities.RefreshToken?.accountId ?? entities.AuthorizationCode?.accountId,
        ip: ctx.ip,
        userAgent: ctx.get('user-agent') || undefined,
        params: { resource: params.resource, scope: params.scope },
        context: exchangeContexts.get(ctx),
      }),
    );
  };

/**
 * oidc-provider's login and consent prompts, after two requestable ones that discovery lists among
 * `prompt_values_supported`:
 * - `select_account` (OpenID Connect Core 3.1.2.1): a signed-in browser is asked whether to go on
 *   with its account or to sign in with another; without a live account it is the sign-in page;
 * - `create` (OpenID Connect Prompt Create 1.0): the registration page even for a signed-in browser.
 * Submitting a sign-in or registration resolves both (see the experience's submit).
 */
const buildInteractionPolicy = () => {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  // A session (or a submitted sign-in) whose user was deleted or suspended meanwhile: findAccount
  // finds no account, and oidc-provider would go on without one (a 500 at the consent checks).
  // Such a session counts as none: the user signs in again.
  policy.get('login')!.checks.add(
    new interactionPolicy.Check('account_gone', 'End-User authentication is required', 'login_required', (ctx) =>
      ctx.oidc.session?.accountId && !ctx.oidc.account ? interactionPolicy.Check.REQUEST_PROMPT : interactionPolicy.Check.NO_NEED_TO_PROMPT,
    ),
  );
  return policy;
};

/** Which hosted page an interaction opens (the pages themselves are in packages/experience). */
const experiencePagePath = (ctx: KoaContextWithOIDC, interaction: { prompt: { name: string }; params: Record<string, unknown> }) => {
  if (interaction.prompt.name === 'consent') {
    return '/consent';
  }
  // The account of a session whose user is gone is not offered (see the login prompt's account_gone).
  if (interaction.prompt.name === 'select_account' && ctx.oidc.account) {
    return '/select-account';
  }
  const wantsRegistration = interaction.prompt.name === 'create' || interaction.params.first_screen === 'register';
  return wantsRegistration ? '/register' : '/sign-in';
};

/**
 * The tenant's own (first-party) applications need no consent screen: what they request is granted
 * on the user's behalf. Third-party applications keep oidc-provider's default: the existing grant,
 * and a consent prompt for anything missing from it (also for what the grant refused because the
 * app was not allowed it then, once its allow list has it).
 */
const grantFirstPartyRequests = async (ctx: KoaContextWithOIDC, allowListOf: (clientId: string) => Promise<ConsentAllowList>) => {
  const { client, session, provider } = ctx.oidc;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session?.grantIdFor(client!.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (settingsOf(client).isThirdParty !== false || !session?.accountId) {
    if (existing?.rejected && allowsRefused(await allowListOf(client!.clientId), existing.rejected as RefusedInGrant)) {
      delete existing.rejected;
      await existing.save();
    }
    return existing;
  }
  const grant = existing ?? new provider.Grant({ clientId: client!.clientId, accountId: session.accountId });
  const has = (granted: string, wanted: string[]) => {
    const held = new Set(granted.split(' '));
    return wanted.every((name) => held.has(name));
  };
  let changed = !existing;
  const oidcScopes = [...ctx.oidc.requestParamOIDCScopes];
  if (!has(grant.getOIDCScope(), oidcScopes)) {
    grant.addOIDCScope(oidcScopes.join(' '));
    changed = true;
  }
  const claims = [...ctx.oidc.requestParamClaims];
  if (claims.length > 0 && !claims.every((claim) => grant.getOIDCClaims().includes(claim))) {
    grant.addOIDCClaims(claims);
    changed = true;
  }
  const requested = [...ctx.oidc.requestParamScopes];
  for (const [indicator, resourceServer] of Object.entries(ctx.oidc.resourceServers ?? {})) {
    const scopes = requested.filter((scope) => resourceServer.scopes.has(scope));
    if (scopes.length > 0 && !has(grant.getResourceScope(indicator), scopes)) {
      grant.addResourceScope(indicator, scopes.join(' '));
      changed = true;
    }
  }
  // A returning user whose grant already covers the request costs no write.
  if (changed) {
    await grant.save();
  }
  return grant;
};

/**
 * Sign-out from one of the tenant's own apps, proven by a valid ID token of the signed-in user,
 * needs no "are you sure" page: nobody else holds that token, so it cannot be a forged logout.
 */
const signsOutAtOnce = (ctx: KoaContextWithOIDC) => {
  const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
  const accountId = ctx.oidc.session?.accountId;
  return Boolean(hint && settingsOf(ctx.oidc.client).isThirdParty === false && (!accountId || hint.payload?.sub === accountId));
};

/**
 * Carries the end-session request's `ui_locales` to the "Signed out" page: oidc-provider's confirm
 * step redirects there with nothing but a client id. Not a choice of the user (that is
 * `languageCookie`), so it is sent to the sign-out pages only and lasts for one sign-out.
 */
const logoutLocalesCookie = '_gatehouse_logout_ui_locales';

const logoutCookieOptions = (ctx: KoaContextWithOIDC) => ({
  path: new URL(ctx.oidc.urlFor('end_session')).pathname,
  signed: false,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.oidc.urlFor('end_session').startsWith('https://'),
});

const decodeLocales = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
};

/**
 * What a page of oidc-provider's needs from the tenant: its language (as the hosted pages pick
 * theirs), its brand (colour, logo, favicon, dark mode) and support contacts. See provider-pages.ts.
 */
const pageContext = (runtime: TenantRuntime, ctx: KoaContextWithOIDC, uiLocales?: string) => {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
  return pageContextFor(runtime, {
    chosen: ctx.cookies.get(languageCookie, { signed: false }),
    uiLocales: typeof params.ui_locales === 'string' ? params.ui_locales : uiLocales,
    acceptLanguage: ctx.get('accept-language'),
  });
};

const settingsOf = (client: unknown) =>
  ((client as { gatehouse?: unknown } | undefined)?.gatehouse ?? {}) as Partial<GatehouseClientSettings>;


/**
 * Builds one tenant's oidc-provider from its keys and settings. Explicit about every choice that
 * differs from oidc-provider's defaults; the rest stays as documented there.
 */
export const createTenantProvider = async (runtime: TenantRuntime, options: ProviderOptions): Promise<Provider> => {
  const keys = await runtime.keys();
  const signingKeys = await runtime.signingKeys();
  const currentAlgorithm = keys.signing[0]?.algorithm ?? 'ES256';
  const secureCookies = runtime.baseUrl.startsWith('https://');
  // The interaction cookie must reach the hosted pages and /api/experience, which live beside
  // /oidc under the tenant's base path.
  const basePath = `${new URL(runtime.baseUrl).pathname.replace(/\/$/, '')}/`;

  const findAccount = createFindAccount(runtime.tenantId, options.database);
  const defaultIndicator = async () => (await runtime.resources()).defaultIndicator ?? undefined;

  /** An API resource as oidc-provider sees it, with the scopes the token's subject holds today. */
  const resourceServerInfo = async (ctx: KoaContextWithOIDC, indicator: string, client: Client): Promise<ResourceServer> => {
    const resource = (await runtime.resources()).byIndicator.get(indicator);
    if (!resource) {
      throw new errors.InvalidTarget(`unknown resource indicator: ${indicator}`);
    }
    const isClientCredentials = (ctx.oidc.params?.grant_type as string | undefined) === 'client_credentials';
    const accountId = ctx.oidc.entities.Account?.accountId ?? ctx.oidc.session?.accountId;
    // A token holds the resource's scopes that its subject's roles grant today (not at consent time).
    const scope = isClientCredentials
      ? await runtime.applicationScopes(client.clientId, resource.id)
      : accountId
        ? await userResourceScopes(options.database, runtime.tenantId, accountId, resource.id)
        : [];
    if (isClientCredentials) {
      // oidc-provider would silently narrow the request; a machine client deserves to know.
      const requested = String(ctx.oidc.params?.scope ?? '').split(' ').filter(Boolean);
      const refused = requested.filter((name) => !scope.includes(name));
      if (refused.length > 0) {
        throw new errors.InvalidScope(`requested scope is not granted to this client: ${refused.join(' ')}`, refused.join(' '));
      }
    }
    return {
      scope: scope.join(' '),
      audience: indicator,
      accessTokenTTL: resource.accessTokenTtl,
      accessTokenFormat: 'jwt' as const,
      jwt: { sign: { alg: currentAlgorithm } },
    };
  };

  const interactionPrompts = buildInteractionPolicy();
  const configuration: Configuration = {
    adapter: (name: string) => new PostgresAdapter(name, runtime, options.database),
    ...(options.privateNetworkCalls ? { fetch: fetchWithoutAddressGuard } : {}),
    jwks: { keys: signingKeys },
    cookies: {
      keys: keys.cookie,
      // Named and scoped per tenant: path-based tenants share one origin, and the default tenant's
      // path (`/`) contains every other's, so one name would let a sign-in to one tenant replace
      // the session of another in the same browser.
      long: { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies, path: basePath },
      short: { signed: true, httpOnly: true, sameSite: 'lax', secure: secureCookies, path: basePath },
      names: {
        session: `_gatehouse_session_${runtime.tenantId}`,
        interaction: `_gatehouse_interaction_${runtime.tenantId}`,
        resume: `_gatehouse_resume_${runtime.tenantId}`,
      },
    },
    clientDefaults: {
      grant_types: ['authorization_code'],
      id_token_signed_response_alg: currentAlgorithm,
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
    extraClientMetadata: { properties: ['gatehouse'] },
    // What an application can really use (and discovery says): a secret in HTTP Basic or in the form
    // (see client-secret-exchange.ts), or nothing for SPA and native apps. Apps register no keys, so
    // JWT client assertions (private_key_jwt, client_secret_jwt) could never succeed.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'none'],
    // `first_screen=register` opens the registration page instead of sign-in.
    extraParams: ['first_screen'],
    // OAuth 2.1: authorization code only, PKCE for every client.
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', ...Object.keys(claimsByScope ?? {}).filter((scope) => scope !== 'openid')],
    claims: claimsByScope,
    // ID tokens carry the granted scopes' claims (but custom data and identities: userinfo only).
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: false },
      // Lets NodeSigningKey sign on the calling thread (see node-signing-key.ts).
      externalSigningSupport: { enabled: true, ack: 'experimental-01' },
      clientCredentials: { enabled: true },
      // The `claims` request parameter (OpenID Connect Core 5.5): single claims into the ID token or
      // userinfo. A third-party app gets only claims of the scopes it is allowed (consent.ts).
      claimsParameter: { enabled: true },
      introspection: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          const uiLocales = ctx.oidc.params?.ui_locales;
          if (typeof uiLocales === 'string') {
            const value = encodeURIComponent(uiLocales.slice(0, 200));
            ctx.cookies.set(logoutLocalesCookie, value, { ...logoutCookieOptions(ctx), maxAge: 3_600_000 });
          } else if (ctx.cookies.get(logoutLocalesCookie, { signed: false }) !== undefined) {
            // Left by a sign-out that was not finished: this one did not ask for a language.
            ctx.cookies.set(logoutLocalesCookie, null, logoutCookieOptions(ctx));
          }
          ctx.type = 'html';
          ctx.body = renderLogoutPage({ form, auto: signsOutAtOnce(ctx), ...(await pageContext(runtime, ctx)) });
        },
        postLogoutSuccessSource: async (ctx) => {
          const carried = ctx.cookies.get(logoutLocalesCookie, { signed: false });
          if (carried !== undefined) {
            ctx.cookies.set(logoutLocalesCookie, null, logoutCookieOptions(ctx));
          }
          // "Stay signed in" on the confirmation comes here too, with the session still there.
          const stillSignedIn = !!(await ctx.oidc.provider.Session.get(ctx)).accountId;
          ctx.type = 'html';
          ctx.body = renderSignedOutPage({ ...(await pageContext(runtime, ctx, carried && decodeLocales(carried))), stillSignedIn });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? (await defaultIndicator()) ?? undefined!,
        useGrantedResource: () => true,
        getResourceServerInfo: resourceServerInfo,
      },
    },
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? tokenTtl.accessToken,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? tokenTtl.accessToken,
      AuthorizationCode: 60,
      IdToken: (_ctx, _token, client) => settingsOf(client).idTokenTtl ?? tokenTtl.idToken,
      RefreshToken: (_ctx, _token, client) => {
        const settings = settingsOf(client);
        if (settings.refreshTokenTtlInDays) {
          return settings.refreshTokenTtlInDays * 86_400;
        }
        return settings.refreshTokenTtl ?? tokenTtl.refreshTokenDays * 86_400;
      },
      Interaction: 3600,
      Session: tokenTtl.refreshTokenDays * 86_400,
      Grant: tokenTtl.maxRefreshTokenDays * 86_400,
    },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has('offline_access') || settingsOf(client).alwaysIssueRefreshToken === true),
    rotateRefreshToken: (ctx) => settingsOf(ctx.oidc.client).rotateRefreshToken !== false,
    clientBasedCORS: (_ctx, origin, client) => {
      const settings = settingsOf(client);
      if (settings.corsAllowedOrigins?.includes(origin)) {
        return true;
      }
      return (client.redirectUris ?? []).some((uri) => {
        try {
          return new URL(uri).origin === origin;
        } catch {
          return false;
        }
      });
    },
    discovery: {
      claim_types_supported: ['normal'],
      prompt_values_supported: ['none', ...interactionPrompts.filter((prompt) => prompt.requestable).map((prompt) => prompt.name)],
      // `ui_locales` picks the hosted pages' language (after the user's own choice in them).
      ui_locales_supported: [...supportedLocales],
    },
    interactions: {
      policy: interactionPrompts,
      url: (ctx, interaction) => `${runtime.baseUrl}${experiencePagePath(ctx, interaction)}`,
    },
    loadExistingGrant: (ctx) =>
      grantFirstPartyRequests(ctx, (clientId) => options.database.withTenant(runtime.tenantId, (tx) => readConsentAllowList(tx, clientId))),
    findAccount,
    // RFC 8693: a token obtained by token exchange names who minted its subject token.
    extraTokenClaims: (_ctx, token) => actorClaim(token),
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      // The tenant's language and brand, or the defaults when they cannot be read (that may be the error).
      const context = await pageContext(runtime, ctx).catch(() => ({ locale: 'en' as const, settings: defaultSignInExperience }));
      const signingOut = ctx.oidc?.route?.startsWith('end_session') ?? false;
      ctx.body = renderErrorPage({ error: out.error, description: out.error_description, signingOut, ...context });
    },
  };

  const provider = new Provider(runtime.issuer, configuration);
  provider.proxy = options.trustProxy;
  registerTokenExchange(provider, {
    scope: { transaction: (fn) => options.database.withTenant(runtime.tenantId, fn) },
    findAccount,
    resourceServerInfo,
    defaultResource: defaultIndicator,
    isThirdParty: (client) => settingsOf(client).isThirdParty !== false,
    oidcScopes: new Set(configuration.scopes),
  });
  provider.use(logTokenRequests(runtime, options.auditLog));
  return provider;
};
