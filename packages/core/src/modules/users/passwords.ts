import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { verify as bcryptVerify } from '@node-rs/bcrypt';
import type { PasswordEncryptionMethod } from '@gatehouse/schemas';
import pLimit from 'p-limit';

// `Algorithm` is an ambient const enum, which verbatimModuleSyntax forbids reading as a value; the annotation
// still makes tsc check this literal against the library's declared Argon2id member.
const argon2id: Algorithm.Argon2id = 2;

/** OWASP Password Storage Cheat Sheet minimum for Argon2id: 19 MiB, 2 passes, 1 lane. */
const argon2Options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const currentPhcPrefix = '$argon2id$v=19$m=19456,t=2,p=1$';

export interface StoredPassword {
  passwordEncrypted: string;
  passwordEncryptionMethod: PasswordEncryptionMethod;
}

export interface PasswordVerification {
  valid: boolean;
  needsRehash: boolean;
}

const invalid: PasswordVerification = { valid: false, needsRehash: false };

/*
 * Each Argon2 call holds 19 MiB and ~10 ms of CPU on a libuv worker (Bcrypt: its cost in CPU). Unbounded, a burst
 * of sign-ins fills the whole pool, starving fs/dns/zlib work and multiplying memory; queue them here instead.
 */
const limit = pLimit(availableParallelism());

/** Slow-hash operations running or waiting for a slot (for metrics). */
export const passwordQueueSize = (): number => limit.activeCount + limit.pendingCount;

export const hashPassword = async (
  password: string,
): Promise<{ passwordEncrypted: string; passwordEncryptionMethod: 'Argon2id' }> => ({
  passwordEncrypted: await limit(() => argon2Hash(password, argon2Options)),
  passwordEncryptionMethod: 'Argon2id',
});

const argon2Prefixes = { argon2i: '$argon2i$', argon2id: '$argon2id$', argon2d: '$argon2d$' } as const;
type Argon2Variant = keyof typeof argon2Prefixes;

const verifyArgon2 = async (variant: Argon2Variant, phc: string, password: string): Promise<boolean> => {
  // The library picks the variant from the string; a hash declared as one variant must not pass as another.
  if (!phc.startsWith(argon2Prefixes[variant])) {
    return false;
  }
  try {
    return await limit(() => argon2Verify(phc, password));
  } catch {
    // Malformed PHC string.
    return false;
  }
};

const verifyBcrypt = async (encoded: string, password: string): Promise<boolean> => {
  if (!/^\$2[aby]\$/.test(encoded)) {
    return false;
  }
  try {
    return await limit(() => bcryptVerify(password, encoded));
  } catch {
    return false;
  }
};

const digestAlgorithms = { md5: 'md5', sha1: 'sha1', sha256: 'sha256', sha512: 'sha512' } as const;
type DigestAlgorithm = keyof typeof digestAlgorithms;

/** Constant-time comparison of a computed lowercase hex digest with a stored hex string of any case. */
const hexDigestMatches = (algorithm: DigestAlgorithm, input: string, expectedHex: string): boolean => {
  const actual = Buffer.from(createHash(digestAlgorithms[algorithm]).update(input, 'utf8').digest('hex'), 'latin1');
  const expected = Buffer.from(expectedHex.toLowerCase(), 'utf8');
  // The length only reveals which algorithm is in use, never anything about the password.
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

const isLegacyAlgorithm = (value: string): value is DigestAlgorithm | 'argon2i' | 'argon2id' =>
  Object.hasOwn(digestAlgorithms, value) || value === 'argon2i' || value === 'argon2id';

/** `[algorithm, args, expected]`, where each "@" in args stands for the password (imported from older systems). */
const verifyLegacy = async (encoded: string, password: string): Promise<boolean> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(encoded);
  } catch {
    return false;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) {
    return false;
  }
  const [algorithm, args, expected] = parsed as unknown[];
  if (
    typeof algorithm !== 'string' ||
    !isLegacyAlgorithm(algorithm) ||
    typeof expected !== 'string' ||
    !Array.isArray(args) ||
    !args.every((arg): arg is string => typeof arg === 'string')
  ) {
    return false;
  }
  const input = args.map((arg) => (arg === '@' ? password : arg)).join('');
  if (algorithm === 'argon2i' || algorithm === 'argon2id') {
    return verifyArgon2(algorithm, expected, input);
  }
  return hexDigestMatches(algorithm, input, expected);
};

const check = (method: PasswordEncryptionMethod, encoded: string, password: string): Promise<boolean> | boolean => {
  switch (method) {
    case 'Argon2i':
      return verifyArgon2('argon2i', encoded, password);
    case 'Argon2id':
      return verifyArgon2('argon2id', encoded, password);
    case 'Argon2d':
      return verifyArgon2('argon2d', encoded, password);
    case 'Bcrypt':
      return verifyBcrypt(encoded, password);
    case 'SHA1':
      return hexDigestMatches('sha1', password, encoded);
    case 'SHA256':
      return hexDigestMatches('sha256', password, encoded);
    case 'MD5':
      return hexDigestMatches('md5', password, encoded);
    case 'Legacy':
      return verifyLegacy(encoded, password);
    default:
      return false;
  }
};

export const verifyPassword = async (password: string, stored: StoredPassword): Promise<PasswordVerification> => {
  const { passwordEncrypted, passwordEncryptionMethod } = stored;
  if (!(await check(passwordEncryptionMethod, passwordEncrypted, password))) {
    return invalid;
  }
  return {
    valid: true,
    needsRehash: passwordEncryptionMethod !== 'Argon2id' || !passwordEncrypted.startsWith(currentPhcPrefix),
  };
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends one real Argon2id verification on an unknown identifier, so a failed sign-in takes as long whether or
 * not the user exists. The first call also pays for creating the dummy hash.
 */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url')).then(
    ({ passwordEncrypted }) => passwordEncrypted,
    (error: unknown) => {
      dummyHash = undefined;
      throw error;
    },
  );
  await verifyArgon2('argon2id', await dummyHash, password);
  return false;
};
