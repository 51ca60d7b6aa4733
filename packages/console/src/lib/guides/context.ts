import { isNativeRedirectUri, type Application } from '@gatehouse/schemas';

import type { AppGuide, AppGuideContext } from './types.js';

/** Used in the code when the tenant has no API resource of its own yet. */
export const exampleResource = 'https://api.example.com';

/** The tenant's OIDC issuer: the provider lives under `/oidc` of the tenant's base URL. */
export const tenantIssuer = (tenantEndpoint: string) => `${tenantEndpoint.replace(/\/+$/, '')}/oidc`;

const fitsGuide = (guide: AppGuide, uri: string) => {
  if (guide.redirectPath) {
    try {
      return new URL(uri).pathname === guide.redirectPath;
    } catch {
      return false;
    }
  }
  // Custom schemes are for native apps; web libraries need http(s).
  return guide.types.includes('Native') ? isNativeRedirectUri(uri) : /^https?:\/\//.test(uri);
};

export type GuideUris = {
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** URIs the code uses that the app does not accept yet (to add them in one click). */
  missing: { redirectUris: string[]; postLogoutRedirectUris: string[] };
};

/**
 * The redirect URIs the guide's code uses: the app's own when one fits the library, otherwise the
 * guide's default (reported as missing, so the page can offer to register it).
 */
export const guideUris = (guide: AppGuide, app: Pick<Application, 'oidcClientMetadata'>): GuideUris => {
  if (!guide.defaultRedirectUri) {
    return { redirectUri: '', postLogoutRedirectUri: '', missing: { redirectUris: [], postLogoutRedirectUris: [] } };
  }
  const { redirectUris, postLogoutRedirectUris } = app.oidcClientMetadata;
  const redirectUri = redirectUris.find((uri) => fitsGuide(guide, uri));
  const chosenRedirect = redirectUri ?? guide.defaultRedirectUri;
  const sameKind = postLogoutRedirectUris.filter((uri) => isNativeRedirectUri(uri) === isNativeRedirectUri(chosenRedirect));
  const postLogout =
    sameKind.find((uri) => {
      try {
        return new URL(uri).origin === new URL(chosenRedirect).origin;
      } catch {
        return false;
      }
    }) ??
    sameKind[0] ??
    (redirectUri && !isNativeRedirectUri(redirectUri) ? `${new URL(redirectUri).origin}/` : guide.defaultPostLogoutRedirectUri);
  return {
    redirectUri: chosenRedirect,
    postLogoutRedirectUri: postLogout,
    missing: {
      redirectUris: redirectUri ? [] : [chosenRedirect],
      postLogoutRedirectUris: postLogoutRedirectUris.includes(postLogout) ? [] : [postLogout],
    },
  };
};

/** Everything an application guide's code is filled in with. */
export const appGuideContext = (
  guide: AppGuide,
  app: Pick<Application, 'id' | 'oidcClientMetadata'>,
  values: { tenantEndpoint: string; resource: string | undefined; scope: string | undefined; secret: string | null },
): AppGuideContext & { uris: GuideUris } => {
  const uris = guideUris(guide, app);
  return {
    appId: app.id,
    issuer: tenantIssuer(values.tenantEndpoint),
    redirectUri: uris.redirectUri,
    postLogoutRedirectUri: uris.postLogoutRedirectUri,
    resource: values.resource ?? exampleResource,
    scope: values.scope ?? '',
    secret: values.secret,
    uris,
  };
};
