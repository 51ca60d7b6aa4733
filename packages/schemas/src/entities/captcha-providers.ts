import { z } from 'zod';

import { timestampSchema } from './common.js';

/** Captcha providers (spec §3): the secret key never leaves the server. */
export const captchaProviderConfigSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Turnstile'), siteKey: z.string().min(1).max(256), secretKey: z.string().min(1).max(256) }).strict(),
  z
    .object({
      type: z.literal('RecaptchaEnterprise'),
      siteKey: z.string().min(1).max(256),
      secretKey: z.string().min(1).max(256),
      projectId: z.string().min(1).max(128),
    })
    .strict(),
]);
export type CaptchaProviderConfig = z.infer<typeof captchaProviderConfigSchema>;

export const captchaProviderSchema = z
  .object({
    id: z.string(),
    config: z.object({ type: z.enum(['Turnstile', 'RecaptchaEnterprise']), siteKey: z.string(), secretKey: z.string(), projectId: z.string().optional() }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'CaptchaProvider' });

