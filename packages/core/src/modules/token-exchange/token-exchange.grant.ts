import { accessTokenTokenType, tokenExchangeGrantType } from '@gatehouse/schemas';
import type Provider from 'oidc-provider';
import { errors, type FindAccount, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';

import type { TenantScope } from '../../app/tenant-scope.js';
import { consumeSubjectToken } from './subject-tokens.service.js';

type Options = {
  scope: Pick<TenantScope, 'transaction'>;
  findAccount: FindAccount;
  resourceServerInfo: (ctx: KoaContextWithOIDC, indicator: string, client: NonNullable<KoaContextWithOIDC['oidc']['client']>) => Promise<ResourceServer>;
  defaultResource: () => Promise<string | undefined>;
  isThirdParty: (client: unknown) => boolean;
  /** The OpenID scopes the provider knows (profile, email, …). */
  oidcScopes: ReadonlySet<string>;
};

/** Who minted the subject token, for the `act` claim of the issued token (RFC 8693 §4.1). */
const actors = new WeakMap<object, { sub: string }>();

/** The `act` claim of an access token issued by token exchange (used by extraTokenClaims). */
export const actorClaim = (token: object) => {
  const actor = actors.get(token);
  return actor ? { act: actor } : undefined;
};

/** What the audit log entry of a token exchange adds (the subject token's context). */
export const exchangeContexts = new WeakMap<KoaContextWithOIDC, Record<string, unknown>>();

const single = (value: unknown, name: string): string | undefined => {
  if (Array.isArray(value)) {
    if (value.length > 1) {
      throw new errors.InvalidTarget(`only one ${name} is supported for token exchange`);
    }
    return value[0] as string | undefined;
  }
  return typeof value === 'string' && value ? value : undefined;
};

/**
 * The token-exchange grant (RFC 8693) for impersonation: a first-party application trades a
 * subject token from `POST /api/subject-tokens` for an access token acting as its user. For an API
 * resource the token is a JWT with the resource's scopes that the user's roles grant (narrowed by
 * `scope`); without one, an opaque token for userinfo with the requested OpenID scopes.
 */
export const registerTokenExchange = (provider: Provider, options: Options) => {
  provider.registerGrantType(
    tokenExchangeGrantType,
    async (ctx: KoaContextWithOIDC) => {
      const { params } = ctx.oidc;
      const client = ctx.oidc.client!;
      if (options.isThirdParty(client)) {
        throw new errors.UnauthorizedClient('third-party applications cannot exchange tokens');
      }
      if (params!.subject_token_type !== accessTokenTokenType) {
        throw new errors.InvalidRequest(`subject_token_type must be ${accessTokenTokenType}`);
      }
      if (params!.actor_token || params!.actor_token_type) {
        throw new errors.InvalidRequest('actor tokens are not supported');
      }
      if (params!.requested_token_type && params!.requested_token_type !== accessTokenTokenType) {
        throw new errors.InvalidRequest(`requested_token_type must be ${accessTokenTokenType}`);
      }
      const subject = await consumeSubjectToken(options.scope, String(params!.subject_token ?? ''));
      if (!subject) {
        throw new errors.InvalidGrant('subject token not found, expired or already used');
      }
      const account = await options.findAccount(ctx, subject.accountId);
      if (!account) {
        throw new errors.InvalidGrant('the subject user does not exist or is suspended');
      }
      ctx.oidc.entity('Account', account);
      exchangeContexts.set(ctx, subject.context);

      const requested = String(params!.scope ?? '').split(' ').filter(Boolean);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: account.accountId });
      const resource = single(params!.resource, 'resource') ?? (await options.defaultResource());
      let resourceServer: ResourceServer | undefined;
      let scope: string;
      if (resource) {
        resourceServer = await options.resourceServerInfo(ctx, resource, client);
        const available = String(resourceServer.scope ?? '').split(' ').filter(Boolean);
        const asked = requested.filter((name) => name !== 'openid');
        const refused = asked.filter((name) => !available.includes(name));
        if (refused.length > 0) {
          throw new errors.InvalidScope(`requested scope is not granted to the user: ${refused.join(' ')}`, refused.join(' '));
        }
        scope = (asked.length > 0 ? asked : available).join(' ');
        grant.addResourceScope(resource, scope);
      } else {
        // No refresh token comes out of an exchange: offline_access means nothing here.
        const oidcScopes = requested.filter((name) => options.oidcScopes.has(name) && name !== 'openid' && name !== 'offline_access');
        scope = ['openid', ...oidcScopes].join(' ');
        grant.addOIDCScope(scope);
      }
      const token = new provider.AccessToken({ accountId: account.accountId, client, grantId: await grant.save(), gty: 'token_exchange', scope });
      if (resource && resourceServer) {
        token.resourceServer = new provider.ResourceServer(resource, resourceServer);
      }
      actors.set(token, { sub: subject.createdBy.subject });
      ctx.oidc.entity('AccessToken', token);
      const value = await token.save();
      ctx.body = {
        access_token: value,
        issued_token_type: accessTokenTokenType,
        token_type: 'Bearer',
        expires_in: token.expiration,
        ...(token.scope ? { scope: token.scope } : {}),
      };
    },
    ['subject_token', 'subject_token_type', 'actor_token', 'actor_token_type', 'requested_token_type', 'scope', 'resource'],
    ['resource'],
  );
};
