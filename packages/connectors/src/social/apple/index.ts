import { badgeLogo } from '../../kit/logo.js';
import { type SocialConnector } from '../../kit/types.js';
import { asText } from '../claims.js';
import { type OidcSettings } from '../oidc/flow.js';
import { oidcPresetMethods } from '../oidc/preset.js';
import { createAppleClientSecret } from './client-secret.js';
import { type AppleConfig, appleConfigSchema } from './config.js';
import { appleUserName, readAppleUser } from './user-field.js';

const settingsOf = async (config: AppleConfig): Promise<OidcSettings> => {
  const base = config.baseUrl.replace(/\/+$/, '');
  return {
    issuer: 'https://appleid.apple.com',
    authorizationEndpoint: `${base}/auth/authorize`,
    tokenEndpoint: `${base}/auth/token`,
    jwksUri: `${base}/auth/keys`,
    clientId: config.clientId,
    clientSecret: await createAppleClientSecret(config),
    tokenEndpointAuthMethod: 'client_secret_post',
    scope: config.scope,
    customParams: config.customParams,
    // Apple does not document PKCE; requesting name or email requires form_post.
    pkce: false,
    responseMode: 'form_post',
  };
};

export const appleConnector: SocialConnector<AppleConfig> = {
  type: 'Social',
  metadata: {
    id: 'apple',
    target: 'apple',
    platform: 'Universal',
    name: { en: 'Apple' },
    logo: badgeLogo('#000000', 'A'),
    logoDark: badgeLogo('#FFFFFF', 'A', '#000000'),
    description: { en: 'Sign in with Apple.' },
    readme:
      'The callback arrives as a form POST (`response_mode=form_post`): pass its body fields, including `user`, to getUserInfo.',
    configGuard: appleConfigSchema,
  },
  ...oidcPresetMethods(settingsOf, (claims, data) => {
    const user = readAppleUser(data);
    return {
      name: appleUserName(user) ?? asText(claims.name),
      rawData: user ? { ...claims, user } : claims,
    };
  }),
};
