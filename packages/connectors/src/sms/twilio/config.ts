import { z } from 'zod';

import { secureUrlSchema, templateListSchema, withPublishedMessage } from '../../kit/config-fields.js';
import { smsTemplateSchema } from '../templates.js';

const accountSidMessage = 'Must be an Account SID (AC…).';
const fromNumberMessage = 'Must be an E.164 number or an alphanumeric sender ID.';
const messagingServiceSidMessage = 'Must be a Messaging Service SID (MG…).';

export const twilioSmsConfigSchema = z
  .object({
    accountSID: withPublishedMessage(z.string().regex(/^AC[\da-f]{32}$/i, accountSidMessage), accountSidMessage),
    authToken: z.string().min(1).max(256),
    /** A phone number in E.164 form, or an alphanumeric sender ID. */
    fromNumber: withPublishedMessage(z.string().regex(/^(\+[1-9]\d{1,14}|[\dA-Za-z ]{1,11})$/, fromNumberMessage), fromNumberMessage).optional(),
    fromMessagingServiceSID: withPublishedMessage(z.string().regex(/^MG[\da-f]{32}$/i, messagingServiceSidMessage), messagingServiceSidMessage).optional(),
    templates: templateListSchema(smsTemplateSchema),
    apiBaseUrl: secureUrlSchema.default('https://api.twilio.com'),
    timeoutMs: z.number().int().min(100).max(60_000).default(10_000),
  })
  .refine((config) => (config.fromNumber === undefined) !== (config.fromMessagingServiceSID === undefined), {
    message: 'Set exactly one of fromNumber and fromMessagingServiceSID.',
    path: ['fromNumber'],
  });
export type TwilioSmsConfig = z.infer<typeof twilioSmsConfigSchema>;
