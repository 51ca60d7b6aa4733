import { z } from 'zod';

import { secureUrlSchema, withPublishedMessage } from '../../kit/config-fields.js';
import { clientIdSchema, customParamsSchema } from '../oauth-fields.js';

const appleId = (what: string) => {
  const idMessage = `Must be the 10-character ${what}.`;
  return withPublishedMessage(z.string().regex(/^[\dA-Z]{10}$/, idMessage), idMessage);
};

export const appleConfigSchema = z.object({
  /** The Services ID (for the web), e.g. `com.example.signin`. */
  clientId: clientIdSchema,
  teamId: appleId('Team ID'),
  keyId: appleId('Key ID'),
  /** The downloaded `.p8` key: a PKCS #8 PEM of a P-256 key. */
  privateKey: z
    .string()
    .max(4096)
    .refine((pem) => /-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(pem), {
      message: 'Must be a PKCS #8 PEM private key (the .p8 file).',
    }),
  scope: z.string().max(2048).default('name email'),
  customParams: customParamsSchema.optional(),
  baseUrl: secureUrlSchema.default('https://appleid.apple.com'),
});
export type AppleConfig = z.infer<typeof appleConfigSchema>;
