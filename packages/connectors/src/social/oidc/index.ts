import { badgeLogo } from '../../kit/logo.js';
import { type SocialConnector } from '../../kit/types.js';
import { type OidcConfig, oidcConfigSchema } from './config.js';
import { oidcPresetMethods } from './preset.js';

/** Any OpenID Connect provider, by discovery from its issuer or with explicit endpoints. */
export const oidcConnector: SocialConnector<OidcConfig> = {
  type: 'Social',
  metadata: {
    id: 'oidc',
    target: 'oidc',
    platform: 'Universal',
    isStandard: true,
    name: { en: 'OpenID Connect' },
    logo: badgeLogo('#F78C40', 'ID'),
    logoDark: null,
    description: { en: 'Sign in with any OpenID Connect provider.' },
    configGuard: oidcConfigSchema,
  },
  ...oidcPresetMethods((config: OidcConfig) => ({ ...config, pkce: true })),
};
