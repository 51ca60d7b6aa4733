import { createPrivateKey, createPublicKey, type KeyObject, sign } from 'node:crypto';

import type { SigningKeyAlgorithm } from '@gatehouse/schemas';
import { ExternalSigningKey } from 'oidc-provider';

/**
 * A signing key that signs with node:crypto on the calling thread. oidc-provider's default path
 * signs through WebCrypto, which hops to the libuv thread pool for every token; on the token
 * endpoint that round trip costs more than the signature itself.
 */
export class NodeSigningKey extends ExternalSigningKey {
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  readonly #kid: string;
  readonly #algorithm: SigningKeyAlgorithm;

  constructor(pem: string, kid: string, algorithm: SigningKeyAlgorithm) {
    super();
    this.#kid = kid;
    this.#algorithm = algorithm;
    this.#privateKey = createPrivateKey(pem);
    this.#publicKey = createPublicKey(this.#privateKey);
  }

  override get kid(): string {
    return this.#kid;
  }

  override get alg(): string {
    return this.#algorithm;
  }

  /** Only the public half is handed out (for the JWKS document). */
  override keyObject(): KeyObject {
    return this.#publicKey;
  }

  override sign(data: Uint8Array): Uint8Array {
    return this.#algorithm === 'ES256'
      ? sign('sha256', data, { key: this.#privateKey, dsaEncoding: 'ieee-p1363' })
      : sign('sha256', data, this.#privateKey);
  }
}
