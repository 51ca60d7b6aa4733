import { z } from 'zod';

import { customProfileTextMaxLength } from '../rules/custom-profile-values.js';
import { idSchema, unique } from './common.js';

export * from '../rules/custom-profile-values.js';

export const customProfileFieldTypes = [
  'Text',
  'Number',
  'Date',
  'Checkbox',
  'Select',
  'Url',
  'Regex',
  'Address',
  'Fullname',
] as const;
export const customProfileFieldTypeSchema = z.enum(customProfileFieldTypes);
export type CustomProfileFieldType = z.infer<typeof customProfileFieldTypeSchema>;

/** Names of the user's own columns, which a custom field must never shadow. */
export const reservedCustomProfileFieldNames = ['username', 'primaryEmail', 'primaryPhone', 'password', 'avatar', 'id'] as const;

/**
 * Names whose values are kept on the user's own profile rather than in custom data, with the
 * field types that produce what the profile holds there (spec §3: `birthdate` is text, `address`
 * an object of parts, and so on). A field named `fullname` fills the given, middle and family names.
 */
export const builtInProfileFieldTypes: Readonly<Record<string, readonly CustomProfileFieldType[]>> = {
  name: ['Text'],
  givenName: ['Text', 'Select', 'Regex'],
  middleName: ['Text', 'Select', 'Regex'],
  familyName: ['Text', 'Select', 'Regex'],
  nickname: ['Text', 'Select', 'Regex'],
  preferredUsername: ['Text', 'Select', 'Regex'],
  profile: ['Url'],
  website: ['Url'],
  gender: ['Text', 'Select'],
  birthdate: ['Date'],
  zoneinfo: ['Text', 'Select'],
  locale: ['Text', 'Select'],
  address: ['Address'],
  fullname: ['Fullname'],
};

/** Where a field's value is kept: the user's name, the name parts, one profile claim, or custom data. */
export const profileFieldTarget = (name: string): 'name' | 'fullname' | 'profile' | 'customData' =>
  name === 'name' || name === 'fullname' ? name : Object.hasOwn(builtInProfileFieldTypes, name) ? 'profile' : 'customData';

export const builtInProfileFieldTypeMessage = 'This name is kept on the user profile and needs another field type.';

/** Whether a field of this type may carry this name (see {@link builtInProfileFieldTypes}). */
export const fitsBuiltInProfileField = ({ name, type }: { name: string; type: CustomProfileFieldType }) =>
  builtInProfileFieldTypes[name]?.includes(type) ?? true;

export const birthdateFormatMessage = 'The birthdate claim is written YYYY-MM-DD: choose the yyyy-MM-dd format.';

/**
 * A Date field named `birthdate` fills the OpenID Connect `birthdate` claim, which is written
 * `YYYY-MM-DD` (Core §5.1): it stores dates in that format only.
 */
export const fitsBirthdateClaim = (field: { name: string; type: CustomProfileFieldType; config?: unknown }) =>
  field.name !== 'birthdate' || field.type !== 'Date' || (field.config as { format?: unknown } | undefined)?.format === 'yyyy-MM-dd';

export const customProfileFieldNameSchema = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z]\w*$/, { message: 'Must start with a letter, then letters, digits or underscores.' })
  .refine((name) => !(reservedCustomProfileFieldNames as readonly string[]).includes(name), {
    message: 'This name belongs to a built-in user field.',
  });

const placeholder = z.string().max(256).optional();
const length = z.number().int().min(0).max(customProfileTextMaxLength);

export const textFieldConfigSchema = z
  .object({ placeholder, minLength: length.optional(), maxLength: length.min(1).optional() })
  .strict()
  .refine(({ minLength, maxLength }) => minLength === undefined || maxLength === undefined || minLength <= maxLength, {
    message: 'The minimum length must not exceed the maximum length.',
    path: ['maxLength'],
  });

export const numberFieldConfigSchema = z
  .object({ placeholder, minValue: z.number().optional(), maxValue: z.number().optional() })
  .strict()
  .refine(({ minValue, maxValue }) => minValue === undefined || maxValue === undefined || minValue <= maxValue, {
    message: 'The minimum value must not exceed the maximum value.',
    path: ['maxValue'],
  });

export const dateFormats = ['MM/dd/yyyy', 'dd/MM/yyyy', 'yyyy-MM-dd', 'custom'] as const;
export const dateFormatSchema = z.enum(dateFormats);
export type DateFormat = z.infer<typeof dateFormatSchema>;

export const dateFieldConfigSchema = z
  .object({
    placeholder,
    format: dateFormatSchema,
    /** Shown to the user as a hint when `format` is `custom`; values are then not parsed. */
    customFormat: z.string().min(1).max(128).optional(),
  })
  .strict()
  .refine(({ format, customFormat }) => format !== 'custom' || customFormat !== undefined, {
    message: 'A custom format needs a description for users.',
    path: ['customFormat'],
  });

const fieldOptionSchema = z.object({ label: z.string().min(1).max(128), value: z.string().min(1).max(128) }).strict();
export type CustomProfileFieldOption = z.infer<typeof fieldOptionSchema>;

const optionList = z
  .array(fieldOptionSchema)
  .min(1)
  .max(100)
  .refine((options) => new Set(options.map(({ value }) => value)).size === options.length, {
    message: 'Contains the same option value twice.',
  });

export const checkboxFieldConfigSchema = z.object({ options: optionList }).strict();
export const selectFieldConfigSchema = z.object({ placeholder, options: optionList }).strict();
export const urlFieldConfigSchema = z.object({ placeholder }).strict();

/** Anchored like HTML's `pattern` attribute: the whole value must match. */
const fullMatch = (format: string) => new RegExp(`^(?:${format})$`);

const compiles = (format: string) => {
  try {
    fullMatch(format);
    return true;
  } catch {
    return false;
  }
};

export const regexFieldConfigSchema = z
  .object({
    placeholder,
    /** A JavaScript regular expression the whole value must match (as HTML's `pattern` attribute). */
    format: z.string().min(1).max(128).refine(compiles, { message: 'Must be a valid regular expression.' }),
  })
  .strict();

export const addressPartNames = ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country'] as const;
export const fullnamePartNames = ['givenName', 'middleName', 'familyName'] as const;

const partsSchema = <const Names extends readonly [string, ...string[]]>(names: Names) =>
  z
    .array(
      z
        .object({
          name: z.enum(names),
          enabled: z.boolean(),
          label: z.string().max(128).optional(),
          required: z.boolean().optional(),
        })
        .strict(),
    )
    .min(1)
    .max(names.length)
    .refine((parts) => new Set(parts.map(({ name }) => name)).size === parts.length, {
      message: 'Contains the same part twice.',
    })
    // A field with no part to fill would show a heading and nothing under it.
    .refine((parts) => parts.some((part) => part.enabled), { message: 'Turn on at least one part.' });

export const addressFieldConfigSchema = z.object({ parts: partsSchema(addressPartNames) }).strict();
export const fullnameFieldConfigSchema = z.object({ parts: partsSchema(fullnamePartNames) }).strict();

const baseFields = {
  /** The key the value is stored under. */
  name: customProfileFieldNameSchema,
  label: z.string().max(128),
  description: z.string().max(256).optional(),
  required: z.boolean(),
  /** Position on the sign-in experience's profile form, ascending. */
  sieOrder: z.number().int().min(0),
};

/**
 * One object per type, each pairing `type` with its config schema, so a discriminated union checks
 * the config by type. `strict` for request bodies; responses strip unknown keys instead.
 */
const variantsOf = <Shape extends z.ZodRawShape>(shape: Shape, strict: boolean) => {
  const variant = <Type extends CustomProfileFieldType, Config extends z.ZodType>(type: Type, config: Config) => {
    const schema = z.object({ ...shape, type: z.literal(type), config });
    return strict ? schema.strict() : schema;
  };
  return [
    variant('Text', textFieldConfigSchema),
    variant('Number', numberFieldConfigSchema),
    variant('Date', dateFieldConfigSchema),
    variant('Checkbox', checkboxFieldConfigSchema),
    variant('Select', selectFieldConfigSchema),
    variant('Url', urlFieldConfigSchema),
    variant('Regex', regexFieldConfigSchema),
    variant('Address', addressFieldConfigSchema),
    variant('Fullname', fullnameFieldConfigSchema),
  ] as const;
};

/** A field as stored and returned. */
export const customProfileFieldSchema = z
  .discriminatedUnion('type', variantsOf({ id: idSchema, ...baseFields }, false))
  .meta({ id: 'CustomProfileField' });
export type CustomProfileField = z.infer<typeof customProfileFieldSchema>;

/** A new field: no id; without `sieOrder` the server places it last. */
export const customProfileFieldCreateSchema = z
  .discriminatedUnion('type', variantsOf(z.object(baseFields).partial({ sieOrder: true }).shape, true))
  .refine(fitsBuiltInProfileField, { message: builtInProfileFieldTypeMessage, path: ['name'] })
  .refine(fitsBirthdateClaim, { message: birthdateFormatMessage, path: ['config', 'format'] });
export type CustomProfileFieldCreate = z.infer<typeof customProfileFieldCreateSchema>;

/**
 * Any subset of the fields. `type` and `config` go together (a config means nothing without its
 * type); the server checks the merged field with {@link customProfileFieldSchema}.
 */
const patchVariants = variantsOf(z.object(baseFields).partial().shape, true);
export type CustomProfileFieldPatch =
  | z.infer<(typeof patchVariants)[number]>
  | Partial<z.infer<z.ZodObject<typeof baseFields>>>;

const configSchemaOf = new Map<string, z.ZodType>(patchVariants.map((variant) => [variant.shape.type.value, variant.shape.config]));

/**
 * One object rather than a union, so that each problem is reported at its own field (`body.required`,
 * `body.config.options`) instead of as one "invalid input" for the whole body.
 */
export const customProfileFieldPatchSchema = z
  .object({ ...z.object(baseFields).partial().shape, type: customProfileFieldTypeSchema.optional(), config: z.unknown().optional() })
  .strict()
  .superRefine((patch, context) => {
    if ((patch.type === undefined) !== (patch.config === undefined)) {
      context.addIssue({ code: 'custom', path: [patch.type === undefined ? 'type' : 'config'], message: 'type and config go together.' });
      return;
    }
    const checked = patch.type ? configSchemaOf.get(patch.type)?.safeParse(patch.config) : undefined;
    for (const issue of checked?.success === false ? checked.error.issues : []) {
      context.addIssue({ ...issue, path: ['config', ...issue.path] } as never);
    }
  }) as unknown as z.ZodType<CustomProfileFieldPatch>;

/** `POST /custom-profile-fields/properties/sie-order`: these fields first, in this order. */
export const customProfileFieldOrderSchema = z
  .object({
    order: z
      .array(z.string().min(1).max(128))
      .min(1)
      .refine(unique, { message: 'Contains the same entry twice.' }),
  })
  .strict();
