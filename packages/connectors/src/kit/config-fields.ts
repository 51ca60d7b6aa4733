import { z } from 'zod';

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

const parseUrl = (value: string) => {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
};

/** Plain http is only for a service on the same machine (development, tests). */
export const isLoopbackUrl = (value: string) => loopbackHosts.has(parseUrl(value)?.hostname ?? '');

const isHttpsOrLoopback = (value: string) => {
  const url = parseUrl(value);
  return url?.protocol === 'https:' || (url?.protocol === 'http:' && loopbackHosts.has(url.hostname));
};

/** An endpoint that receives credentials or tokens: https, or http on a loopback host. */
export const secureUrlSchema = z
  .string()
  .max(2048)
  .refine(isHttpsOrLoopback, { message: 'Must be an https URL (http only on localhost).' });

export const httpUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => ['http:', 'https:'].includes(parseUrl(value)?.protocol ?? ''), {
    message: 'Must be an http(s) URL.',
  });

/**
 * Publishes a field's own message in the factory's JSON Schema, as `errorMessage` (the keyword
 * ajv-errors reads): a `pattern` or `format` there carries no message, so a form generated from the
 * schema (the console's) could only say the value is invalid. Give the same text as the check's own
 * message; it is one of the shared validation messages, so the form shows it in its language.
 */
export const withPublishedMessage = <T extends z.ZodType>(schema: T, message: string): T => schema.meta({ errorMessage: message });

/** An email address field: the schemas' wording, published for generated forms. */
const emailAddressMessage = 'Must be an email address.';
export const emailAddressSchema = () => withPublishedMessage(z.email({ message: emailAddressMessage }), emailAddressMessage);

/** Spec §5's sender name rule is shared with the tenant's email templates. */
export { containsUrl, senderNameSchema, templateContentTypeSchema, templateTypeSchema } from '@gatehouse/schemas';

/** At least one template, one per usage type. */
export const templateListSchema = <T extends z.ZodType<{ usageType: string }>>(item: T) =>
  z
    .array(item)
    .min(1)
    .superRefine((templates, context) => {
      const seen = new Set<string>();
      for (const [index, template] of templates.entries()) {
        if (seen.has(template.usageType)) {
          context.addIssue({
            code: 'custom',
            message: `Duplicate template for ${template.usageType}.`,
            path: [index, 'usageType'],
          });
        }
        seen.add(template.usageType);
      }
    });

export const stringMapSchema = z.record(z.string().min(1).max(256), z.string().max(4096));

/** Extra HTTP or mail headers: token names, one-line values (no header injection). */
export const headerMapSchema = stringMapSchema
  .refine((headers) => Object.keys(headers).every((name) => /^[\dA-Za-z-]+$/.test(name)), {
    message: 'Header names may only hold letters, digits and hyphens.',
  })
  .refine((headers) => Object.values(headers).every((value) => !/[\0\n\r]/.test(value)), {
    message: 'Header values must be on one line.',
  });
