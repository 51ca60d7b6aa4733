import { fallbackLocale, isSupportedLocale, supportedLocales, type SupportedLocale } from '@gatehouse/schemas/locales';

/** Spec §5/§9: System follows the operating system live; Light and Dark are fixed. */
export const appearanceModes = ['system', 'light', 'dark'] as const;
export type AppearanceMode = (typeof appearanceModes)[number];

/** Acknowledgement flags for one-time notices (spec §3, console user preferences). */
export const acknowledgementFlags = [
  'experienceNoticeConfirmed',
  'connectorSieNoticeConfirmed',
  'managementApiNoticeConfirmed',
  'roleWithManagementApiAccessNotificationAcknowledged',
  'm2mRoleNotificationAcknowledged',
  'mfaUpsellNoticeAcknowledged',
  'm2mUpsellNoticeAcknowledged',
  'apiResourceUpsellNoticeAcknowledged',
  'organizationUpsellNoticeAcknowledged',
  'tenantMembersUpsellNoticeAcknowledged',
  'enterpriseSsoUpsellNoticeAcknowledged',
  'addOnChangesInCurrentCycleNoticeConfirmed',
  'securityFeaturesUpsellNoticeAcknowledged',
] as const;
export type AcknowledgementFlag = (typeof acknowledgementFlags)[number];

export type ConsolePreferences = {
  language: SupportedLocale;
  appearanceMode: AppearanceMode;
} & Partial<Record<AcknowledgementFlag, boolean>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isAppearanceMode = (value: unknown): value is AppearanceMode =>
  typeof value === 'string' && (appearanceModes as readonly string[]).includes(value);

/**
 * Reads console preferences (from a user's custom data or the browser's storage). They are
 * validated on read: a value that is not an object, a language outside the 17 locales, an unknown
 * appearance mode or a flag that is not a boolean makes the whole record invalid, and the defaults
 * apply: language en and the appearance mode stored in this browser (spec §5). Missing fields take
 * their default without invalidating the rest.
 */
export const parseConsolePreferences = (
  raw: unknown,
  storedAppearanceMode: AppearanceMode = 'system',
): ConsolePreferences => {
  const defaults: ConsolePreferences = { language: fallbackLocale, appearanceMode: storedAppearanceMode };
  if (raw === undefined || raw === null) {
    return defaults;
  }
  if (!isRecord(raw)) {
    return defaults;
  }
  const { language, appearanceMode } = raw;
  if (language !== undefined && !(typeof language === 'string' && isSupportedLocale(language))) {
    return defaults;
  }
  if (appearanceMode !== undefined && !isAppearanceMode(appearanceMode)) {
    return defaults;
  }
  const flags: Partial<Record<AcknowledgementFlag, boolean>> = {};
  for (const flag of acknowledgementFlags) {
    const value = raw[flag];
    if (value === undefined) {
      continue;
    }
    if (typeof value !== 'boolean') {
      return defaults;
    }
    flags[flag] = value;
  }
  return {
    ...flags,
    language: language ?? defaults.language,
    appearanceMode: appearanceMode ?? defaults.appearanceMode,
  };
};

/**
 * The best of the console's locales for a browser's preferred languages: an exact tag first, then
 * the same language with another region (`pt` → `pt-BR`, `zh-Hant` → `zh-TW`), else en.
 */
export const matchLocale = (preferred: readonly string[]): SupportedLocale => {
  for (const tag of preferred) {
    const exact = tag.trim();
    const canonical = exact.toLowerCase();
    const direct = supportedLocales.find((locale) => locale.toLowerCase() === canonical);
    if (direct) {
      return direct;
    }
    if (canonical.startsWith('zh')) {
      if (/hant|-tw|-mo/.test(canonical)) {
        return 'zh-TW';
      }
      if (/-hk/.test(canonical)) {
        return 'zh-HK';
      }
      return 'zh-CN';
    }
    const language = canonical.split('-')[0];
    const sameLanguage = supportedLocales.find((locale) => locale.toLowerCase().split('-')[0] === language);
    if (sameLanguage) {
      return sameLanguage;
    }
  }
  return fallbackLocale;
};

