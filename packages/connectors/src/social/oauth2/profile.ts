import { ConnectorError } from '../../kit/errors.js';
import { type SocialTokens, type SocialUserInfo } from '../../kit/types.js';
import { asBoolean, asText, compact, readPath } from '../claims.js';
import { type ProfileMap } from './config.js';

export const mapProfile = (profile: Record<string, unknown>, map: ProfileMap, tokens?: SocialTokens): SocialUserInfo => {
  const id = asText(readPath(profile, map.id));
  if (!id) {
    throw new ConnectorError('invalid_response', `The profile has no id at "${map.id}".`);
  }
  return compact({
    id,
    email: asText(readPath(profile, map.email)),
    emailVerified: map.emailVerified ? asBoolean(readPath(profile, map.emailVerified)) : undefined,
    phone: map.phone ? asText(readPath(profile, map.phone)) : undefined,
    name: asText(readPath(profile, map.name)),
    avatar: asText(readPath(profile, map.avatar)),
    rawData: profile,
    tokens,
  });
};
