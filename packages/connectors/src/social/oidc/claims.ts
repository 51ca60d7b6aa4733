import { type SocialUserInfo, type SocialTokens } from '../../kit/types.js';
import { asBoolean, asText, compact } from '../claims.js';
import { ConnectorError } from '../../kit/errors.js';

/** Standard OIDC claims to the connector profile: sub, email, email_verified, phone_number, name, picture. */
export const mapStandardClaims = (claims: Record<string, unknown>, tokens?: SocialTokens): SocialUserInfo => {
  const id = asText(claims.sub);
  if (!id) {
    throw new ConnectorError('invalid_response', 'The provider returned no subject (sub).');
  }
  return compact({
    id,
    email: asText(claims.email),
    emailVerified: asBoolean(claims.email_verified),
    phone: asText(claims.phone_number),
    name: asText(claims.name),
    avatar: asText(claims.picture),
    rawData: claims,
    tokens,
  });
};
