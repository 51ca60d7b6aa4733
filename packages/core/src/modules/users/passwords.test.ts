import { availableParallelism } from 'node:os';

import type { PasswordEncryptionMethod } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { hashPassword, passwordQueueSize, verifyAgainstDummy, verifyPassword } from './passwords.js';

/*
 * Every expected value below was produced outside this code base:
 * - MD5/SHA-1/SHA-256/SHA-512 digests: coreutils, e.g. `printf 'password' | sha1sum`.
 * - Bcrypt: libxcrypt (Openwall crypt_blowfish) via Python's `crypt.crypt(password, '$2b$04$<22-char salt>')`;
 *   `U*U` is the published crypt_blowfish / OpenBSD test vector.
 * - Argon2: the reference implementation's CLI (Debian package `argon2`, phc-winner-argon2 20171227), e.g.
 *   `printf 'correct horse battery staple' | argon2 gatehouse-salt-01 -id -t 2 -k 19456 -p 1 -l 32 -e`.
 */
const password = 'correct horse battery staple';
const wrong = 'correct horse battery stapler';

const vectors = {
  // argon2 … -id -t 2 -k 19456 -p 1 (the current policy)
  argon2idCurrent:
    '$argon2id$v=19$m=19456,t=2,p=1$Z2F0ZWhvdXNlLXNhbHQtMDE$Xg1fZegjD0tYYIeUhvYYl0M0NE1YexISUpS5Vth8nLE',
  // argon2 … -id -t 3 -k 4096 -p 1
  argon2idWeak: '$argon2id$v=19$m=4096,t=3,p=1$Z2F0ZWhvdXNlLXNhbHQtMDE$G2T71BwXbrP5llAkUyOe+VRWih/e9NbCCaACU0nQWuo',
  // argon2 … -id -t 2 -k 19456 -p 1 -v 10 (Argon2 version 1.0)
  argon2idV16:
    '$argon2id$v=16$m=19456,t=2,p=1$Z2F0ZWhvdXNlLXNhbHQtMDE$KpHxNFrPlS/uVE22Epq5Ofh88LrIE4WbfmanxGDRZKc',
  // argon2 … -i -t 3 -k 4096 -p 1
  argon2i: '$argon2i$v=19$m=4096,t=3,p=1$Z2F0ZWhvdXNlLXNhbHQtMDE$a2quUh3VKwRZqcVCVt3O1kEECyieQlknyR3Y4+Vk50o',
  // argon2 … -d -t 3 -k 4096 -p 1
  argon2d: '$argon2d$v=19$m=4096,t=3,p=1$Z2F0ZWhvdXNlLXNhbHQtMDE$SieEeKKPgV89lIRQgf1mHQeWnDTA6Lehwrj7Fykn8S0',
  bcrypt2b: '$2b$04$GatehouseBcryptSaltTeeJXoVMa.Fm6RUXTSNkGORTqVxoXyMtnq',
  bcrypt2a: '$2a$05$abcdefghijklmnopqrstuuFiPhXf1sVd3pCCRO.uVh34H/qI/ZsuS',
  bcrypt2y: '$2y$04$ZyxwvutsrqponmlkjihgfePdbq.43o/zu9zhlrqeXOo5CQeCuUnOy',
  // Published crypt_blowfish (wrapper.c) / OpenBSD vector for the password 'U*U'.
  bcryptPublished: '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW',
};

const verify = (pw: string, method: PasswordEncryptionMethod, passwordEncrypted: string) =>
  verifyPassword(pw, { passwordEncryptionMethod: method, passwordEncrypted });

const legacy = (algorithm: string, args: unknown, expected: string) => JSON.stringify([algorithm, args, expected]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};

describe('unsalted digests', () => {
  const digests: [PasswordEncryptionMethod, string][] = [
    ['MD5', '5f4dcc3b5aa765d61d8327deb882cf99'],
    ['SHA1', '5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8'],
    ['SHA256', '5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8'],
  ];

  it.each(digests)('%s accepts the right password and asks for a rehash', async (method, hex) => {
    await expect(verify('password', method, hex)).resolves.toEqual({ valid: true, needsRehash: true });
  });

  it.each(digests)('%s rejects a wrong password', async (method, hex) => {
    await expect(verify('Password', method, hex)).resolves.toEqual({ valid: false, needsRehash: false });
    await expect(verify('', method, hex)).resolves.toEqual({ valid: false, needsRehash: false });
  });

  it.each(digests)('%s accepts uppercase hex', async (method, hex) => {
    await expect(verify('password', method, hex.toUpperCase())).resolves.toEqual({ valid: true, needsRehash: true });
  });

  it('rejects a digest of another length or a garbage value without throwing', async () => {
    await expect(verify('password', 'SHA256', '5f4dcc3b5aa765d61d8327deb882cf99')).resolves.toMatchObject({ valid: false });
    await expect(verify('password', 'MD5', '5f4dcc3b5aa765d61d8327deb882cf9')).resolves.toMatchObject({ valid: false });
    await expect(verify('password', 'SHA1', '')).resolves.toMatchObject({ valid: false });
  });

  it('hashes the UTF-8 bytes of the password', async () => {
    // printf 'héllo wörld' | sha256sum
    const hex = 'a1003f7d04a4115711d0b48a2eaf1359ce565d2d2a6fd65098dfcffadeeef59f';
    await expect(verify('héllo wörld', 'SHA256', hex)).resolves.toMatchObject({ valid: true });
  });
});

describe('Bcrypt', () => {
  it.each([
    ['$2b$', vectors.bcrypt2b],
    ['$2a$', vectors.bcrypt2a],
    ['$2y$', vectors.bcrypt2y],
  ])('verifies a %s hash from libxcrypt and asks for a rehash', async (_prefix, encoded) => {
    await expect(verify(password, 'Bcrypt', encoded)).resolves.toEqual({ valid: true, needsRehash: true });
    await expect(verify(wrong, 'Bcrypt', encoded)).resolves.toEqual({ valid: false, needsRehash: false });
  });

  it('verifies the published U*U vector', async () => {
    await expect(verify('U*U', 'Bcrypt', vectors.bcryptPublished)).resolves.toMatchObject({ valid: true });
    await expect(verify('U*V', 'Bcrypt', vectors.bcryptPublished)).resolves.toMatchObject({ valid: false });
  });

  it('rejects malformed or non-bcrypt strings without throwing', async () => {
    await expect(verify(password, 'Bcrypt', '$2b$04$short')).resolves.toMatchObject({ valid: false });
    await expect(verify(password, 'Bcrypt', vectors.argon2idCurrent.replace('argon2id', '2b'))).resolves.toMatchObject({ valid: false });
    await expect(verify(password, 'Bcrypt', '')).resolves.toMatchObject({ valid: false });
  });
});

describe('Argon2', () => {
  it.each([
    ['Argon2i', vectors.argon2i],
    ['Argon2d', vectors.argon2d],
    ['Argon2id', vectors.argon2idWeak],
  ] as const)('verifies a reference-implementation %s hash', async (method, encoded) => {
    await expect(verify(password, method, encoded)).resolves.toEqual({ valid: true, needsRehash: true });
    await expect(verify(wrong, method, encoded)).resolves.toEqual({ valid: false, needsRehash: false });
  });

  it('does not ask to rehash an Argon2id hash with the current parameters', async () => {
    await expect(verify(password, 'Argon2id', vectors.argon2idCurrent)).resolves.toEqual({
      valid: true,
      needsRehash: false,
    });
  });

  it('asks to rehash an Argon2id hash of the older Argon2 version', async () => {
    await expect(verify(password, 'Argon2id', vectors.argon2idV16)).resolves.toEqual({ valid: true, needsRehash: true });
  });

  it('treats a hash whose variant differs from the declared method as invalid', async () => {
    await expect(verify(password, 'Argon2id', vectors.argon2i)).resolves.toEqual({ valid: false, needsRehash: false });
    await expect(verify(password, 'Argon2i', vectors.argon2idCurrent)).resolves.toMatchObject({ valid: false });
    await expect(verify(password, 'Argon2d', vectors.argon2i)).resolves.toMatchObject({ valid: false });
    await expect(verify(password, 'Argon2i', vectors.argon2d)).resolves.toMatchObject({ valid: false });
  });

  it('rejects malformed PHC strings without throwing', async () => {
    await expect(verify(password, 'Argon2id', '$argon2id$v=19$m=19456,t=2,p=1$bm90')).resolves.toMatchObject({ valid: false });
    await expect(verify(password, 'Argon2id', '$argon2id$garbage')).resolves.toMatchObject({ valid: false });
    await expect(verify(password, 'Argon2i', '')).resolves.toMatchObject({ valid: false });
  });
});

describe('Legacy', () => {
  it('verifies a salted sha256 with the password substituted for "@"', async () => {
    // printf 'salt123correct horse battery staple' | sha256sum
    const encoded = legacy('sha256', ['salt123', '@'], '8b9c9abcb66ecfedfc6706673cbfabe525710958544b7e3c2752e82938330289');
    await expect(verify(password, 'Legacy', encoded)).resolves.toEqual({ valid: true, needsRehash: true });
    await expect(verify(wrong, 'Legacy', encoded)).resolves.toEqual({ valid: false, needsRehash: false });
  });

  it('verifies md5, sha1 and sha512 forms, including a repeated "@"', async () => {
    // printf 'correct horse battery staple:pepper' | md5sum
    const md5 = legacy('md5', ['@', ':pepper'], 'a0b359c5cb29943a7152313fe91ee408');
    // printf 'correct horse battery staple' | sha1sum
    const sha1 = legacy('sha1', ['@'], 'abf7aad6438836dbe526aa231abde2d0eef74d42');
    // printf 'pre-correct horse battery staple-correct horse battery staple' | sha512sum
    const sha512 = legacy(
      'sha512',
      ['pre-', '@', '-', '@'],
      'c9108ddd058f2b0c15cc30aaeae94cf98331780f7881ac933f8e71b378133aa6549f1c6e00939730b1d295cf334af64552830573d1a54ccd16ec1b76c8102d78',
    );
    for (const encoded of [md5, sha1, sha512]) {
      await expect(verify(password, 'Legacy', encoded)).resolves.toEqual({ valid: true, needsRehash: true });
      await expect(verify(wrong, 'Legacy', encoded)).resolves.toEqual({ valid: false, needsRehash: false });
    }
  });

  it('verifies legacy argon2i and argon2id PHC strings, and always asks for a rehash', async () => {
    await expect(verify(password, 'Legacy', legacy('argon2i', ['@'], vectors.argon2i))).resolves.toEqual({
      valid: true,
      needsRehash: true,
    });
    // Even with the current parameters, the stored method must move from Legacy to Argon2id.
    await expect(verify(password, 'Legacy', legacy('argon2id', ['@'], vectors.argon2idCurrent))).resolves.toEqual({
      valid: true,
      needsRehash: true,
    });
    await expect(verify(wrong, 'Legacy', legacy('argon2id', ['@'], vectors.argon2idCurrent))).resolves.toMatchObject({
      valid: false,
    });
    await expect(verify(password, 'Legacy', legacy('argon2id', ['@'], vectors.argon2i))).resolves.toMatchObject({
      valid: false,
    });
  });

  it.each([
    ['malformed JSON', '["sha256", ["@"], "5e88'],
    ['not an array', '{"algorithm":"sha256"}'],
    ['JSON null', 'null'],
    ['wrong arity', JSON.stringify(['sha1', ['@']])],
    ['unknown algorithm', legacy('sha384', ['@'], '00')],
    ['uppercase algorithm', legacy('SHA1', ['@'], 'abf7aad6438836dbe526aa231abde2d0eef74d42')],
    ['prototype key as algorithm', legacy('toString', ['@'], '00')],
    ['args not an array', legacy('sha1', '@', 'abf7aad6438836dbe526aa231abde2d0eef74d42')],
    ['non-string arg', legacy('sha1', ['@', 1], 'abf7aad6438836dbe526aa231abde2d0eef74d42')],
    ['non-string expected', JSON.stringify(['sha1', ['@'], 42])],
    ['empty string', ''],
  ])('treats %s as invalid without throwing', async (_name, encoded) => {
    await expect(verify(password, 'Legacy', encoded)).resolves.toEqual({ valid: false, needsRehash: false });
  });
});

describe('hashPassword', () => {
  it('produces an OWASP-parameter Argon2id PHC string that verifies without rehash', async () => {
    const hashed = await hashPassword(password);
    expect(hashed.passwordEncryptionMethod).toBe('Argon2id');
    expect(hashed.passwordEncrypted.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    await expect(verifyPassword(password, hashed)).resolves.toEqual({ valid: true, needsRehash: false });
    await expect(verifyPassword(wrong, hashed)).resolves.toEqual({ valid: false, needsRehash: false });
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(a.passwordEncrypted).not.toBe(b.passwordEncrypted);
  });
});

describe('verifyAgainstDummy', () => {
  it('always resolves false', async () => {
    await expect(verifyAgainstDummy(password)).resolves.toBe(false);
    await expect(verifyAgainstDummy('')).resolves.toBe(false);
  });

  it('takes about as long as a real Argon2id verification', async () => {
    await verifyAgainstDummy('warm-up'); // the dummy hash is created on first use
    const stored = { passwordEncryptionMethod: 'Argon2id' as const, passwordEncrypted: vectors.argon2idCurrent };
    const dummy: number[] = [];
    const real: number[] = [];
    for (let i = 0; i < 5; i++) {
      dummy.push(await time(() => verifyAgainstDummy(wrong)));
      real.push(await time(() => verifyPassword(wrong, stored)));
    }
    const ratio = median(dummy) / median(real);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('concurrency limiter', () => {
  it('queues a burst of verifications beyond the available parallelism and drains to zero', async () => {
    const parallelism = availableParallelism();
    expect(passwordQueueSize()).toBe(0);
    const burst = Array.from({ length: 4 * parallelism }, () => verify(password, 'Argon2id', vectors.argon2idWeak));
    let peak = passwordQueueSize();
    const sampler = setInterval(() => {
      peak = Math.max(peak, passwordQueueSize());
    }, 1);
    try {
      const results = await Promise.all(burst);
      expect(results.every((result) => result.valid)).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBeGreaterThan(parallelism);
    expect(passwordQueueSize()).toBe(0);
  });
});
