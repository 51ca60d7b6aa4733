import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const version = 'v1';

/**
 * Derives the 32-byte key-encryption key from SECRET_KEY. A value that decodes to exactly 32 bytes
 * (base64, base64url or hex) is used as-is; any other value of at least 32 characters goes through
 * HKDF-SHA256, so a long passphrase works too.
 */
export const deriveKey = (secret: string): Buffer => {
  for (const encoding of ['hex', 'base64url', 'base64'] as const) {
    const decoded = Buffer.from(secret, encoding);
    if (decoded.length === 32 && decoded.toString(encoding).replace(/=+$/, '') === secret.replace(/=+$/, '')) {
      return decoded;
    }
  }
  if (secret.length < 32) {
    throw new Error('SECRET_KEY must be at least 32 characters, or 32 bytes encoded as base64 or hex.');
  }
  return Buffer.from(hkdfSync('sha256', secret, 'gatehouse', 'secret-key-encryption', 32));
};

/**
 * AES-256-GCM encryption for secrets at rest. `context` is bound as additional authenticated data,
 * so a ciphertext copied to another tenant or column fails to open instead of leaking.
 */
export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) {
      throw new Error('SecretBox needs a 32-byte key.');
    }
    this.#key = key;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${version}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string, context: string): string {
    const [tag, ivText, bodyText] = sealed.split('.');
    if (tag !== version || !ivText || !bodyText) {
      throw new Error('Not a sealed secret.');
    }
    const body = Buffer.from(bodyText, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(ivText, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(body.subarray(body.length - 16));
    return Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]).toString('utf8');
  }
}

/** Constant-time string equality (length is not secret here: secrets have a fixed length). */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
