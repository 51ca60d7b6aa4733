import { type ApplicationType, type CustomClientMetadata, type OidcClientMetadata, tokenExchangeGrantType } from '@gatehouse/schemas';
import type { ClientMetadata } from 'oidc-provider';

/** What our callbacks (TTLs, refresh token rules) read from a client, under `client.gatehouse`. */
export type GatehouseClientSettings = CustomClientMetadata & { type: ApplicationType; isThirdParty: boolean };

export type ClientSource = {
  id: string;
  name: string;
  type: ApplicationType;
  oidcClientMetadata: OidcClientMetadata;
  customClientMetadata: CustomClientMetadata;
  isThirdParty: boolean;
};

export const isPublicClientType = (type: ApplicationType) => type === 'SPA' || type === 'Native';

/**
 * Maps an application to oidc-provider client metadata. Confidential clients authenticate with the
 * application's internal secret; the token endpoint swaps a valid application secret for it first
 * (see client-secret-exchange.ts), which is how several secrets with their own expiry work.
 */
export const toClientMetadata = (app: ClientSource, internalSecret: string): ClientMetadata => {
  const isPublic = isPublicClientType(app.type);
  const isMachine = app.type === 'MachineToMachine';
  const { redirectUris, postLogoutRedirectUris, backchannelLogoutUri, backchannelLogoutSessionRequired, logoUri } =
    app.oidcClientMetadata;
  // A user-facing app without redirect URIs yet can still refresh, but cannot start a new sign-in.
  const canAuthorize = !isMachine && redirectUris.length > 0;
  return {
    client_id: app.id,
    client_name: app.name,
    ...(isPublic ? {} : { client_secret: internalSecret }),
    application_type: app.type === 'Native' ? 'native' : 'web',
    grant_types: isMachine
      ? ['client_credentials']
      : [
          ...(canAuthorize ? ['authorization_code', 'refresh_token'] : ['refresh_token']),
          // Impersonation (token exchange) is for the tenant's own apps only.
          ...(app.isThirdParty ? [] : [tokenExchangeGrantType]),
        ],
    response_types: canAuthorize ? ['code'] : [],
    redirect_uris: canAuthorize ? redirectUris : [],
    post_logout_redirect_uris: isMachine ? [] : postLogoutRedirectUris,
    token_endpoint_auth_method: isPublic ? 'none' : 'client_secret_basic',
    ...(backchannelLogoutUri
      ? {
          backchannel_logout_uri: backchannelLogoutUri,
          backchannel_logout_session_required: backchannelLogoutSessionRequired ?? false,
        }
      : {}),
    ...(logoUri ? { logo_uri: logoUri } : {}),
    gatehouse: {
      ...app.customClientMetadata,
      type: app.type,
      isThirdParty: app.isThirdParty,
    } satisfies GatehouseClientSettings,
  };
};
