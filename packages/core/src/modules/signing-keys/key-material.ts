import { createHash, generateKeyPairSync, randomBytes, type JsonWebKey } from 'node:crypto';

import type { SigningKeyAlgorithm } from '@gatehouse/schemas';

export type GeneratedKey = { id: string; algorithm: SigningKeyAlgorithm; privatePem: string; publicJwk: JsonWebKey };

/** RFC 7638 thumbprint, used as the key id. */
const thumbprint = (jwk: JsonWebKey) => {
  const members =
    jwk.kty === 'EC' ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y } : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
};

export const generateSigningKey = (algorithm: SigningKeyAlgorithm): GeneratedKey => {
  const { privateKey, publicKey } =
    algorithm === 'ES256'
      ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicJwk = publicKey.export({ format: 'jwk' });
  return {
    id: thumbprint(publicJwk),
    algorithm,
    privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    publicJwk: { ...publicJwk, kid: thumbprint(publicJwk), alg: algorithm, use: 'sig' },
  };
};

export const generateCookieKey = () => ({ id: randomBytes(8).toString('hex'), secret: randomBytes(32).toString('base64url') });
