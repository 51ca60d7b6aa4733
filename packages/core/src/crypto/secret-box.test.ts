import { randomBytes } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { deriveKey, safeEqual, SecretBox } from './secret-box.js';

const key = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const box = new SecretBox(key);

describe('SecretBox', () => {
  it('round-trips a secret in the same context', () => {
    const sealed = box.seal('client-secret-123', 'tenant:default/applications/app1');
    expect(box.open(sealed, 'tenant:default/applications/app1')).toBe('client-secret-123');
  });

  it('round-trips empty and non-ASCII plaintext', () => {
    expect(box.open(box.seal('', 'ctx'), 'ctx')).toBe('');
    expect(box.open(box.seal('pässwörd 🔑 密码', 'ctx'), 'ctx')).toBe('pässwörd 🔑 密码');
  });

  it('produces v1.<iv>.<body> without the plaintext in it', () => {
    const sealed = box.seal('super-secret-value', 'ctx');
    const [version, iv, body, ...rest] = sealed.split('.');
    expect(version).toBe('v1');
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    // Ciphertext (same length as the plaintext) plus a 16-byte GCM tag.
    expect(Buffer.from(body!, 'base64url')).toHaveLength('super-secret-value'.length + 16);
    expect(rest).toEqual([]);
    expect(sealed).not.toContain('super-secret-value');
  });

  it('refuses to open in a different context', () => {
    const sealed = box.seal('secret', 'tenant:a');
    expect(() => box.open(sealed, 'tenant:b')).toThrow();
  });

  it('refuses to open with a different key', () => {
    const sealed = box.seal('secret', 'ctx');
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'ctx')).toThrow();
  });

  it('refuses tampered ciphertext', () => {
    const sealed = box.seal('secret', 'ctx');
    const [version, iv, body] = sealed.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    expect(() => box.open(`${version}.${iv}.${bytes.toString('base64url')}`, 'ctx')).toThrow();
  });

  it('refuses a tampered authentication tag', () => {
    const sealed = box.seal('secret', 'ctx');
    const [version, iv, body] = sealed.split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x80;
    expect(() => box.open(`${version}.${iv}.${bytes.toString('base64url')}`, 'ctx')).toThrow();
  });

  it('refuses a tampered IV', () => {
    const sealed = box.seal('secret', 'ctx');
    const [version, iv, body] = sealed.split('.');
    const ivBytes = Buffer.from(iv!, 'base64url');
    ivBytes[0] = ivBytes[0]! ^ 0x01;
    expect(() => box.open(`${version}.${ivBytes.toString('base64url')}.${body}`, 'ctx')).toThrow();
  });

  it('rejects values that are not sealed secrets', () => {
    expect(() => box.open('plain-text', 'ctx')).toThrow('Not a sealed secret.');
    expect(() => box.open('v2.aaaa.bbbb', 'ctx')).toThrow('Not a sealed secret.');
    expect(() => box.open('v1..bbbb', 'ctx')).toThrow('Not a sealed secret.');
  });

  it('seals the same plaintext differently each time', () => {
    const first = box.seal('same', 'ctx');
    const second = box.seal('same', 'ctx');
    expect(first).not.toBe(second);
    expect(first.split('.')[1]).not.toBe(second.split('.')[1]);
    expect(box.open(first, 'ctx')).toBe('same');
    expect(box.open(second, 'ctx')).toBe('same');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SecretBox(randomBytes(16))).toThrow('SecretBox needs a 32-byte key.');
    expect(() => new SecretBox(randomBytes(33))).toThrow('SecretBox needs a 32-byte key.');
  });
});

describe('deriveKey', () => {
  const raw = Buffer.from(Array.from({ length: 32 }, (_, index) => index * 7 + 3));

  it('uses a 32-byte hex key as-is', () => {
    expect(deriveKey(raw.toString('hex')).equals(raw)).toBe(true);
  });

  it('uses a 32-byte base64url key as-is', () => {
    const encoded = raw.toString('base64url');
    expect(encoded).toHaveLength(43);
    expect(deriveKey(encoded).equals(raw)).toBe(true);
  });

  it('uses a 32-byte padded base64 key as-is', () => {
    const encoded = raw.toString('base64');
    expect(encoded).toMatch(/=$/);
    expect(deriveKey(encoded).equals(raw)).toBe(true);
  });

  it('uses a random 32-byte key as-is in every encoding', () => {
    for (let round = 0; round < 20; round += 1) {
      const bytes = randomBytes(32);
      for (const encoding of ['hex', 'base64url', 'base64'] as const) {
        expect(deriveKey(bytes.toString(encoding)).equals(bytes)).toBe(true);
      }
    }
  });

  it('derives a 32-byte key from a long passphrase, deterministically', () => {
    const passphrase = 'correct horse battery staple, but longer';
    const first = deriveKey(passphrase);
    expect(first).toHaveLength(32);
    expect(deriveKey(passphrase).equals(first)).toBe(true);
    expect(first.equals(Buffer.from(passphrase).subarray(0, 32))).toBe(false);
  });

  it('derives different keys from different passphrases', () => {
    const a = deriveKey('a passphrase that is long enough!!');
    const b = deriveKey('a passphrase that is long enough!?');
    expect(a.equals(b)).toBe(false);
  });

  it('accepts a passphrase of exactly 32 characters', () => {
    expect(deriveKey('p'.repeat(32))).toHaveLength(32);
  });

  it.each(['', 'short', 'p'.repeat(31), raw.toString('hex').slice(0, 30)])('rejects the short secret %j', (secret) => {
    expect(() => deriveKey(secret)).toThrow(
      'SECRET_KEY must be at least 32 characters, or 32 bytes encoded as base64 or hex.',
    );
  });

  it('produces a key a SecretBox can use', () => {
    const derived = new SecretBox(deriveKey('a passphrase that is long enough!!'));
    expect(derived.open(derived.seal('x', 'ctx'), 'ctx')).toBe('x');
  });
});

describe('safeEqual', () => {
  it('is true for equal strings', () => {
    expect(safeEqual('abc123', 'abc123')).toBe(true);
    expect(safeEqual('', '')).toBe(true);
  });

  it('is false for different strings of the same length', () => {
    expect(safeEqual('abc123', 'abc124')).toBe(false);
    expect(safeEqual('Abc123', 'abc123')).toBe(false);
  });

  it('is false (and does not throw) for different lengths', () => {
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('abcd', 'abc')).toBe(false);
    expect(safeEqual('', 'a')).toBe(false);
  });

  it('compares bytes, not UTF-16 units', () => {
    // Same string length, different UTF-8 byte lengths.
    expect(safeEqual('é', 'e')).toBe(false);
    expect(safeEqual('é', 'é')).toBe(true);
  });
});
