import { z } from 'zod';

import { secureUrlSchema } from '../../kit/config-fields.js';
import {
  clientIdSchema,
  clientSecretSchema,
  customParamsSchema,
  standardTargetSchema,
  tokenEndpointAuthMethodSchema,
} from '../oauth-fields.js';

export const jwsAlgorithms = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

/** Optional endpoint overrides; with authorization, token and JWKS endpoints all set there is no discovery. */
export const oidcEndpointsSchema = z.object({
  authorizationEndpoint: secureUrlSchema.optional(),
  tokenEndpoint: secureUrlSchema.optional(),
  userinfoEndpoint: secureUrlSchema.optional(),
  jwksUri: secureUrlSchema.optional(),
});

export const oidcConfigSchema = oidcEndpointsSchema.extend({
  /** Needed even with explicit endpoints: ID tokens are checked against it. */
  issuer: secureUrlSchema,
  clientId: clientIdSchema,
  clientSecret: clientSecretSchema,
  scope: z
    .string()
    .max(2048)
    .default('openid profile email')
    .refine((scope) => scope.split(/\s+/).includes('openid'), { message: 'Must include openid.' }),
  tokenEndpointAuthMethod: tokenEndpointAuthMethodSchema,
  idTokenSignedResponseAlg: z.enum(jwsAlgorithms).optional(),
  customParams: customParamsSchema.optional(),
  target: standardTargetSchema.optional(),
});
export type OidcConfig = z.infer<typeof oidcConfigSchema>;
