import { z } from 'zod';

import { secureUrlSchema } from '../../kit/config-fields.js';
import { clientIdSchema, clientSecretSchema, customParamsSchema } from '../oauth-fields.js';

export const githubConfigSchema = z.object({
  clientId: clientIdSchema,
  clientSecret: clientSecretSchema,
  scope: z.string().max(2048).default('read:user user:email'),
  customParams: customParamsSchema.optional(),
  /** GitHub Enterprise Server: `https://github.example.com`. */
  baseUrl: secureUrlSchema.default('https://github.com'),
  /** GitHub Enterprise Server: `https://github.example.com/api/v3`. */
  apiBaseUrl: secureUrlSchema.default('https://api.github.com'),
});
export type GithubConfig = z.infer<typeof githubConfigSchema>;
