import { z } from 'zod';

import { jsonObjectSchema } from './common.js';

/**
 * Token exchange (RFC 8693) for impersonation: a full-access administrator mints a short-lived,
 * single-use subject token for a user; a first-party application exchanges it at the token
 * endpoint for an access token acting as that user.
 */
export const tokenExchangeGrantType = 'urn:ietf:params:oauth:grant-type:token-exchange';
/** The only subject token type the token endpoint accepts (and the issued token's type). */
export const accessTokenTokenType = 'urn:ietf:params:oauth:token-type:access_token';
/** How long a subject token can wait to be exchanged. */
export const subjectTokenTtlSeconds = 600;

export const subjectTokenCreateSchema = z
  .object({
    userId: z.string().min(1).max(12).describe('The user the exchanged access token will act as.'),
    context: jsonObjectSchema.optional().describe('Free-form details kept with the token and written to the audit log (for example a support ticket).'),
  })
  .strict();
export type SubjectTokenCreate = z.infer<typeof subjectTokenCreateSchema>;

export const subjectTokenResponseSchema = z.object({
  subjectToken: z.string(),
  expiresIn: z.number().int(),
});
