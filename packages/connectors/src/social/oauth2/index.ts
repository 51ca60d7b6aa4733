import { badgeLogo } from '../../kit/logo.js';
import { type SocialConnector } from '../../kit/types.js';
import { readAuthorizationResponse } from '../callback.js';
import { toSocialTokens } from '../tokens.js';
import { type OAuth2Config, oauth2ConfigSchema } from './config.js';
import { buildOAuth2AuthorizationUri, exchangeCode, fetchProfile, type OAuth2Settings } from './flow.js';
import { mapProfile } from './profile.js';

const settingsOf = (config: OAuth2Config): OAuth2Settings => ({ ...config, pkce: config.enablePkce });

/** Any OAuth 2 provider with a JSON profile endpoint; the profile map says where the fields are. */
export const oauth2Connector: SocialConnector<OAuth2Config> = {
  type: 'Social',
  metadata: {
    id: 'oauth2',
    target: 'oauth2',
    platform: 'Universal',
    isStandard: true,
    name: { en: 'OAuth 2.0' },
    logo: badgeLogo('#2563EB', 'OA'),
    logoDark: null,
    description: { en: 'Sign in with any OAuth 2.0 provider that has a user profile endpoint.' },
    configGuard: oauth2ConfigSchema,
  },

  async getAuthorizationUri(config, input) {
    return buildOAuth2AuthorizationUri(settingsOf(config), input);
  },

  async getUserInfo(config, data, session) {
    const { code } = readAuthorizationResponse(data, session);
    const tokenBody = await exchangeCode(settingsOf(config), code, session);
    const profile = await fetchProfile(config.userInfoEndpoint, tokenBody.access_token);
    return mapProfile(profile, config.profileMap, toSocialTokens(tokenBody));
  },
};
