import { importPKCS8, SignJWT } from 'jose';

import { ConnectorError } from '../../kit/errors.js';
import { type AppleConfig } from './config.js';

const appleAudience = 'https://appleid.apple.com';

/**
 * Apple's client secret is an ES256 JWT signed with the developer's key. Apple accepts up to six
 * months of validity; each sign-in makes a fresh one that lives five minutes.
 */
export const createAppleClientSecret = async (config: Pick<AppleConfig, 'clientId' | 'teamId' | 'keyId' | 'privateKey'>) => {
  let key: CryptoKey;
  try {
    key = await importPKCS8(config.privateKey, 'ES256');
  } catch {
    throw new ConnectorError('invalid_config', 'The private key is not a PKCS #8 P-256 key.');
  }
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: config.keyId })
    .setIssuer(config.teamId)
    .setSubject(config.clientId)
    .setAudience(appleAudience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
};
