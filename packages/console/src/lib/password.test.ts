import { PasswordPolicyChecker } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { generatePassword } from './password.js';

describe('generatePassword', () => {
  it('makes 16-character passwords with all four character types that the default policy accepts', () => {
    const checker = new PasswordPolicyChecker({});
    for (let run = 0; run < 200; run += 1) {
      const password = generatePassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
      expect(password).toMatch(/[^\dA-Za-z]/);
      expect(checker.checkSync(password)).toEqual([]);
    }
  });

  it('honours a longer minimum length', () => {
    expect(generatePassword({ length: { min: 24, max: 64 } })).toHaveLength(24);
  });

  it('uses the random source it is given', () => {
    const random = (count: number) => Uint32Array.from({ length: count }, (_, index) => index * 7 + 3);
    expect(generatePassword({}, random)).toBe(generatePassword({}, random));
  });

  it('gives up on a policy no password can meet', () => {
    // Four character types cannot fit in three characters: the policy itself is refused.
    expect(() => generatePassword({ length: { min: 1, max: 3 }, characterTypes: { min: 4 } })).toThrow(/each character type takes a character/);
    // A banned word that every password of the only allowed length holds.
    expect(() => generatePassword({ length: { min: 4, max: 4 }, characterTypes: { min: 1 }, rejects: { words: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x', 'y', 'z'] } })).toThrow(/password policy/);
  });
});
