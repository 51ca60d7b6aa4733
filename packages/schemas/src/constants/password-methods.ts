import { z } from 'zod';

/** How a user's stored password is encoded; everything except Argon2id is rehashed on next sign-in. */
export const passwordEncryptionMethods = ['Argon2i', 'Argon2id', 'Argon2d', 'SHA1', 'SHA256', 'MD5', 'Bcrypt', 'Legacy'] as const;
export type PasswordEncryptionMethod = (typeof passwordEncryptionMethods)[number];

export const passwordEncryptionMethodSchema = z.enum(passwordEncryptionMethods);
