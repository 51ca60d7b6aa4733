import { z } from 'zod';

import { userIdLength } from '../constants/limits.js';
import { passwordEncryptionMethodSchema } from '../constants/password-methods.js';
import { canonicalEmail } from '../rules/email.js';
import { emailPattern, isHttpUrl, phonePattern, usernamePattern } from '../rules/patterns.js';
import { jsonObjectSchema, timestampSchema } from './common.js';

export const userIdSchema = z.string().min(1).max(userIdLength);
/** Path parameters of every `/users/:id…` route. */
export const userIdParamsSchema = z.object({ id: userIdSchema });

const text = (max = 256) => z.string().max(max);

export const usernameSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(usernamePattern, { message: 'Must start with a letter or underscore, then letters, digits or underscores.' });
/**
 * An address as accounts hold it: well-formed, with a domain mail can be delivered to (no trailing
 * dot), and given back in its one canonical spelling (domain UTS #46-mapped, in Unicode; see
 * rules/email.ts), so every spelling of one mailbox is one identifier wherever an address is taken.
 */
export const primaryEmailSchema = z
  .string()
  .max(128)
  .regex(emailPattern, { message: 'Must be an email address.' })
  // Mapping can lengthen a domain (`㍱` is `hpa`): the stored form must fit too.
  .refine((value) => !emailPattern.test(value) || value.length > 128 || (canonicalEmail(value)?.length ?? 129) <= 128, {
    message: 'Must be an email address.',
  })
  .overwrite((value) => canonicalEmail(value) ?? value);
export const primaryPhoneSchema = z.string().max(128).regex(phonePattern, { message: 'Must contain digits only.' });
/** A valid http(s) URL, or empty to clear it. */
export const avatarSchema = z
  .string()
  .max(2048)
  .refine((value) => value === '' || isHttpUrl(value), { message: 'Must be an http(s) URL or empty.' });

export const userAddressSchema = z
  .object({
    formatted: text(),
    streetAddress: text(),
    locality: text(),
    region: text(),
    postalCode: text(),
    country: text(),
  })
  .partial()
  .strict();

/** OIDC standard profile claims (spec §3). */
export const userProfileSchema = z
  .object({
    familyName: text(),
    givenName: text(),
    middleName: text(),
    nickname: text(),
    preferredUsername: text(),
    profile: text(2048),
    website: text(2048),
    gender: text(),
    birthdate: text(32),
    zoneinfo: text(64),
    locale: text(32),
    address: userAddressSchema,
  })
  .partial()
  .strict();
export type UserProfile = z.infer<typeof userProfileSchema>;

/**
 * A social identity linked to a user, keyed by the connector target (e.g. `google`), as stored and
 * answered: `details` holds what the provider said at the latest sign-in (`rawData` too, unbounded).
 */
export const userIdentitySchema = z
  .object({
    /** The user's id at the identity provider. */
    userId: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'UserIdentity' });
export const userIdentitiesSchema = z.record(z.string(), userIdentitySchema);

export const userSchema = z
  .object({
    id: userIdSchema,
    username: z.string().nullable(),
    primaryEmail: z.string().nullable(),
    primaryPhone: z.string().nullable(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    profile: userProfileSchema,
    customData: jsonObjectSchema,
    identities: userIdentitiesSchema,
    applicationId: z.string().nullable(),
    isSuspended: z.boolean(),
    hasPassword: z.boolean(),
    lastSignInAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

const identifierFields = {
  username: usernameSchema.nullish(),
  primaryEmail: primaryEmailSchema.nullish(),
  primaryPhone: primaryPhoneSchema.nullish(),
};

export const userNameSchema = text(128);

export const userCreateSchema = z
  .object({
    ...identifierFields,
    name: userNameSchema.nullish(),
    avatar: avatarSchema.nullish(),
    profile: userProfileSchema.optional(),
    customData: jsonObjectSchema.optional(),
    /** A new password, hashed with Argon2id. */
    password: z.string().min(1).max(256).optional(),
    /** Or an existing hash imported from another system, verified with its method at sign-in. */
    passwordDigest: z.string().min(1).max(2048).optional(),
    passwordAlgorithm: passwordEncryptionMethodSchema.optional(),
  })
  .strict()
  .refine((value) => !(value.password && value.passwordDigest), {
    message: 'Give either password or passwordDigest, not both.',
    path: ['passwordDigest'],
  })
  .refine((value) => Boolean(value.passwordDigest) === Boolean(value.passwordAlgorithm), {
    message: 'passwordDigest and passwordAlgorithm go together.',
    path: ['passwordAlgorithm'],
  });
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userPatchSchema = z
  .object({
    ...identifierFields,
    name: userNameSchema.nullable(),
    avatar: avatarSchema.nullable(),
    customData: jsonObjectSchema,
    profile: userProfileSchema,
  })
  .partial()
  .strict();
export type UserPatch = z.infer<typeof userPatchSchema>;

export const userSearchFields = ['id', 'username', 'primaryEmail', 'primaryPhone', 'name'] as const;

export const userListQuerySchema = z.object({
  /**
   * Case-insensitive, over every search field unless `searchFields` narrows it: anywhere in a field
   * from three characters, the start of a field for one or two.
   */
  search: z
    .string()
    .min(1)
    .max(128)
    // Control characters are what the rule is about (U+001F separates the fields being searched).
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]*$/, 'Control characters cannot be searched for.')
    .optional(),
  searchFields: z
    .union([z.enum(userSearchFields), z.array(z.enum(userSearchFields))])
    .optional()
    .transform((value) => (value === undefined ? undefined : [value].flat())),
  /** `exact` matches the whole value (still case-insensitive) instead of a substring. */
  mode: z.enum(['substring', 'exact']).default('substring'),
  roleId: z.string().min(1).max(21).optional(),
  isSuspended: z.enum(['true', 'false']).optional(),
  sortBy: z.enum(['createdAt', 'lastSignInAt']).default('createdAt'),
  sortOrder: z.enum(['desc', 'asc']).default('desc'),
  /**
   * Keyset paging: empty for the first page, then the `cursor` of the `next` Link. Fast at any
   * depth, unlike `page`; sorts by createdAt.
   */
  cursor: z.string().max(64).regex(/^[\w-]*$/).optional(),
});

export const userPasswordSchema = z.object({ password: z.string().min(1).max(256) }).strict();
export const userSuspensionSchema = z.object({ isSuspended: z.boolean() }).strict();

/** What an administrator links (`PUT /users/{id}/identities/{target}`, for imports): bounded like any JSON given. */
export const userIdentityLinkSchema = z
  .object({
    /** The user's id at the identity provider. */
    userId: z.string().min(1).max(256),
    details: jsonObjectSchema.optional(),
  })
  .strict();
/** Connector targets: lowercase letters, digits, `-` and `_` (e.g. `google`, `azure-ad`). */
export const identityTargetSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\da-z][\w-]*$/, { message: 'Must be lowercase letters, digits, "-" or "_".' });

/**
 * The provider's tokens from the user's latest sign-in through a social connector with token
 * storage on (`enableTokenStorage`), for a backend that calls the provider's APIs as the user.
 */
export const userSocialTokenSetSchema = z
  .object({
    /** The connector (by id) the tokens came through. */
    connectorId: z.string(),
    tokenSet: z.object({
      accessToken: z.string().optional(),
      refreshToken: z.string().optional(),
      idToken: z.string().optional(),
      /** When the access token expires, in milliseconds since the epoch, when the provider said. */
      expiresAt: timestampSchema.optional(),
      scope: z.string().optional(),
    }),
    /** When the tokens were stored (the sign-in), in milliseconds since the epoch. */
    updatedAt: timestampSchema,
  })
  .meta({ id: 'UserSocialTokenSet' });
export type UserSocialTokenSet = z.infer<typeof userSocialTokenSetSchema>;

/** An enterprise SSO identity; written by enterprise SSO sign-in, read with `includeSsoIdentities`. */
export const userSsoIdentitySchema = z
  .object({
    id: z.string(),
    ssoConnectorId: z.string(),
    issuer: z.string(),
    identityId: z.string(),
    detail: jsonObjectSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'UserSsoIdentity' });
export type UserSsoIdentity = z.infer<typeof userSsoIdentitySchema>;

/** One user as `GET /users/:id` answers it; SSO identities only when asked for. */
export const userDetailSchema = userSchema.extend({ ssoIdentities: z.array(userSsoIdentitySchema).optional() }).meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof userDetailSchema>;
export const userDetailQuerySchema = z.object({ includeSsoIdentities: z.enum(['true', 'false']).optional() });

export const mfaFactors = ['Totp', 'WebAuthn', 'BackupCode', 'EmailVerificationCode', 'PhoneVerificationCode'] as const;
export const mfaFactorSchema = z.enum(mfaFactors);
export type MfaFactor = z.infer<typeof mfaFactorSchema>;

/** A user's MFA verification as the API shows it: never the TOTP key or the backup codes. */
export const userMfaVerificationSchema = z
  .object({
    id: z.string(),
    type: mfaFactorSchema,
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema.nullable(),
    /** WebAuthn: the authenticator's name and the browser that registered it. */
    name: z.string().optional(),
    agent: z.string().optional(),
    /** BackupCode: how many codes are left unused. */
    remainCodes: z.number().int().optional(),
  })
  .meta({ id: 'UserMfaVerification' });
export type UserMfaVerification = z.infer<typeof userMfaVerificationSchema>;

const base32Pattern = /^[A-Z2-7]+=*$/;
export const backupCodeCount = 10;
export const backupCodePattern = /^[\da-f]{10}$/;

/** What an administrator can add for a user: a TOTP key (given or generated), backup codes, or a code factor. */
export const userMfaVerificationCreateSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('Totp'),
      /** Base32 key to import; generated when absent. */
      secret: z.string().min(16).max(128).regex(base32Pattern, { message: 'Must be a base32 key (A–Z, 2–7).' }).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('BackupCode'),
      /** Codes to import (10 lowercase hex characters each); generated when absent. */
      codes: z.array(z.string().regex(backupCodePattern, { message: 'Must be 10 lowercase hex characters.' })).min(1).max(50).optional(),
    })
    .strict(),
  z.object({ type: z.literal('EmailVerificationCode') }).strict(),
  z.object({ type: z.literal('PhoneVerificationCode') }).strict(),
]);
export type UserMfaVerificationCreate = z.infer<typeof userMfaVerificationCreateSchema>;

/** Answer to creating a verification: the key or codes are shown this once and never again. */
export const userMfaVerificationCreatedSchema = userMfaVerificationSchema.extend({
  secret: z.string().optional(),
  /** `otpauth://` URI for authenticator apps (shown as a QR code by the console). */
  secretUri: z.string().optional(),
  codes: z.array(z.string()).optional(),
});
