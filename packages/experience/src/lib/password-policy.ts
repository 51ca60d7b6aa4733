export type PasswordPolicyLike = { length: { min: number; max: number }; characterTypes: { min: number } };

/** How many of lowercase, uppercase, digits and symbols the password mixes. */
export const countCharacterTypes = (password: string): number =>
  [/[a-z]/, /[A-Z]/, /\d/, /[^\dA-Za-z]/].filter((pattern) => pattern.test(password)).length;

export type PasswordProblem =
  | { code: 'too_short'; min: number }
  | { code: 'too_long'; max: number }
  | { code: 'character_types'; min: number };

/**
 * The policy rules the browser can check before asking the server (length and character types);
 * the server still checks everything (breached passwords, sequences, user info, words).
 */
export const checkPasswordPolicy = (password: string, policy: PasswordPolicyLike): PasswordProblem[] => {
  const problems: PasswordProblem[] = [];
  // Length in code points, as a user counts characters.
  const length = [...password].length;
  if (length < policy.length.min) {
    problems.push({ code: 'too_short', min: policy.length.min });
  }
  if (length > policy.length.max) {
    problems.push({ code: 'too_long', max: policy.length.max });
  }
  if (countCharacterTypes(password) < policy.characterTypes.min) {
    problems.push({ code: 'character_types', min: policy.characterTypes.min });
  }
  return problems;
};
