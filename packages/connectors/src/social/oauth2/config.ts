import { z } from 'zod';

import { secureUrlSchema } from '../../kit/config-fields.js';
import {
  clientIdSchema,
  clientSecretSchema,
  customParamsSchema,
  standardTargetSchema,
  tokenEndpointAuthMethodSchema,
} from '../oauth-fields.js';

const profilePath = z.string().min(1).max(256);

/** Where each profile field sits in the userinfo JSON; dot paths reach nested values (`data.user.id`). */
export const profileMapSchema = z.object({
  id: profilePath.default('id'),
  email: profilePath.default('email'),
  name: profilePath.default('name'),
  avatar: profilePath.default('avatar'),
  phone: profilePath.optional(),
  /** Leave unset unless the provider states that the email was verified. */
  emailVerified: profilePath.optional(),
});

export const oauth2ConfigSchema = z.object({
  authorizationEndpoint: secureUrlSchema,
  tokenEndpoint: secureUrlSchema,
  userInfoEndpoint: secureUrlSchema,
  clientId: clientIdSchema,
  clientSecret: clientSecretSchema,
  scope: z.string().max(2048).optional(),
  tokenEndpointAuthMethod: tokenEndpointAuthMethodSchema,
  profileMap: profileMapSchema.prefault({}),
  customParams: customParamsSchema.optional(),
  /** Send a PKCE challenge; turn off for providers that refuse unknown parameters. */
  enablePkce: z.boolean().default(true),
  target: standardTargetSchema.optional(),
});
export type OAuth2Config = z.infer<typeof oauth2ConfigSchema>;
export type ProfileMap = z.infer<typeof profileMapSchema>;
