import { ConnectorError, type SocialUserInfo } from '@gatehouse/connectors';
import { avatarSchema, primaryEmailSchema, primaryPhoneSchema, userNameSchema } from '@gatehouse/schemas';
import type { z } from 'zod';

/**
 * A provider's profile made to fit before it is stored anywhere (the interaction's state, then the
 * user and its identity): a provider is not bound by this tenant's rules, and what it sends must
 * neither fail a write (a 500 that would keep the user out at every sign-in) nor slip past the
 * rules the management API applies to the same fields. Limits and rules are the user schemas' own.
 */

/** The longest value a string schema allows (its `.max`). */
const maxLengthOf = (schema: z.ZodString) => {
  if (schema.maxLength === null) {
    throw new Error('The schema has no maximum length.');
  }
  return schema.maxLength;
};

const nameLimit = maxLengthOf(userNameSchema);
const phoneLimit = maxLengthOf(primaryPhoneSchema);

/** Tab, line feed, vertical tab, form feed, carriage return, next line: ordinary whitespace, kept as a space. */
const whitespaceControls = /[\t\n\v\f\r\u0085]/g;
/** The other C0 and C1 controls (NUL included), and UTF-16 surrogates that are not part of a pair. */
const unprintable = /[\p{Cc}\p{Cs}]/gu;
/** Without what PostgreSQL cannot store: NUL in `text` or `jsonb`, and unpaired surrogates in `jsonb`. */
const storable = (value: string) => value.replaceAll('\0', '').replace(/\p{Cs}/gu, '');

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** At most `max` UTF-16 code units (as zod counts), cut between characters as a reader sees them. */
const shorten = (value: string, max: number) => {
  if (value.length <= max) {
    return value;
  }
  let kept = '';
  for (const { segment } of graphemes.segment(value.slice(0, max + 1))) {
    if (kept.length + segment.length > max) {
      break;
    }
    kept += segment;
  }
  // One "character" longer than the limit (a base letter under hundreds of marks): cut between code points.
  return (kept || value.slice(0, max).replace(/\p{Cs}$/u, '')).trimEnd();
};

/** Display text: whitespace controls as spaces, other controls and unpaired surrogates removed, trimmed. */
export const cleanText = (value: string) => value.replace(whitespaceControls, ' ').replace(unprintable, '').trim();

const fitName = (value: string | undefined) => {
  const name = value === undefined ? '' : shorten(cleanText(value), nameLimit);
  return name && userNameSchema.safeParse(name).success ? name : undefined;
};

/** Trimmed, and only when the management API would take it as a primary email (never shortened: that is another address). */
const fitEmail = (value: string | undefined) => {
  const parsed = value === undefined ? undefined : primaryEmailSchema.safeParse(value.trim());
  return parsed?.success && parsed.data ? parsed.data : undefined;
};

/** Only an http(s) URL within the avatar's length, as the management API takes it. */
const fitAvatar = (value: string | undefined) => {
  const parsed = value === undefined ? undefined : avatarSchema.safeParse(value.trim());
  return parsed?.success && parsed.data ? parsed.data : undefined;
};

/** Kept in the identity's details only: clean text within a phone number's length, else left out. */
const fitPhone = (value: string | undefined) => {
  const phone = value === undefined ? '' : cleanText(value);
  return phone && phone.length <= phoneLimit ? phone : undefined;
};

const maxRawDepth = 32;

/**
 * The provider's raw profile, as faithful as storage allows: NUL characters and unpaired
 * surrogates removed from every string and key, nothing nested deeper than 32 levels.
 */
const storableJson = (value: unknown, depth = 0): unknown => {
  if (typeof value === 'string') {
    return storable(value);
  }
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' && !Number.isFinite(value) ? null : value;
  }
  if (depth >= maxRawDepth) {
    return undefined;
  }
  if (Array.isArray(value)) {
    return value.map((item) => storableJson(item, depth + 1) ?? null);
  }
  return Object.fromEntries(
    Object.entries(value)
      .map(([key, item]) => [storable(key), storableJson(item, depth + 1)] as const)
      .filter(([, item]) => item !== undefined),
  );
};

/**
 * The profile a connector returned, fitted to what users and identities hold. A subject that cannot
 * be stored as it is cannot be matched either: it is refused as an unreadable provider answer
 * (cleaning it could make it another account's).
 */
export const fitSocialProfile = (info: Omit<SocialUserInfo, 'tokens'>): Omit<SocialUserInfo, 'tokens'> => {
  if (storable(info.id) !== info.id) {
    throw new ConnectorError('invalid_response', 'The provider returned a subject (user id) with characters that cannot be stored.');
  }
  const email = fitEmail(info.email);
  const name = fitName(info.name);
  const avatar = fitAvatar(info.avatar);
  const phone = fitPhone(info.phone);
  return {
    id: info.id,
    ...(email ? { email, ...(info.emailVerified === undefined ? {} : { emailVerified: info.emailVerified }) } : {}),
    ...(phone ? { phone } : {}),
    ...(name ? { name } : {}),
    ...(avatar ? { avatar } : {}),
    rawData: storableJson(info.rawData) as Record<string, unknown>,
  };
};
