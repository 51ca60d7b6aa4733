import { z } from 'zod';

import { emailAddressSchema, headerMapSchema, senderNameSchema, templateListSchema } from '../../kit/config-fields.js';
import { emailConfigTemplateSchema } from '../templates.js';

export const smtpConfigSchema = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  /** Implicit TLS (usually port 465); otherwise STARTTLS is used when the server offers it. */
  secure: z.boolean().optional(),
  auth: z.object({ user: z.string().min(1).max(256), pass: z.string().min(1).max(1024) }).optional(),
  fromEmail: emailAddressSchema(),
  fromName: senderNameSchema.optional(),
  replyTo: emailAddressSchema().optional(),
  templates: templateListSchema(emailConfigTemplateSchema),
  customHeaders: headerMapSchema.optional(),
  tls: z.object({ rejectUnauthorized: z.boolean().optional() }).optional(),
  /** Bounds connecting, the greeting and each later wait on the socket. */
  connectionTimeoutMs: z.number().int().min(100).max(120_000).default(10_000),
});
export type SmtpConfig = z.infer<typeof smtpConfigSchema>;
