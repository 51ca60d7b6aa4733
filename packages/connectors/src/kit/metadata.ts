import { z } from 'zod';

import { connectorPlatforms, type ConnectorPlatform } from './types.js';

/** Localised text keyed by language tag; `en` is the fallback and always present. */
export type LocalizedText = { en: string } & Record<string, string>;

export const connectorFormItemTypes = ['Text', 'MultilineText', 'Number', 'Switch', 'Select', 'Json'] as const;

/** One field of the console form that edits a connector's config. */
export type ConnectorFormItem = {
  /** Dot path into the config. */
  key: string;
  label: string;
  type: (typeof connectorFormItemTypes)[number];
  required?: boolean;
  placeholder?: string;
  description?: string;
  selectItems?: { value: string; title: string }[];
};

export type ConnectorMetadata<C = unknown> = {
  /** The factory id, e.g. `smtp`. */
  id: string;
  /** Social: the identity provider (`google`); email and SMS: the factory id. */
  target: string;
  /** Social only; `null` for email and SMS. */
  platform: ConnectorPlatform | null;
  name: LocalizedText;
  /** A `data:image/svg+xml` URI of a small SVG, or an https URL. */
  logo: string;
  logoDark: string | null;
  description: LocalizedText;
  /** Markdown set-up notes for administrators. */
  readme?: string;
  /** Generic OIDC / OAuth 2: the administrator picks the target. */
  isStandard?: boolean;
  configGuard: z.ZodType<C>;
  formItems?: ConnectorFormItem[];
};

const slug = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[a-z][\da-z-]*$/, 'Must be lowercase letters, digits and hyphens, starting with a letter.');

const languageTag = z.string().regex(/^[a-z]{2,3}(-[\dA-Za-z]{2,8})*$/, 'Must be a language tag.');

const localizedText = (maxLength: number) =>
  z
    .record(languageTag, z.string().min(1).max(maxLength))
    .refine((value) => typeof value.en === 'string', { message: 'Needs an `en` entry.' });

/** Small enough to inline in API responses. */
const maxDataUriLength = 16_384;

const isLogo = (value: string) => {
  if (value.startsWith('data:image/svg+xml')) {
    return value.length <= maxDataUriLength && /^data:image\/svg\+xml(;base64|;charset=utf-8)?,./.test(value);
  }
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

const logo = z.string().refine(isLogo, { message: 'Must be an SVG data URI or an https URL.' });

const formItemSchema = z
  .object({
    key: z.string().min(1).max(256),
    label: z.string().min(1).max(256),
    type: z.enum(connectorFormItemTypes),
    required: z.boolean().optional(),
    placeholder: z.string().max(512).optional(),
    description: z.string().max(2048).optional(),
    selectItems: z.array(z.object({ value: z.string(), title: z.string() })).min(1).optional(),
  })
  .refine((item) => item.type !== 'Select' || item.selectItems, {
    message: 'A Select item needs selectItems.',
    path: ['selectItems'],
  });

export const connectorMetadataSchema = z.object({
  id: slug,
  target: slug,
  platform: z.enum(connectorPlatforms).nullable(),
  name: localizedText(128),
  logo,
  logoDark: logo.nullable(),
  description: localizedText(1024),
  readme: z.string().max(65_536).optional(),
  isStandard: z.boolean().optional(),
  configGuard: z.custom<z.ZodType>((value) => value instanceof z.ZodType, {
    message: 'Must be a zod schema.',
  }),
  formItems: z
    .array(formItemSchema)
    .refine((items) => new Set(items.map((item) => item.key)).size === items.length, {
      message: 'Form item keys must be unique.',
    })
    .optional(),
});
