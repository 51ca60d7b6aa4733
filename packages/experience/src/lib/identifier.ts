/** The kinds of identifier a user can type into a sign-in or registration field. */
export type IdentifierType = 'username' | 'email' | 'phone';

export const identifierOrder: readonly IdentifierType[] = ['username', 'email', 'phone'];

/** Non-space text, an at sign, then non-space text containing a dot (spec §5). */
export const emailPattern = /^\S+@\S+\.\S+$/;

/** What the user typed, read loosely: an at sign means email, digits (with +, spaces, dashes, dots, parentheses) a phone number. */
export const detectIdentifierType = (value: string): IdentifierType => {
  const trimmed = value.trim();
  if (trimmed.includes('@')) {
    return 'email';
  }
  if (/\d/.test(trimmed) && /^\+?[\d\s().-]+$/.test(trimmed)) {
    return 'phone';
  }
  return 'username';
};

/**
 * Which of the enabled identifier types the value is, or undefined when it is none of them (an
 * email typed where only usernames are accepted). An all-digit value counts as a username when
 * phone numbers are not enabled.
 */
export const matchIdentifierType = (value: string, enabled: readonly IdentifierType[]): IdentifierType | undefined => {
  const detected = detectIdentifierType(value);
  if (enabled.includes(detected)) {
    return detected;
  }
  if (detected === 'phone' && enabled.includes('username')) {
    return 'username';
  }
  return undefined;
};

/**
 * Phone numbers are sent as digits only (spec §5), with the country code first: `+49 151 …` and
 * `0049 151 …` (00, the international call prefix) are the same number, `49151…`. Other values
 * are trimmed.
 */
export const normalizeIdentifier = (type: IdentifierType, value: string): string =>
  type === 'phone' ? value.replace(/\D/g, '').replace(/^00(?=[1-9])/, '') : value.trim();

/**
 * A stored or sent identifier as a field shows it again (back from the code step, after a reload):
 * a phone number, kept as digits with its country code, with a plus, so that it is not read as a
 * national number of the picked country.
 */
export const identifierFieldText = (identifier: { type: IdentifierType; value: string }): string =>
  identifier.type === 'phone' && /^\d+$/.test(identifier.value) ? `+${identifier.value}` : identifier.value;

/**
 * Whether the field shows the phone country picker: always where only phone numbers are accepted,
 * else once what was typed reads as a phone number (digits, maybe after `+`).
 */
export const showsCountryPicker = (value: string, types: readonly IdentifierType[]): boolean =>
  types.includes('phone') &&
  (types.every((type) => type === 'phone') || (value.trim() !== '' && matchIdentifierType(value, types) === 'phone'));

/** Whether the value is acceptable for the type before asking the server. */
export const isValidIdentifier = (type: IdentifierType, value: string): boolean => {
  const normalized = normalizeIdentifier(type, value);
  if (type === 'email') {
    return emailPattern.test(normalized);
  }
  if (type === 'phone') {
    return normalized.length >= 5 && normalized.length <= 20;
  }
  return normalized.length > 0;
};

/** Phrase key of the field label for a set of identifier types ("Username or email"). */
export type IdentifierLabelKey =
  | 'field.username'
  | 'field.email'
  | 'field.phone'
  | 'field.username_or_email'
  | 'field.username_or_phone'
  | 'field.email_or_phone'
  | 'field.username_email_or_phone';

const labelKeys: Record<string, IdentifierLabelKey> = {
  username: 'field.username',
  email: 'field.email',
  phone: 'field.phone',
  'username,email': 'field.username_or_email',
  'username,phone': 'field.username_or_phone',
  'email,phone': 'field.email_or_phone',
  'username,email,phone': 'field.username_email_or_phone',
};

const sortTypes = (types: readonly IdentifierType[]) =>
  identifierOrder.filter((type) => types.includes(type));

export const identifierLabelKey = (types: readonly IdentifierType[]): IdentifierLabelKey =>
  labelKeys[sortTypes(types).join(',')] ?? 'field.username';

/** The longest identifier the server takes (username, email or phone in the experience API). */
export const identifierMaxLength = 128;

export type IdentifierInputProps = {
  type: 'text' | 'email' | 'tel';
  inputMode: 'text' | 'email' | 'tel';
  autoComplete: 'username' | 'email' | 'tel';
  /**
   * Usernames (ASCII letters, digits, underscores), addresses and phone numbers read left to right
   * even on a right-to-left page (else Arabic shows `+1 555 0100` as `0100 555 1+`).
   */
  dir: 'ltr';
  /** The server's limit: longer cannot be typed, so its validator's text never shows. */
  maxLength: typeof identifierMaxLength;
};

/** Input type, virtual keyboard, autofill hint, direction and length limit for a field accepting these identifier types. */
export const identifierInputProps = (types: readonly IdentifierType[]): IdentifierInputProps => {
  const sorted = sortTypes(types);
  const common = { dir: 'ltr', maxLength: identifierMaxLength } as const;
  if (sorted.length === 1 && sorted[0] === 'email') {
    return { type: 'email', inputMode: 'email', autoComplete: 'email', ...common };
  }
  if (sorted.length === 1 && sorted[0] === 'phone') {
    return { type: 'tel', inputMode: 'tel', autoComplete: 'tel', ...common };
  }
  return { type: 'text', inputMode: 'text', autoComplete: 'username', ...common };
};
