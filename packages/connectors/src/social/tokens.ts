import { type SocialTokens } from '../kit/types.js';
import { compact } from './claims.js';

type TokenResponse = {
  access_token?: unknown;
  refresh_token?: unknown;
  id_token?: unknown;
  expires_in?: unknown;
  scope?: unknown;
};

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

export const toSocialTokens = (response: TokenResponse, now = Date.now()): SocialTokens => {
  const expiresIn = Number(response.expires_in);
  return compact<SocialTokens>({
    accessToken: text(response.access_token),
    refreshToken: text(response.refresh_token),
    idToken: text(response.id_token),
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? now + expiresIn * 1000 : undefined,
    scope: text(response.scope),
  });
};
