import {
  deriveDarkPrimaryColor,
  hexColorPattern,
  signInExperienceSchema,
  type Connector,
  type CustomProfileField,
  type ExperienceConfig,
  type ExperiencePreview,
  type SignInExperience,
} from '@gatehouse/schemas';

/**
 * The sign-in experience pages edit one draft: the parts of the sign-in experience these pages own
 * (MFA, password policy, captcha and the other security parts have their own pages). Pure, so the
 * rules are unit-tested.
 */

export const signInExperienceTabs = ['branding', 'sign-up-and-sign-in', 'collect-user-profile', 'content'] as const;
export type SignInExperienceTab = (typeof signInExperienceTabs)[number];

/** The parts each tab edits; the collect-user-profile tab edits custom profile fields instead. */
export const tabParts = {
  branding: ['color', 'branding', 'languageInfo'],
  'sign-up-and-sign-in': ['signUp', 'signIn', 'socialSignInConnectorTargets', 'socialSignIn', 'signInMode', 'singleSignOnEnabled'],
  'collect-user-profile': [],
  content: [
    'termsOfUseUrl',
    'privacyPolicyUrl',
    'agreeToTermsPolicy',
    'supportEmail',
    'supportWebsiteUrl',
    'unknownSessionRedirectUrl',
    'customContent',
    'customCss',
  ],
} as const satisfies Record<SignInExperienceTab, ReadonlyArray<keyof SignInExperience>>;

export type DraftPart = (typeof tabParts)[SignInExperienceTab][number];
export const draftParts = Object.values(tabParts).flat() as DraftPart[];
export type Draft = Pick<SignInExperience, DraftPart>;

export const draftSchema = signInExperienceSchema.pick(Object.fromEntries(draftParts.map((part) => [part, true])) as Record<DraftPart, true>);

export const toDraft = (experience: SignInExperience): Draft =>
  Object.fromEntries(draftParts.map((part) => [part, experience[part]])) as Draft;

/** Deep equality of JSON-like values, where a missing key and an undefined one are the same. */
export const sameValue = (first: unknown, second: unknown): boolean => {
  if (first === second) {
    return true;
  }
  if (Array.isArray(first) || Array.isArray(second)) {
    return (
      Array.isArray(first) &&
      Array.isArray(second) &&
      first.length === second.length &&
      first.every((item, index) => sameValue(item, second[index]))
    );
  }
  if (typeof first !== 'object' || typeof second !== 'object' || first === null || second === null) {
    return false;
  }
  const entries = (value: object) => Object.entries(value).filter(([, item]) => item !== undefined);
  const left = entries(first);
  const right = new Map(entries(second));
  return left.length === right.size && left.every(([key, item]) => right.has(key) && sameValue(item, right.get(key)));
};

/**
 * The PATCH body: only the parts that differ from what was loaded, since a part given replaces the
 * stored one (a part another page changed meanwhile is left alone).
 */
export const changedParts = (saved: Draft, values: Draft): Partial<Draft> =>
  Object.fromEntries(draftParts.filter((part) => !sameValue(saved[part], values[part])).map((part) => [part, values[part]]));

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Three-way merge of one part: the edits made to `loaded` (what the form started from) applied
 * onto `latest` (what the server holds now), key by key, so that a save does not undo what another
 * tab or person saved meanwhile in the same part. Lists and plain values are taken whole.
 */
export const mergeEdits = (loaded: unknown, edited: unknown, latest: unknown): unknown => {
  if (sameValue(loaded, edited)) {
    return latest;
  }
  if (!isRecord(loaded) || !isRecord(edited) || !isRecord(latest)) {
    return edited;
  }
  const keys = new Set([...Object.keys(loaded), ...Object.keys(edited), ...Object.keys(latest)]);
  return Object.fromEntries(
    [...keys].map((key) => [key, mergeEdits(loaded[key], edited[key], latest[key])] as const).filter(([, value]) => value !== undefined),
  );
};

/** The PATCH body of the parts edited since `loaded`, each merged onto the server's `latest` copy. */
export const mergedChanges = (loaded: Draft, edited: Draft, latest: Draft): Partial<Draft> =>
  Object.fromEntries(
    Object.entries(changedParts(loaded, edited)).map(([part, value]) => [part, mergeEdits(loaded[part as DraftPart], value, latest[part as DraftPart])]),
  );

/** The tab a server detail path (`signIn.methods.0`) belongs to; undefined for parts of other pages (MFA). */
export const tabOfPath = (path: string): SignInExperienceTab | undefined => {
  const part = path.replace(/^body\./, '').split('.')[0];
  return signInExperienceTabs.find((tab) => (tabParts[tab] as readonly string[]).includes(part ?? ''));
};

/** The settings a refusal's reason can concern, to name each and link to where it is set. */
export type ProblemSetting = 'sign-up' | 'sign-in' | 'social' | 'mode' | 'mfa' | 'captcha' | 'branding' | 'content';

/** The setting a server detail path (`signIn.methods.1`) concerns; undefined for one the console does not know. */
export const settingOfPath = (path: string): ProblemSetting | undefined => {
  const part = path.replace(/^body\./, '').split('.')[0];
  switch (part) {
    case 'signUp':
      return 'sign-up';
    case 'signIn':
      return 'sign-in';
    case 'socialSignInConnectorTargets':
    case 'socialSignIn':
      return 'social';
    case 'signInMode':
    case 'singleSignOnEnabled':
      return 'mode';
    case 'mfa':
      return 'mfa';
    case 'captchaPolicy':
      return 'captcha';
    default: {
      const tab = tabOfPath(path);
      return tab === 'branding' || tab === 'content' ? tab : undefined;
    }
  }
};

/** Where a setting is changed: a tab of the sign-in experience, the captcha tab of security, or (MFA) no page yet. */
export const pageOfSetting = (setting: ProblemSetting): { tab: SignInExperienceTab } | { security: 'captcha' } | undefined => {
  switch (setting) {
    case 'mfa':
      return undefined;
    case 'captcha':
      return { security: 'captcha' };
    case 'branding':
    case 'content':
      return { tab: setting };
    default:
      return { tab: 'sign-up-and-sign-in' };
  }
};

export type GroupedProblem = { message: string; settings: ProblemSetting[] };

/**
 * The reasons of a `sign_in_experience.unworkable` refusal, each said once with the settings it
 * concerns: one missing connector used by sign-up and by a sign-in method is one reason, not two.
 */
export const groupProblems = (details: readonly { path: string; message: string }[]): GroupedProblem[] => {
  const groups = new Map<string, ProblemSetting[]>();
  for (const detail of details) {
    const settings = groups.get(detail.message) ?? [];
    const setting = settingOfPath(detail.path);
    if (setting && !settings.includes(setting)) {
      settings.push(setting);
    }
    groups.set(detail.message, settings);
  }
  return [...groups].map(([message, settings]) => ({ message, settings }));
};

/**
 * The dark-mode colour after the primary colour changed: while it is the colour derived from the
 * previous primary colour, it follows the new one; a colour picked by hand stays.
 */
export const followDarkColor = (previousPrimary: string, primary: string, dark: string): string => {
  if (!hexColorPattern.test(previousPrimary) || !hexColorPattern.test(primary)) {
    return dark;
  }
  return deriveDarkPrimaryColor(previousPrimary).toLowerCase() === dark.toLowerCase() ? deriveDarkPrimaryColor(primary) : dark;
};

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export const moveItem = <T>(items: readonly T[], from: number, to: number): T[] => {
  const next = [...items];
  const target = Math.max(0, Math.min(items.length - 1, to));
  const [item] = next.splice(from, 1);
  if (item === undefined) {
    return next;
  }
  next.splice(target, 0, item);
  return next;
};

/** The list without the item at `index`. */
export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, position) => position !== index);

/** The list with the item at `index` replaced. */
export const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] => items.map((entry, position) => (position === index ? item : entry));

/**
 * The draft as the preview can show it: each part that is valid so far, the saved part for one
 * being edited into an invalid state (a half-typed colour or URL).
 */
export const usableDraft = (saved: SignInExperience, draft: Draft): SignInExperience => {
  const result: Record<string, unknown> = { ...saved };
  for (const part of draftParts) {
    const parsed = signInExperienceSchema.shape[part].safeParse(draft[part]);
    if (parsed.success) {
      result[part] = parsed.data;
    }
  }
  return result as SignInExperience;
};

export type PreviewSources = {
  tenantId: string;
  experience: SignInExperience;
  connectors: readonly Connector[];
  fields: readonly CustomProfileField[];
  phrases: ReadonlyArray<{ languageTag: string; translation: Record<string, string> }>;
};

/**
 * What `GET /api/experience/config` would answer with this sign-in experience, without an
 * interaction: social buttons of the chosen targets with a configured connector, forgot password
 * when an email or SMS connector exists. The preview never shows a captcha.
 */
export const previewConfig = ({ tenantId, experience, connectors, fields, phrases }: PreviewSources): ExperienceConfig => ({
  tenantId,
  color: experience.color,
  branding: experience.branding,
  languageInfo: experience.languageInfo,
  termsOfUseUrl: experience.termsOfUseUrl,
  privacyPolicyUrl: experience.privacyPolicyUrl,
  agreeToTermsPolicy: experience.agreeToTermsPolicy,
  signIn: experience.signIn,
  signUp: experience.signUp,
  signInMode: experience.signInMode,
  socialSignIn: experience.socialSignIn,
  socialConnectors: experience.socialSignInConnectorTargets.flatMap((target) =>
    connectors
      .filter((connector) => connector.type === 'Social' && connector.target === target)
      .map(({ id, name, logo, logoDark }) => ({ id, target, name, logo, logoDark })),
  ),
  customCss: experience.customCss,
  customContent: experience.customContent,
  passwordPolicy: { length: experience.passwordPolicy.length, characterTypes: experience.passwordPolicy.characterTypes },
  captcha: null,
  supportEmail: experience.supportEmail,
  supportWebsiteUrl: experience.supportWebsiteUrl,
  customProfileFields: [...fields],
  phrases: Object.fromEntries(phrases.map(({ languageTag, translation }) => [languageTag, translation])),
  forgotPassword: {
    email: connectors.some((connector) => connector.type === 'Email'),
    phone: connectors.some((connector) => connector.type === 'Sms'),
  },
  interaction: null,
});

export type PreviewPage = ExperiencePreview['page'];
export type PreviewMode = ExperiencePreview['mode'];

export const previewMessage = (config: ExperienceConfig, page: PreviewPage, mode: PreviewMode): ExperiencePreview => ({
  type: 'gatehouse:experience-preview',
  config,
  page,
  mode,
});
