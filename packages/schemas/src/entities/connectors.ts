import { z } from 'zod';

import { supportedLocales } from '../constants/locales.js';
import { emailPattern, isHttpUrl } from '../rules/patterns.js';
import { jsonObjectSchema, timestampSchema } from './common.js';

export const connectorTypes = ['Email', 'Sms', 'Social'] as const;
export const connectorTypeSchema = z.enum(connectorTypes);
export type ConnectorType = z.infer<typeof connectorTypeSchema>;
export const connectorPlatforms = ['Native', 'Universal', 'Web'] as const;
export const connectorPlatformSchema = z.enum(connectorPlatforms);
export type ConnectorPlatform = z.infer<typeof connectorPlatformSchema>;

/** What a message is for; also the key of a template (spec §3). */
export const templateTypes = [
  'SignIn',
  'Register',
  'ForgotPassword',
  'OrganizationInvitation',
  'Generic',
  'UserPermissionValidation',
  'BindNewIdentifier',
] as const;
export const templateTypeSchema = z.enum(templateTypes);
export type TemplateType = z.infer<typeof templateTypeSchema>;
export const templateContentTypes = ['text/html', 'text/plain'] as const;
export const templateContentTypeSchema = z.enum(templateContentTypes);
export type TemplateContentType = z.infer<typeof templateContentTypeSchema>;

/** Names per language tag, with the required `en` entry (spec §5). */
export const localizedNameSchema = z
  .record(z.string().min(2).max(16), z.string().min(1).max(128))
  .refine((names) => typeof names.en === 'string', { message: 'Needs an en entry.' });

const connectorIdSchema = z.string().min(1).max(128);

/** Admin overrides of a generic (standard) connector's presentation. */
export const connectorMetadataOverridesSchema = z
  .object({
    target: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[\da-z][\d_a-z-]*$/, { message: 'Must be lowercase letters, digits, "-" or "_", starting with a letter or digit.' }),
    name: localizedNameSchema,
    logo: z.string().max(2048).refine((value) => value === '' || isHttpUrl(value) || value.startsWith('data:image/'), {
      message: 'Must be an http(s) or data:image URL.',
    }),
    logoDark: z.string().max(2048).nullable(),
  })
  .partial()
  .strict();

export const connectorCreateSchema = z
  .object({
    /** The factory to build it from, e.g. `smtp`, `google`, `oidc`. */
    connectorId: connectorIdSchema,
    /** Optional own id (defaults to a generated one). */
    id: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[\w-]+$/, { message: 'Must be letters, digits, "-" or "_".' })
      .optional(),
    config: jsonObjectSchema,
    metadata: connectorMetadataOverridesSchema.optional(),
    syncProfile: z.boolean().optional(),
    enableTokenStorage: z.boolean().optional(),
  })
  .strict();
export type ConnectorCreate = z.infer<typeof connectorCreateSchema>;

export const connectorPatchSchema = connectorCreateSchema.omit({ connectorId: true, id: true }).partial().strict();
export type ConnectorPatch = z.infer<typeof connectorPatchSchema>;

export const connectorSchema = z
  .object({
    id: z.string(),
    connectorId: z.string(),
    type: connectorTypeSchema,
    target: z.string(),
    platform: connectorPlatformSchema.nullable(),
    name: z.record(z.string(), z.string()),
    logo: z.string(),
    logoDark: z.string().nullable(),
    /** The configuration, with secret values replaced by `secretMask`. */
    config: jsonObjectSchema,
    metadata: connectorMetadataOverridesSchema,
    syncProfile: z.boolean(),
    enableTokenStorage: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Connector' });
export type Connector = z.infer<typeof connectorSchema>;

/** Shown instead of a stored secret; sending it back in a patch keeps the stored value. */
export const secretMask = '********';

/**
 * Config keys whose values are credentials (also header and form field names inside a config, such
 * as `X-Auth-Key` or `key`): the server answers them masked, forms edit them as passwords. A false
 * positive only hides a value, a miss shows a credential, so the words are broad.
 */
const secretConfigKey = /secret|passw(?:or)?d|passphrase|^pass$|^pwd$|token|api[-_]?key|auth|credential|signature|private|cookie|keys?$/i;

/**
 * Settings that merely name or locate a credential (`tokenEndpoint`, `tokenEndpointAuthMethod`,
 * `idTokenSignedResponseAlg`, `keyId`) are not secrets.
 */
const credentialSettingKey = /(?:endpoint|ur[il]|method|alg|algorithm|id|type|format|mode|enabled)$/i;

export const isSecretConfigKey = (key: string) => secretConfigKey.test(key) && !credentialSettingKey.test(key);

export const connectorFactorySchema = z
  .object({
    id: z.string(),
    type: connectorTypeSchema,
    target: z.string(),
    platform: connectorPlatformSchema.nullable(),
    name: z.record(z.string(), z.string()),
    description: z.record(z.string(), z.string()),
    logo: z.string(),
    logoDark: z.string().nullable(),
    isStandard: z.boolean(),
    /** JSON Schema of the factory's configuration, for forms. */
    configSchema: jsonObjectSchema,
  })
  .meta({ id: 'ConnectorFactory' });

export const connectorTestSchema = z
  .object({
    config: jsonObjectSchema,
    /** Email address or phone number to send the test message to. */
    to: z.string().min(1).max(128),
    locale: z.enum(supportedLocales).optional(),
    /** A saved connector of this factory: masked secrets in `config` are taken from its stored configuration. */
    id: z.string().min(1).max(128).optional(),
  })
  .strict();

/** A scheme (`https://`), a `www.` prefix, or a dotted host name with a letter TLD (`example.com`). */
const urlLike = /[a-z][\d+.a-z-]*:\/\/|\bwww\.|\b[\da-z][\da-z-]*(\.[\da-z-]+)*\.[a-z]{2,63}\b/i;

export const containsUrl = (text: string) => urlLike.test(text);

/** Spec §5: a sender name must not contain a URL. */
export const senderNameSchema = z
  .string()
  .min(1)
  .max(256)
  .refine((value) => !containsUrl(value), { message: 'Must not contain a URL.' });

const emailTemplateDetailsShape = {
  subject: z.string().min(1).max(512),
  content: z.string().min(1).max(100_000),
  contentType: templateContentTypeSchema,
};

/** What a template may be saved with. */
export const emailTemplateDetailsSchema = z
  .object({
    ...emailTemplateDetailsShape,
    // The subject becomes a mail header: a line break in it would start another header (Bcc:, say).
    subject: emailTemplateDetailsShape.subject.regex(/^[^\n\r]*$/, { message: 'Header values must be on one line.' }),
    replyTo: z.string().max(256).regex(emailPattern, { message: 'Must be an email address.' }).optional(),
    sendFrom: senderNameSchema.optional(),
  })
  .strict();

/** What a stored template is answered with (rows saved before the checks above still read back). */
const storedEmailTemplateDetailsSchema = z
  .object({ ...emailTemplateDetailsShape, replyTo: z.string().max(256).optional(), sendFrom: z.string().max(256).optional() })
  .strict();

export const emailTemplateSchema = z
  .object({
    id: z.string(),
    languageTag: z.string(),
    templateType: templateTypeSchema,
    details: storedEmailTemplateDetailsSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateUpsertSchema = z
  .object({
    templates: z
      .array(z.object({ languageTag: z.enum(supportedLocales), templateType: templateTypeSchema, details: emailTemplateDetailsSchema }).strict())
      .min(1)
      .max(200)
      .superRefine((templates, context) => {
        const seen = new Set<string>();
        for (const [index, template] of templates.entries()) {
          const key = `${template.languageTag} ${template.templateType}`;
          if (seen.has(key)) {
            context.addIssue({ code: 'custom', message: `Duplicate template for ${key}.`, path: [index, 'templateType'] });
          }
          seen.add(key);
        }
      }),
  })
  .strict();

export const emailTemplateQuerySchema = z.object({
  languageTag: z.enum(supportedLocales).optional(),
  templateType: templateTypeSchema.optional(),
});

