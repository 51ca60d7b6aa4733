import { z } from 'zod';

import { headerMapSchema, httpUrlSchema, stringMapSchema, templateListSchema } from '../../kit/config-fields.js';
import { substitutePlaceholders } from '../../kit/render-template.js';
import { smsTemplateSchema } from '../templates.js';

/** Escapes a value for use inside a JSON string literal. */
export const escapeJsonString = (value: string) => JSON.stringify(value).slice(1, -1);

const isJsonTemplate = (template: string) => {
  try {
    JSON.parse(substitutePlaceholders(template, {}, escapeJsonString));
    return true;
  } catch {
    return false;
  }
};

export const httpSmsConfigSchema = z.object({
  endpoint: httpUrlSchema,
  method: z.literal('POST').default('POST'),
  headers: headerMapSchema.optional(),
  /** Sent as the Authorization header, e.g. `Bearer …`. */
  authorization: z.string().min(1).max(4096).optional(),
  /**
   * The request body. Placeholders: `{{to}}`, `{{content}}`, `{{type}}`, `{{locale}}` and the
   * payload's keys (`{{code}}`, …). In JSON they belong inside string literals.
   */
  bodyTemplate: z.discriminatedUnion('format', [
    z.object({
      format: z.literal('json'),
      template: z
        .string()
        .min(2)
        .max(16_384)
        .refine(isJsonTemplate, { message: 'Must be JSON, with placeholders inside strings.' }),
    }),
    z.object({ format: z.literal('form'), fields: stringMapSchema }),
  ]),
  templates: templateListSchema(smsTemplateSchema),
  timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
});
export type HttpSmsConfig = z.infer<typeof httpSmsConfigSchema>;
