import { z } from 'zod';

import { clientIdSchema, clientSecretSchema, customParamsSchema } from '../oauth-fields.js';
import { oidcEndpointsSchema } from '../oidc/config.js';

/** The endpoint fields only need setting to point at a stand-in (tests) or a proxy. */
export const googleConfigSchema = oidcEndpointsSchema.extend({
  clientId: clientIdSchema,
  clientSecret: clientSecretSchema,
  scope: z.string().max(2048).default('openid profile email'),
  /** E.g. `prompt`, `access_type=offline` (refresh tokens), `hd` (Workspace domain hint). */
  customParams: customParamsSchema.optional(),
});
export type GoogleConfig = z.infer<typeof googleConfigSchema>;
