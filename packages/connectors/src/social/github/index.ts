import { ConnectorError } from '../../kit/errors.js';
import { badgeLogo } from '../../kit/logo.js';
import { type SocialConnector } from '../../kit/types.js';
import { readAuthorizationResponse } from '../callback.js';
import { asText, compact } from '../claims.js';
import { buildOAuth2AuthorizationUri, exchangeCode, fetchProfile, fetchWithAccessToken, type OAuth2Settings } from '../oauth2/flow.js';
import { toSocialTokens } from '../tokens.js';
import { type GithubConfig, githubConfigSchema } from './config.js';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

const settingsOf = (config: GithubConfig): OAuth2Settings => ({
  authorizationEndpoint: `${trimSlash(config.baseUrl)}/login/oauth/authorize`,
  tokenEndpoint: `${trimSlash(config.baseUrl)}/login/oauth/access_token`,
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  tokenEndpointAuthMethod: 'client_secret_post',
  scope: config.scope,
  customParams: config.customParams,
  pkce: true,
});

const apiHeaders = {
  accept: 'application/vnd.github+json',
  'x-github-api-version': '2022-11-28',
  // The REST API refuses requests without a User-Agent.
  'user-agent': 'Gatehouse',
};

type GithubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

/** The primary email when it is verified; a failed lookup (no `user:email` scope) just means no email. */
const primaryVerifiedEmail = async (config: GithubConfig, accessToken: string) => {
  try {
    const emails = await fetchWithAccessToken(`${trimSlash(config.apiBaseUrl)}/user/emails`, accessToken, apiHeaders);
    const primary = Array.isArray(emails)
      ? (emails as GithubEmail[]).find((entry) => entry.primary === true && entry.verified === true)
      : undefined;
    return asText(primary?.email);
  } catch (error) {
    if (error instanceof ConnectorError && error.code === 'general') {
      return undefined;
    }
    throw error;
  }
};

export const githubConnector: SocialConnector<GithubConfig> = {
  type: 'Social',
  metadata: {
    id: 'github',
    target: 'github',
    platform: 'Universal',
    name: { en: 'GitHub' },
    logo: badgeLogo('#181717', 'GH'),
    logoDark: null,
    description: { en: 'Sign in with a GitHub account.' },
    configGuard: githubConfigSchema,
  },

  async getAuthorizationUri(config, input) {
    return buildOAuth2AuthorizationUri(settingsOf(config), input);
  },

  async getUserInfo(config, data, session) {
    const { code } = readAuthorizationResponse(data, session);
    const tokenBody = await exchangeCode(settingsOf(config), code, session);
    const profile = await fetchProfile(`${trimSlash(config.apiBaseUrl)}/user`, tokenBody.access_token, apiHeaders);
    const id = asText(profile.id);
    if (!id) {
      throw new ConnectorError('invalid_response', 'The GitHub profile has no id.');
    }
    // The profile's email is the user's public one; only the emails list says whether it was verified.
    const profileEmail = asText(profile.email);
    const verifiedEmail = profileEmail ? undefined : await primaryVerifiedEmail(config, tokenBody.access_token);
    return compact({
      id,
      email: profileEmail ?? verifiedEmail,
      emailVerified: verifiedEmail ? true : undefined,
      name: asText(profile.name) ?? asText(profile.login),
      avatar: asText(profile.avatar_url),
      rawData: profile,
      tokens: toSocialTokens(tokenBody),
    });
  },
};
