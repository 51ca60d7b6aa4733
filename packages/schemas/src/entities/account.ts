import { z } from 'zod';

import { primaryEmailSchema } from './users.js';

/** The console user's own account: linking an email address with a code sent to it. */
export const verificationCodeSchema = z.string().regex(/^\d{6}$/, { message: 'Must be the 6-digit code.' });

export const accountVerificationCodeRequestSchema = z.object({ email: primaryEmailSchema }).strict();
export type AccountVerificationCodeRequest = z.infer<typeof accountVerificationCodeRequestSchema>;

export const accountEmailSchema = z.object({ email: primaryEmailSchema, verificationCode: verificationCodeSchema }).strict();
export type AccountEmail = z.infer<typeof accountEmailSchema>;
