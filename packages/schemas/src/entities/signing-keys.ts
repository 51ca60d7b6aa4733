import { z } from 'zod';

import { timestampSchema } from './common.js';

export const signingKeyAlgorithms = ['ES256', 'RS256'] as const;
export const signingKeyAlgorithmSchema = z.enum(signingKeyAlgorithms);
export type SigningKeyAlgorithm = z.infer<typeof signingKeyAlgorithmSchema>;

/** Which key set a route acts on: token signing keys or the cookie-signing keys. */
export const oidcKeyTypes = ['private-keys', 'cookie-keys'] as const;
export const oidcKeyTypeSchema = z.enum(oidcKeyTypes);

/** What the API shows of a key: never its private part. */
export const signingKeyInfoSchema = z
  .object({
    id: z.string(),
    createdAt: timestampSchema,
    /** `current` signs new tokens; `previous` keys stay published until deleted. */
    status: z.enum(['current', 'previous']),
    signingKeyAlgorithm: signingKeyAlgorithmSchema.optional(),
    publicJwk: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'OidcKey' });
export type SigningKeyInfo = z.infer<typeof signingKeyInfoSchema>;

export const rotateKeysSchema = z
  .object({ signingKeyAlgorithm: signingKeyAlgorithmSchema.optional() })
  .strict();
