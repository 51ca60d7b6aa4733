import { z } from 'zod';

import { idSchema, timestampSchema } from './common.js';
import { interactionEventSchema } from './experience.js';

/** Log keys written so far; sign-in flow keys join them with the sign-in experience. */
export const logKeys = [
  'ExchangeTokenBy.AuthorizationCode',
  'ExchangeTokenBy.RefreshToken',
  'ExchangeTokenBy.ClientCredentials',
  'ExchangeTokenBy.TokenExchange',
  'ExchangeTokenBy.Unknown',
] as const;
export type LogKey = (typeof logKeys)[number];

/** Steps of the sign-in flow that write a log entry, keyed `Interaction.{event}.{step}`. */
export const interactionLogSteps = [
  'Create',
  'Identification',
  'Verification.Password',
  'Verification.VerificationCode.Send',
  'Verification.VerificationCode.Verify',
  'Verification.Social.Create',
  'Verification.Social.Verify',
  'Profile.Update',
  'Profile.Password',
  'Submit',
  'Consent',
  'Cancel',
  'SelectAccount',
] as const;
export type InteractionLogStep = (typeof interactionLogSteps)[number];

/** Every log key the server writes: token requests, then each step of each sign-in flow event. */
export const auditLogKeys: readonly string[] = [
  ...logKeys,
  ...interactionEventSchema.options.flatMap((event) => interactionLogSteps.map((step) => `Interaction.${event}.${step}`)),
];

export const logResults = ['Success', 'Error'] as const;

export const logPayloadSchema = z.object({
  key: z.string(),
  result: z.enum(logResults),
  error: z.record(z.string(), z.unknown()).optional(),
  ip: z.string().optional(),
  userAgent: z.string().optional(),
  userId: z.string().optional(),
  applicationId: z.string().optional(),
  sessionId: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type LogPayload = z.infer<typeof logPayloadSchema>;

export const logSchema = z
  .object({ id: idSchema, key: z.string(), payload: logPayloadSchema, createdAt: timestampSchema })
  .meta({ id: 'Log' });
export type Log = z.infer<typeof logSchema>;

export const logListQuerySchema = z.object({
  userId: z.string().max(12).optional(),
  applicationId: z.string().max(21).optional(),
  logKey: z.string().max(128).optional(),
  result: z.enum(logResults).optional(),
  /** Millisecond timestamps, inclusive start and exclusive end. */
  startTime: z.coerce.number().int().nonnegative().optional(),
  endTime: z.coerce.number().int().nonnegative().optional(),
});
