import { z } from 'zod';

import { supportedLocales } from '../constants/locales.js';
import { defaultSignInExperienceLook } from '../constants/sign-in-experience-defaults.js';
import { emailPattern, hexColorPattern, isHttpUrl } from '../rules/patterns.js';
import { idSchema, timestampSchema, unique } from './common.js';
import { identityTargetSchema, mfaFactorSchema } from './users.js';

/*
 * Parts carry no top-level `.default()`: the patch schema makes each part optional, and zod applies
 * a default even to an optional key, which would overwrite the stored part.
 */

const httpUrl = z.string().max(2048).refine(isHttpUrl, { message: 'Must be an absolute http(s) URL.' });
const hexColor = z.string().regex(hexColorPattern, { message: 'Must be # plus 3 or 6 hex digits.' });


export const signInExperienceColorSchema = z
  .object({
    primaryColor: hexColor,
    isDarkModeEnabled: z.boolean(),
    darkPrimaryColor: hexColor,
  })
  .strict();
export type SignInExperienceColor = z.infer<typeof signInExperienceColorSchema>;

export const brandingSchema = z
  .object({
    logoUrl: httpUrl.optional(),
    darkLogoUrl: httpUrl.optional(),
    favicon: httpUrl.optional(),
    darkFavicon: httpUrl.optional(),
  })
  .strict();
export type Branding = z.infer<typeof brandingSchema>;

export const languageInfoSchema = z
  .object({
    /** Follow the browser's language when it is supported; otherwise use `fallbackLanguage`. */
    autoDetect: z.boolean(),
    fallbackLanguage: z.enum(supportedLocales),
  })
  .strict();
export type LanguageInfo = z.infer<typeof languageInfoSchema>;

export const agreeToTermsPolicies = ['Automatic', 'ManualRegistrationOnly', 'Manual'] as const;
export const agreeToTermsPolicySchema = z.enum(agreeToTermsPolicies);
export type AgreeToTermsPolicy = z.infer<typeof agreeToTermsPolicySchema>;

export const signInIdentifiers = ['username', 'email', 'phone'] as const;
export const signInIdentifierSchema = z.enum(signInIdentifiers);
export type SignInIdentifier = z.infer<typeof signInIdentifierSchema>;

export const signInMethodSchema = z
  .object({
    identifier: signInIdentifierSchema,
    password: z.boolean(),
    verificationCode: z.boolean(),
    /** With both password and code on: which one the sign-in page offers first. */
    isPasswordPrimary: z.boolean(),
  })
  .strict();
export type SignInMethod = z.infer<typeof signInMethodSchema>;

export const signInSchema = z
  .object({
    methods: z
      .array(signInMethodSchema)
      .max(signInIdentifiers.length)
      .refine((methods) => unique(methods.map(({ identifier }) => identifier)), {
        message: 'Each identifier may appear in one sign-in method only.',
      }),
  })
  .strict();
export type SignIn = z.infer<typeof signInSchema>;

export const secondaryIdentifiers = [...signInIdentifiers, 'emailOrPhone'] as const;
export const secondaryIdentifierSchema = z
  .object({
    /** `emailOrPhone`: the user gives one of the two, their choice. */
    identifier: z.enum(secondaryIdentifiers),
    verify: z.boolean().optional(),
  })
  .strict();
export type SecondaryIdentifier = z.infer<typeof secondaryIdentifierSchema>;

export const signUpSchema = z
  .object({
    /** The identifiers a user may register with (any one of them); `[]` means no sign-up identifier. */
    identifiers: z
      .array(signInIdentifierSchema)
      .max(signInIdentifiers.length)
      .refine(unique, { message: 'Contains the same identifier twice.' }),
    password: z.boolean(),
    /**
     * Whether the identifier is verified with a code at sign-up. Follows the identifiers (see
     * `withVerificationFlags`): an email or phone always is, a username never.
     */
    verify: z.boolean(),
    /** Further identifiers collected after the primary one. */
    secondaryIdentifiers: z
      .array(secondaryIdentifierSchema)
      .max(secondaryIdentifiers.length)
      .refine((items) => unique(items.map(({ identifier }) => identifier)), {
        message: 'Contains the same identifier twice.',
      }),
  })
  .strict();
export type SignUp = z.infer<typeof signUpSchema>;

/**
 * The sign-up settings with `verify` as registration really works: an email address or phone
 * number joins an account only through a code sent to it (primary or secondary), a username never
 * does. The server saves and answers them this way, whatever was sent.
 */
export const withVerificationFlags = (signUp: SignUp): SignUp => ({
  ...signUp,
  verify: signUp.identifiers.some((identifier) => identifier !== 'username'),
  secondaryIdentifiers: signUp.secondaryIdentifiers.map(({ identifier }) => (identifier === 'username' ? { identifier } : { identifier, verify: true })),
});

export const socialSignInSchema = z
  .object({
    /** Link a social identity to the existing user with the same verified email instead of asking. */
    automaticAccountLinking: z.boolean().optional(),
  })
  .strict();
export type SocialSignIn = z.infer<typeof socialSignInSchema>;

export const signInModes = ['SignIn', 'Register', 'SignInAndRegister'] as const;
export const signInModeSchema = z.enum(signInModes);
export type SignInMode = z.infer<typeof signInModeSchema>;

/** Extra HTML per sign-in page, keyed by the page's path (e.g. `/sign-in`). */
export const customContentSchema = z
  .record(
    z.string().min(2).max(256).regex(/^\/\S+$/, { message: 'Must be a page path starting with "/".' }),
    z.string().max(10_000),
  )
  .refine((value) => Object.keys(value).length <= 64, { message: 'At most 64 pages.' });
export type CustomContent = z.infer<typeof customContentSchema>;

export const passwordPolicyDefaults = {
  minLength: 8,
  maxLength: 256,
  minCharacterTypes: 1,
} as const;

/**
 * Every part is optional in input and resolves to its default, so a stored `{}` is the default
 * policy. `.prefault()` (not `.default()`) so the nested defaults are parsed in too.
 */
export const passwordPolicySchema = z
  .object({
    length: z
      .object({
        min: z.number().int().min(1).max(passwordPolicyDefaults.maxLength).default(passwordPolicyDefaults.minLength),
        max: z.number().int().min(1).max(passwordPolicyDefaults.maxLength).default(passwordPolicyDefaults.maxLength),
      })
      .strict()
      .refine(({ min, max }) => min <= max, { message: 'The minimum length must not exceed the maximum length.', path: ['max'] })
      .prefault({}),
    characterTypes: z
      .object({
        /** How many of lowercase, uppercase, digits and symbols the password must mix. */
        min: z.number().int().min(1).max(4).default(passwordPolicyDefaults.minCharacterTypes),
      })
      .strict()
      .prefault({}),
    rejects: z
      .object({
        /** Passwords found in the Pwned Passwords breach corpus. */
        pwned: z.boolean().default(true),
        /** Runs of 3 or more repeated or sequential characters (`aaa`, `abc`, `qwe`, `321`). */
        repetitionAndSequence: z.boolean().default(true),
        /** The user's own username, email, phone or name. */
        userInfo: z.boolean().default(true),
        /** Custom words, matched case-insensitively anywhere in the password. */
        words: z
          .array(z.string().min(1).max(256))
          .max(1000)
          .default(() => []),
      })
      .strict()
      .prefault({}),
  })
  .strict()
  // Each character type takes a character: a policy asking for more types than the longest password has characters admits no password.
  .refine(({ length, characterTypes }) => characterTypes.min <= length.max, {
    message: 'Must not exceed the maximum length: each character type takes a character.',
    path: ['characterTypes', 'min'],
  });
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;
export type PasswordPolicyInput = z.input<typeof passwordPolicySchema>;

export const defaultPasswordPolicy: PasswordPolicy = passwordPolicySchema.parse({});

export const mfaPolicies = [
  'UserControlled',
  'Mandatory',
  'PromptOnlyAtSignIn',
  'PromptAtSignInAndSignUp',
  'NoPrompt',
] as const;
export const mfaPolicySchema = z.enum(mfaPolicies);
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

export const organizationRequiredMfaPolicies = ['NoPrompt', 'Mandatory'] as const;
export const organizationRequiredMfaPolicySchema = z.enum(organizationRequiredMfaPolicies);
export type OrganizationRequiredMfaPolicy = z.infer<typeof organizationRequiredMfaPolicySchema>;

export const signInExperienceMfaSchema = z
  .object({
    factors: z
      .array(mfaFactorSchema)
      .max(mfaFactorSchema.options.length)
      .refine(unique, { message: 'Contains the same factor twice.' }),
    policy: mfaPolicySchema,
    /** For members of organizations that require MFA but who have no factor yet. */
    organizationRequiredMfaPolicy: organizationRequiredMfaPolicySchema.optional(),
  })
  .strict();
export type SignInExperienceMfa = z.infer<typeof signInExperienceMfaSchema>;

export const captchaPolicySchema = z.object({ enabled: z.boolean().default(false) }).strict();
export type CaptchaPolicy = z.infer<typeof captchaPolicySchema>;

/** The longest lockout, in minutes (one day): attempts older than this never count again. */
export const maxLockoutMinutes = 1440;

export const sentinelPolicySchema = z
  .object({
    /** Failed attempts allowed before the identifier is locked out. */
    maxAttempts: z.number().int().min(1).max(100).default(100),
    /** In minutes (at most one day). */
    lockoutDuration: z.number().int().min(1).max(maxLockoutMinutes).default(60),
  })
  .strict();
export type SentinelPolicy = z.infer<typeof sentinelPolicySchema>;

/** A whole address (`user@example.com`) or a whole domain (`@example.com`). */
const blocklistEntryPattern = /^(?:[^\s@]+@|@)[^\s@]+\.[^\s@]+$/;

export const emailBlocklistPolicySchema = z
  .object({
    /** Addresses of known throwaway-mail domains. */
    blockDisposableAddresses: z.boolean().default(false),
    /** Addresses with a `+tag` in the local part. */
    blockSubaddressing: z.boolean().default(false),
    customBlocklist: z
      .array(
        z
          .string()
          .trim()
          .toLowerCase()
          .max(256)
          .regex(blocklistEntryPattern, { message: 'Must be an email address or a domain starting with "@".' }),
      )
      .max(1000)
      .refine(unique, { message: 'Contains the same entry twice.' })
      .default(() => []),
  })
  .strict();
export type EmailBlocklistPolicy = z.infer<typeof emailBlocklistPolicySchema>;

/** The uploaded bring-your-own-UI bundle, or null for the built-in pages. */
export const customUiAssetsSchema = z.object({ id: idSchema, createdAt: timestampSchema }).strict().nullable();
export type CustomUiAssets = z.infer<typeof customUiAssetsSchema>;

/** Each tenant has exactly one sign-in experience, with this id. */
export const signInExperienceId = 'default';

const signInExperienceFields = {
  color: signInExperienceColorSchema,
  branding: brandingSchema,
  languageInfo: languageInfoSchema,
  termsOfUseUrl: httpUrl.nullable(),
  privacyPolicyUrl: httpUrl.nullable(),
  agreeToTermsPolicy: agreeToTermsPolicySchema,
  signIn: signInSchema,
  signUp: signUpSchema,
  socialSignIn: socialSignInSchema,
  /** Connector targets (e.g. `google`) shown as social buttons, in this order. */
  socialSignInConnectorTargets: z
    .array(identityTargetSchema)
    .max(64)
    .refine(unique, { message: 'Contains the same target twice.' }),
  signInMode: signInModeSchema,
  customCss: z.string().max(100_000).nullable(),
  customContent: customContentSchema,
  customUiAssets: customUiAssetsSchema,
  passwordPolicy: passwordPolicySchema,
  mfa: signInExperienceMfaSchema,
  singleSignOnEnabled: z.boolean(),
  supportEmail: z.string().max(128).regex(emailPattern, { message: 'Must be an email address.' }).nullable(),
  supportWebsiteUrl: httpUrl.nullable(),
  /** Where to send a user who lands on the sign-in page without an authorization request. */
  unknownSessionRedirectUrl: httpUrl.nullable(),
  captchaPolicy: captchaPolicySchema,
  sentinelPolicy: sentinelPolicySchema,
  emailBlocklistPolicy: emailBlocklistPolicySchema,
};

export const signInExperienceSchema = z
  .object({ id: z.literal(signInExperienceId), ...signInExperienceFields })
  .meta({ id: 'SignInExperience' });
export type SignInExperience = z.infer<typeof signInExperienceSchema>;

/**
 * Any subset of the parts; `id` cannot change. A part given replaces the stored part as a whole
 * (no deep merge): send all of `signUp`, not only `signUp.verify`. Within `passwordPolicy`,
 * `sentinelPolicy`, `captchaPolicy` and `emailBlocklistPolicy`, omitted keys take their defaults.
 */
export const signInExperiencePatchSchema = z.object(signInExperienceFields).partial().strict();
export type SignInExperiencePatch = z.infer<typeof signInExperiencePatchSchema>;

const parseHexColor = (hex: string): [number, number, number] => {
  if (!hexColorPattern.test(hex)) {
    throw new TypeError(`Not a hex colour: ${hex}`);
  }
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
};

const rgbToHsl = (red: number, green: number, blue: number): [number, number, number] => {
  const [r, g, b] = [red / 255, green / 255, blue / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) {
    return [0, 0, lightness];
  }
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue =
    max === r ? ((g - b) / delta + 6) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return [hue * 60, saturation, lightness];
};

const hslToRgb = (hue: number, saturation: number, lightness: number): [number, number, number] => {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const sector = Math.floor(hue / 60) % 6;
  const [r, g, b] = (
    [
      [chroma, x, 0],
      [x, chroma, 0],
      [0, chroma, x],
      [0, x, chroma],
      [x, 0, chroma],
      [chroma, 0, x],
    ] as const
  )[sector]!;
  return [r + m, g + m, b + m].map((channel) => Math.round(channel * 255)) as [number, number, number];
};

/** How many HSL lightness points the dark-mode colour gains over the primary colour. */
export const darkPrimaryColorLightnessShift = 10;

/**
 * The primary colour made lighter for dark backgrounds: the same hue and saturation with HSL
 * lightness raised by {@link darkPrimaryColorLightnessShift} points (capped at 100). Takes
 * `#rgb` or `#rrggbb`, returns lowercase `#rrggbb`; throws a TypeError on anything else.
 */
export const deriveDarkPrimaryColor = (hex: string): string => {
  const [hue, saturation, lightness] = rgbToHsl(...parseHexColor(hex));
  const lighter = Math.min(1, lightness + darkPrimaryColorLightnessShift / 100);
  return `#${hslToRgb(hue, saturation, lighter)
    .map((channel) => channel.toString(16).padStart(2, '0'))
    .join('')}`;
};

/** A new tenant's sign-in experience (spec §3). */
export const defaultSignInExperience: SignInExperience = {
  id: signInExperienceId,
  ...defaultSignInExperienceLook,
  languageInfo: { autoDetect: true, fallbackLanguage: 'en' },
  agreeToTermsPolicy: 'Automatic',
  socialSignIn: {},
  signInMode: 'SignInAndRegister',
  customContent: {},
  customUiAssets: null,
  passwordPolicy: defaultPasswordPolicy,
  mfa: { factors: [], policy: 'UserControlled' },
  singleSignOnEnabled: false,
  supportEmail: null,
  supportWebsiteUrl: null,
  unknownSessionRedirectUrl: null,
  captchaPolicy: captchaPolicySchema.parse({}),
  sentinelPolicy: sentinelPolicySchema.parse({}),
  emailBlocklistPolicy: emailBlocklistPolicySchema.parse({}),
};

export type SignInExperienceConflict = {
  /** Dotted path of the part to fix, e.g. `signIn.methods.0`. */
  path: string;
  code: string;
  params?: Record<string, string>;
};

export type SignInExperienceConflictContext = {
  hasEmailConnector: boolean;
  hasSmsConnector: boolean;
  /** Targets of the configured social connectors. */
  socialTargets: string[];
  hasCaptchaProvider: boolean;
};

type ConflictShape = Pick<
  SignInExperience,
  'signIn' | 'signUp' | 'signInMode' | 'socialSignInConnectorTargets' | 'mfa' | 'captchaPolicy'
>;

/**
 * Combinations the schemas accept part by part but that leave users unable to register or sign in.
 * Pure, so the server can refuse a save and the console can warn before submitting. Returns `[]`
 * when the experience works with the given connectors.
 */
export const findSignInExperienceConflicts = (
  experience: ConflictShape,
  context: SignInExperienceConflictContext,
): SignInExperienceConflict[] => {
  const conflicts: SignInExperienceConflict[] = [];
  const add = (path: string, code: string, params?: Record<string, string>) => {
    conflicts.push({ path, code: `sign_in_experience.${code}`, ...(params && { params }) });
  };
  const { signIn, signUp, mfa } = experience;
  const methods = signIn.methods;

  // Where each verification code would be sent, by the connector type it needs.
  const needsEmail: string[] = [];
  const needsSms: string[] = [];
  // An email or phone number joins an account only once a code sent to it is verified (the
  // experience API takes them as verified codes, never as typed text), whatever `verify` says.
  if (signUp.identifiers.includes('email')) {
    needsEmail.push('signUp.identifiers');
  }
  if (signUp.identifiers.includes('phone')) {
    needsSms.push('signUp.identifiers');
  }
  for (const [index, { identifier }] of signUp.secondaryIdentifiers.entries()) {
    // `emailOrPhone` lets the user pick either, so both must be deliverable.
    if (identifier === 'email' || identifier === 'emailOrPhone') {
      needsEmail.push(`signUp.secondaryIdentifiers.${index}`);
    }
    if (identifier === 'phone' || identifier === 'emailOrPhone') {
      needsSms.push(`signUp.secondaryIdentifiers.${index}`);
    }
  }
  for (const [index, { identifier, verificationCode }] of methods.entries()) {
    if (verificationCode && identifier === 'email') {
      needsEmail.push(`signIn.methods.${index}`);
    }
    if (verificationCode && identifier === 'phone') {
      needsSms.push(`signIn.methods.${index}`);
    }
  }
  if (mfa.factors.includes('EmailVerificationCode')) {
    needsEmail.push('mfa.factors');
  }
  if (mfa.factors.includes('PhoneVerificationCode')) {
    needsSms.push('mfa.factors');
  }
  if (!context.hasEmailConnector) {
    for (const path of needsEmail) {
      add(path, 'missing_email_connector');
    }
  }
  if (!context.hasSmsConnector) {
    for (const path of needsSms) {
      add(path, 'missing_sms_connector');
    }
  }

  if (signUp.identifiers.length > 0 && !signUp.password && !signUp.verify) {
    add('signUp', 'sign_up_needs_password_or_verification');
  }
  if (signUp.identifiers.includes('username') && !signUp.password) {
    add('signUp.password', 'username_needs_password');
  }
  for (const [index, { identifier }] of signUp.secondaryIdentifiers.entries()) {
    // The only sign-up identifier is given by every user already.
    if (signUp.identifiers.length === 1 && signUp.identifiers[0] === identifier) {
      add(`signUp.secondaryIdentifiers.${index}`, 'secondary_identifier_already_collected', { identifier });
    }
  }

  const seen = new Set<SignInIdentifier>();
  for (const [index, { identifier, password, verificationCode }] of methods.entries()) {
    if (seen.has(identifier)) {
      add(`signIn.methods.${index}`, 'duplicate_sign_in_identifier', { identifier });
    }
    seen.add(identifier);
    if (!password && !verificationCode) {
      add(`signIn.methods.${index}`, 'sign_in_method_without_verification');
    }
    if (identifier === 'username' && verificationCode) {
      add(`signIn.methods.${index}`, 'username_cannot_use_code');
    }
  }

  for (const identifier of signUp.identifiers) {
    const method = methods.find((candidate) => candidate.identifier === identifier);
    if (!method) {
      add('signIn.methods', 'sign_up_identifier_not_in_sign_in', { identifier });
    } else if (!signUp.password && !method.verificationCode && identifier !== 'username') {
      // A user who registered without a password can only ever sign in with a code (a username
      // cannot take one: username_needs_password says what to do instead).
      add('signIn.methods', 'sign_in_method_needs_verification_code', { identifier });
    }
  }

  const configuredTargets = new Set(context.socialTargets);
  const usableSocialTargets = experience.socialSignInConnectorTargets.filter((target) => configuredTargets.has(target));
  for (const [index, target] of experience.socialSignInConnectorTargets.entries()) {
    if (!configuredTargets.has(target)) {
      add(`socialSignInConnectorTargets.${index}`, 'unknown_social_target', { target });
    }
  }

  if (experience.signInMode !== 'SignIn' && signUp.identifiers.length === 0 && usableSocialTargets.length === 0) {
    add('signUp.identifiers', 'no_way_to_register');
  }
  // `singleSignOnEnabled` is no way in: this version has no enterprise SSO connectors to offer.
  if (methods.length === 0 && usableSocialTargets.length === 0) {
    add('signIn.methods', 'no_way_to_sign_in');
  }

  if (mfa.policy === 'Mandatory' && mfa.factors.length === 0) {
    add('mfa.factors', 'mfa_mandatory_without_factors');
  }
  // Backup codes are a recovery path for another factor, never the only one.
  if (mfa.factors.length === 1 && mfa.factors[0] === 'BackupCode') {
    add('mfa.factors', 'mfa_backup_code_only');
  }

  // Otherwise the pages would show no challenge and the policy would protect nothing.
  if (experience.captchaPolicy.enabled && !context.hasCaptchaProvider) {
    add('captchaPolicy.enabled', 'missing_captcha_provider');
  }

  return conflicts;
};
