import type { IdentifierType } from './identifier.js';

export type SignInMethodLike = {
  identifier: IdentifierType;
  password: boolean;
  verificationCode: boolean;
  isPasswordPrimary: boolean;
};

export type SignInMode = 'password' | 'code';

/**
 * How the sign-in form verifies the identifier: the method's primary way, or the other one when the
 * user chose "instead" and the method allows it.
 */
export const signInModeFor = (method: SignInMethodLike, preferred?: SignInMode): SignInMode => {
  if (preferred === 'code' && method.verificationCode) {
    return 'code';
  }
  if (preferred === 'password' && method.password) {
    return 'password';
  }
  if (method.password && (method.isPasswordPrimary || !method.verificationCode)) {
    return 'password';
  }
  return method.verificationCode ? 'code' : 'password';
};

/** The alternative offered as a link ("Sign in with a verification code instead"), if any. */
export const alternativeModeFor = (method: SignInMethodLike, mode: SignInMode): SignInMode | undefined => {
  if (mode === 'password' && method.verificationCode) {
    return 'code';
  }
  if (mode === 'code' && method.password) {
    return 'password';
  }
  return undefined;
};

/**
 * The identifier types the sign-in field accepts: every method's, or, once the user chose a way to
 * verify ("Sign in with a verification code instead"), only the methods that allow it. The field's
 * label names these and nothing else.
 */
export const identifierTypesFor = (methods: readonly SignInMethodLike[], preferred?: SignInMode): IdentifierType[] => {
  const fitting = preferred
    ? methods.filter((method) => (preferred === 'code' ? method.verificationCode : method.password))
    : methods;
  return (fitting.length > 0 ? fitting : methods).map((method) => method.identifier);
};
