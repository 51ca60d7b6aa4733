import { PasswordPolicyChecker, type PasswordPolicyInput } from '@gatehouse/schemas';

/**
 * Generates a password for a new user or a reset (shown once, copied by the administrator): 16
 * characters mixing all four character types, re-drawn until the tenant's policy accepts it (the
 * breach check excepted: a fresh random password is not in a breach corpus).
 */
const sets = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_'] as const;

export type RandomSource = (count: number) => Uint32Array;

const cryptoRandom: RandomSource = (count) => crypto.getRandomValues(new Uint32Array(count));

const pick = (alphabet: string, value: number) => alphabet[value % alphabet.length]!;

export const generatePassword = (
  policy: PasswordPolicyInput = {},
  random: RandomSource = cryptoRandom,
  length = 16,
): string => {
  const checker = new PasswordPolicyChecker(policy);
  const size = Math.min(Math.max(length, checker.policy.length.min, sets.length), checker.policy.length.max);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const values = random(size * 2);
    // One of each type, the rest from all of them, then shuffled (Fisher-Yates).
    const characters = sets.map((alphabet, index) => pick(alphabet, values[index]!));
    const all = sets.join('');
    for (let index = characters.length; index < size; index += 1) {
      characters.push(pick(all, values[index]!));
    }
    for (let index = characters.length - 1; index > 0; index -= 1) {
      const swap = values[size + index]! % (index + 1);
      [characters[index], characters[swap]] = [characters[swap]!, characters[index]!];
    }
    const password = characters.join('');
    if (checker.checkSync(password).length === 0) {
      return password;
    }
  }
  throw new Error('Could not generate a password that fits the password policy.');
};
