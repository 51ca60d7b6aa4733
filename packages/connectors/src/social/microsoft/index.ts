import { svgDataUri } from '../../kit/logo.js';
import { type SocialConnector } from '../../kit/types.js';
import { type OidcSettings } from '../oidc/flow.js';
import { oidcPresetMethods } from '../oidc/preset.js';
import { type MicrosoftConfig, microsoftConfigSchema, multiTenantValues } from './config.js';

const settingsOf = (config: MicrosoftConfig): OidcSettings => {
  const base = `${config.baseUrl.replace(/\/+$/, '')}/${config.tenant}`;
  const multiTenant = (multiTenantValues as readonly string[]).includes(config.tenant);
  return {
    // Multi-tenant endpoints issue tokens as the user's own tenant: `…/{tenantid}/v2.0` with `tid` filled in.
    issuer: `${config.baseUrl.replace(/\/+$/, '')}/${multiTenant ? '{tenantid}' : config.tenant}/v2.0`,
    authorizationEndpoint: `${base}/oauth2/v2.0/authorize`,
    tokenEndpoint: `${base}/oauth2/v2.0/token`,
    jwksUri: `${base}/discovery/v2.0/keys`,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: config.scope,
    customParams: config.customParams,
    pkce: true,
  };
};

const logo = svgDataUri(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect x="2" y="2" width="13" height="13" fill="#F25022"/>
  <rect x="17" y="2" width="13" height="13" fill="#7FBA00"/>
  <rect x="2" y="17" width="13" height="13" fill="#00A4EF"/>
  <rect x="17" y="17" width="13" height="13" fill="#FFB900"/>
</svg>`);

export const microsoftConnector: SocialConnector<MicrosoftConfig> = {
  type: 'Social',
  metadata: {
    id: 'microsoft',
    target: 'microsoft',
    platform: 'Universal',
    name: { en: 'Microsoft' },
    logo,
    logoDark: null,
    description: { en: 'Sign in with a Microsoft work, school or personal account.' },
    configGuard: microsoftConfigSchema,
  },
  // Entra ID does not verify the `email` claim, so it is never reported as verified.
  ...oidcPresetMethods(settingsOf, () => ({ emailVerified: undefined })),
};
