import { z } from 'zod';

import { secureUrlSchema, templateListSchema } from '../../kit/config-fields.js';
import { smsTemplateSchema } from '../templates.js';

export const twilioSmsConfigSchema = z
  .object({
    accountSID: z.string().regex(/^AC[\da-f]{32}$/i, 'Must be an Account SID (AC…).'),
    authToken: z.string().min(1).max(256),
    /** A phone number in E.164 form, or an alphanumeric sender ID. */
    fromNumber: z
      .string()
      .regex(/^(\+[1-9]\d{1,14}|[\dA-Za-z ]{1,11})$/, 'Must be an E.164 number or an alphanumeric sender ID.')
      .optional(),
    fromMessagingServiceSID: z.string().regex(/^MG[\da-f]{32}$/i, 'Must be a Messaging Service SID (MG…).').optional(),
    templates: templateListSchema(smsTemplateSchema),
    apiBaseUrl: secureUrlSchema.default('https://api.twilio.com'),
    timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
  })
  .refine((config) => (config.fromNumber === undefined) !== (config.fromMessagingServiceSID === undefined), {
    message: 'Set exactly one of fromNumber and fromMessagingServiceSID.',
    path: ['fromNumber'],
  });
export type TwilioSmsConfig = z.infer<typeof twilioSmsConfigSchema>;
