import { z } from 'zod';

import { customProfileFieldSchema } from './custom-profile-fields.js';
import {
  agreeToTermsPolicySchema,
  brandingSchema,
  customContentSchema,
  languageInfoSchema,
  signInExperienceColorSchema,
  signInModeSchema,
  signInSchema,
  signUpSchema,
  socialSignInSchema,
} from './sign-in-experience.js';
import { primaryEmailSchema, primaryPhoneSchema } from './users.js';

/**
 * The experience API (`/api/experience`): the steps of a sign-in, registration or password reset,
 * bound to the OIDC interaction in the browser's cookie. The hosted pages use it, and so can a
 * customer's own UI.
 */

export const interactionEventSchema = z.enum(['SignIn', 'Register', 'ForgotPassword']);
export type InteractionEvent = z.infer<typeof interactionEventSchema>;

export const experienceIdentifierTypeSchema = z.enum(['username', 'email', 'phone']);
export type ExperienceIdentifierType = z.infer<typeof experienceIdentifierTypeSchema>;

export const experienceIdentifierSchema = z.object({
  type: experienceIdentifierTypeSchema,
  value: z.string().min(1).max(128),
});
export type ExperienceIdentifier = z.infer<typeof experienceIdentifierSchema>;

/** Identifiers a verification code can be sent to: a well-formed address, before any connector sees it. */
export const codeIdentifierSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('email'), value: primaryEmailSchema }),
  z.object({ type: z.literal('phone'), value: primaryPhoneSchema }),
]);

export const verificationIdSchema = z.string().min(1).max(32);

export const startExperienceSchema = z
  .object({
    interactionEvent: interactionEventSchema,
    /** Required when the captcha policy is enabled. */
    captchaToken: z.string().min(1).max(4096).optional(),
  })
  .strict();

export const switchInteractionEventSchema = z.object({ interactionEvent: interactionEventSchema }).strict();

export const passwordVerificationSchema = z
  .object({ identifier: experienceIdentifierSchema, password: z.string().min(1).max(256) })
  .strict();

export const sendCodeSchema = z.object({ identifier: codeIdentifierSchema }).strict();

export const verifyCodeSchema = z
  .object({ identifier: codeIdentifierSchema, verificationId: verificationIdSchema, code: z.string().min(1).max(16) })
  .strict();

export const socialAuthorizationRequestSchema = z
  .object({ state: z.string().min(8).max(256), redirectUri: z.string().url().max(2048) })
  .strict();

export const socialVerifySchema = z
  .object({ verificationId: verificationIdSchema, connectorData: z.record(z.string(), z.unknown()) })
  .strict();

export const verificationCreatedSchema = z.object({ verificationId: verificationIdSchema });
export const socialAuthorizationSchema = z.object({ verificationId: verificationIdSchema, authorizationUri: z.string() });

/**
 * Identify the user of the flow: by a verified record (password, code, social), or for
 * registration by a new username.
 */
export const identificationSchema = z.union([
  z.object({ verificationId: verificationIdSchema }).strict(),
  z.object({ identifier: z.object({ type: z.literal('username'), value: z.string().min(1).max(128) }) }).strict(),
]);

/** Adds a missing part of the profile before submit. */
export const experienceProfileSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('username'), value: z.string().min(1).max(128) }).strict(),
  z.object({ type: z.literal('password'), value: z.string().min(1).max(256) }).strict(),
  z.object({ type: z.enum(['email', 'phone']), verificationId: verificationIdSchema }).strict(),
  z.object({ type: z.literal('extraProfile'), values: z.record(z.string(), z.unknown()) }).strict(),
]);

export const resetPasswordSchema = z.object({ password: z.string().min(1).max(256) }).strict();

export const submitExperienceSchema = z.object({ agreeToTerms: z.boolean().optional() }).strict();

export const redirectSchema = z.object({ redirectTo: z.string() });

export const consentInfoSchema = z.object({
  application: z.object({
    id: z.string(),
    name: z.string(),
    logoUri: z.string().nullable(),
    /** The logo for the dark theme, when the app's sign-in branding has one. */
    darkLogoUri: z.string().nullable(),
    isThirdParty: z.boolean(),
    termsOfUseUrl: z.string().nullable(),
    privacyPolicyUrl: z.string().nullable(),
  }),
  user: z.object({
    id: z.string(),
    name: z.string().nullable(),
    username: z.string().nullable(),
    primaryEmail: z.string().nullable(),
    primaryPhone: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  /**
   * OIDC scopes (profile, email, …) the app asks for and the user has not granted yet; when the app
   * asked again with `prompt=consent` and nothing is new, what it already holds (likewise below).
   */
  missingScopes: z.array(z.object({ name: z.string(), description: z.string().nullable() })),
  /** API permissions the app asks for, per API resource. */
  missingResourceScopes: z.array(
    z.object({
      indicator: z.string(),
      name: z.string(),
      scopes: z.array(z.object({ name: z.string(), description: z.string().nullable() })),
    }),
  ),
  redirectUri: z.string(),
  /**
   * The sign-in this consent belongs to. Send it back with the decision (`POST /consent`): another
   * tab of the browser may have started a sign-in since, and the decision must not go to that one.
   */
  interactionId: z.string(),
});
export type ConsentInfo = z.infer<typeof consentInfoSchema>;

/**
 * `prompt=select_account` in a signed-in browser: the account the browser is signed in to, to
 * continue with (`POST /select-account`) or to leave for another (`POST /select-account/switch`).
 */
export const accountChoiceSchema = consentInfoSchema.pick({ application: true, user: true, interactionId: true });
export type AccountChoice = z.infer<typeof accountChoiceSchema>;

/** The decision on a consent (`POST /consent` body, `DELETE /api/experience` query), see ConsentInfo's `interactionId`. */
export const consentDecisionSchema = z.object({ interactionId: z.string().min(1).max(128).optional() }).strict();

/** What the page knows about the interaction it was sent for (null: no live interaction). */
export const experienceInteractionSchema = z.object({
  /**
   * The interaction's id. Sent back in the `Gatehouse-Interaction` header (the hosted pages do), a
   * step is refused with 409 `session.interaction_replaced` once a sign-in started in another tab of
   * the browser took over: it would otherwise finish that tab's request.
   */
  id: z.string(),
  prompt: z.enum(['login', 'select_account', 'consent']),
  /** `first_screen=register` or `prompt=create` from the authorization request. */
  firstScreen: z.enum(['signIn', 'register']),
  loginHint: z.string().nullable(),
  /** `ui_locales` from the authorization request: the app's preferred languages, in order (BCP 47 tags). */
  uiLocales: z.array(z.string()).optional(),
  application: z.object({ id: z.string(), name: z.string(), logoUri: z.string().nullable() }),
  /** Current experience state, when one was started. */
  event: interactionEventSchema.nullable(),
});
export type ExperienceInteraction = z.infer<typeof experienceInteractionSchema>;

export const experienceSocialConnectorSchema = z.object({
  id: z.string(),
  target: z.string(),
  name: z.record(z.string(), z.string()),
  logo: z.string(),
  logoDark: z.string().nullable(),
});

/** `GET /api/experience/config`: what the hosted pages render, without secrets. */
export const experienceConfigSchema = z.object({
  tenantId: z.string(),
  color: signInExperienceColorSchema,
  branding: brandingSchema,
  languageInfo: languageInfoSchema,
  termsOfUseUrl: z.string().nullable(),
  privacyPolicyUrl: z.string().nullable(),
  agreeToTermsPolicy: agreeToTermsPolicySchema,
  signIn: signInSchema,
  signUp: signUpSchema,
  signInMode: signInModeSchema,
  socialSignIn: socialSignInSchema,
  socialConnectors: z.array(experienceSocialConnectorSchema),
  customCss: z.string().nullable(),
  customContent: customContentSchema,
  passwordPolicy: z.object({ length: z.object({ min: z.number(), max: z.number() }), characterTypes: z.object({ min: z.number() }) }),
  /** `action` is what the widget must be run with: the server accepts only tokens made for it. */
  captcha: z.object({ type: z.enum(['Turnstile', 'RecaptchaEnterprise']), siteKey: z.string(), action: z.string() }).nullable(),
  supportEmail: z.string().nullable(),
  supportWebsiteUrl: z.string().nullable(),
  customProfileFields: z.array(customProfileFieldSchema),
  /** Custom phrases by language tag: they override the built-in texts. */
  phrases: z.record(z.string(), z.record(z.string(), z.string())),
  /** Whether forgot-password can send a code (an email or SMS connector exists). */
  forgotPassword: z.object({ email: z.boolean(), phone: z.boolean() }),
  interaction: experienceInteractionSchema.nullable(),
  /**
   * Without a live interaction: the app this browser last started a sign-in for, and its own
   * address from its registration (the expired-link page links back to it).
   */
  lastApplication: z.object({ name: z.string(), url: z.string() }).nullable().optional(),
});
export type ExperienceConfig = z.infer<typeof experienceConfigSchema>;

/**
 * The hosted pages' preview (`{base}/preview`, framed by the console): the console posts this to
 * the frame, with its own origin as target, on every change of the draft. The page shows `page`
 * with `config` (nothing is sent to the server) in the light or dark theme.
 */
export const experiencePreviewSchema = z.object({
  type: z.literal('gatehouse:experience-preview'),
  config: experienceConfigSchema,
  /** Dark applies only when `config.color.isDarkModeEnabled`, as on the real pages. */
  mode: z.enum(['light', 'dark']),
  /** `continue` shows the profile form with every custom profile field. */
  page: z.enum(['sign-in', 'register', 'continue']),
});
export type ExperiencePreview = z.infer<typeof experiencePreviewSchema>;

/** What the preview page posts to its parent once it listens: the console answers with the draft. */
export type ExperiencePreviewReady = { type: 'gatehouse:experience-preview-ready' };
