import { z } from 'zod';

import { secureUrlSchema } from '../../kit/config-fields.js';
import { clientIdSchema, clientSecretSchema, customParamsSchema } from '../oauth-fields.js';

export const multiTenantValues = ['common', 'organizations', 'consumers'] as const;

const tenantIdPattern = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

export const microsoftConfigSchema = z.object({
  clientId: clientIdSchema,
  clientSecret: clientSecretSchema,
  /**
   * `common` (any work or personal account), `organizations`, `consumers`, or one directory's
   * tenant ID. Domain names are refused: ID tokens name the tenant by ID, so they could not be checked.
   */
  tenant: z
    .string()
    .default('common')
    .refine((value) => (multiTenantValues as readonly string[]).includes(value) || tenantIdPattern.test(value), {
      message: 'Must be common, organizations, consumers or a directory (tenant) ID.',
    }),
  scope: z.string().max(2048).default('openid profile email'),
  customParams: customParamsSchema.optional(),
  /** National clouds, e.g. `https://login.microsoftonline.us`. */
  baseUrl: secureUrlSchema.default('https://login.microsoftonline.com'),
});
export type MicrosoftConfig = z.infer<typeof microsoftConfigSchema>;
