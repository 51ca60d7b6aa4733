import { createHash, randomBytes } from 'node:crypto';

import {
  backupCodeCount,
  type MfaFactor,
  type UserMfaVerification,
  type UserMfaVerificationCreate,
} from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { users } from './users.table.js';

type StoredBase = { id: string; createdAt: string; lastUsedAt?: string | null };

/** How verifications sit in `users.mfa_verifications`: TOTP keys sealed, backup codes hashed. */
export type StoredMfaVerification = StoredBase &
  (
    | { type: 'Totp'; key: string }
    | { type: 'BackupCode'; codes: { hash: string; usedAt: string | null }[] }
    | {
        type: 'WebAuthn';
        credentialId: string;
        publicKey: string;
        transports: string[];
        counter: number;
        agent: string;
        name?: string;
      }
    | { type: 'EmailVerificationCode' | 'PhoneVerificationCode' }
  );

const totpSealContext = (tenantId: string, userId: string, verificationId: string) => `user-totp:${tenantId}:${userId}:${verificationId}`;

export const hashBackupCode = (code: string) => createHash('sha256').update(code).digest('hex');

const toTimestamp = (iso: string | null | undefined) => (iso ? Date.parse(iso) : null);

export const toMfaVerification = (stored: StoredMfaVerification): UserMfaVerification => ({
  id: stored.id,
  type: stored.type,
  createdAt: Date.parse(stored.createdAt),
  lastUsedAt: toTimestamp(stored.lastUsedAt),
  ...(stored.type === 'WebAuthn' ? { agent: stored.agent, ...(stored.name ? { name: stored.name } : {}) } : {}),
  ...(stored.type === 'BackupCode' ? { remainCodes: stored.codes.filter((code) => !code.usedAt).length } : {}),
});

const readVerifications = async (tx: Tx, userId: string) => {
  const [row] = await tx
    .select({ mfaVerifications: users.mfaVerifications, primaryEmail: users.primaryEmail, primaryPhone: users.primaryPhone, username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) {
    throw notFound('user', userId);
  }
  return { ...row, verifications: row.mfaVerifications as StoredMfaVerification[] };
};

const writeVerifications = (tx: Tx, userId: string, verifications: StoredMfaVerification[]) =>
  tx.update(users).set({ mfaVerifications: verifications, updatedAt: new Date() }).where(eq(users.id, userId));

export const listMfaVerifications = (scope: TenantScope, userId: string) =>
  scope.transaction(async (tx) => (await readVerifications(tx, userId)).verifications.map(toMfaVerification));

/** Every factor but WebAuthn (one per authenticator) is held at most once. */
const singleInstance: ReadonlySet<MfaFactor> = new Set(['Totp', 'BackupCode', 'EmailVerificationCode', 'PhoneVerificationCode']);

/**
 * Adds a verification for the user. A TOTP key or backup codes are returned in the clear this once;
 * they are stored sealed (TOTP) or hashed (backup codes).
 */
export const createMfaVerification = async (scope: TenantScope, userId: string, input: UserMfaVerificationCreate, issuer: string) =>
  scope.transaction(async (tx) => {
    const user = await readVerifications(tx, userId);
    if (singleInstance.has(input.type) && user.verifications.some((existing) => existing.type === input.type)) {
      throw new ApiError(409, 'user.mfa_verification_exists', { type: input.type });
    }
    const base = { id: generateId(), createdAt: new Date().toISOString(), lastUsedAt: null };
    let stored: StoredMfaVerification;
    let revealed: { secret?: string; secretUri?: string; codes?: string[] } = {};
    switch (input.type) {
      case 'Totp': {
        const secret = input.secret ?? new Secret({ size: 20 }).base32;
        const totp = new TOTP({ issuer, label: user.primaryEmail ?? user.username ?? user.primaryPhone ?? userId, secret });
        stored = { ...base, type: 'Totp', key: scope.box.seal(secret, totpSealContext(scope.tenantId, userId, base.id)) };
        revealed = { secret, secretUri: totp.toString() };
        break;
      }
      case 'BackupCode': {
        if (!user.verifications.some((existing) => existing.type !== 'BackupCode')) {
          throw new ApiError(422, 'user.backup_code_needs_other_factor');
        }
        const codes = input.codes ?? Array.from({ length: backupCodeCount }, () => randomBytes(5).toString('hex'));
        stored = { ...base, type: 'BackupCode', codes: codes.map((code) => ({ hash: hashBackupCode(code), usedAt: null })) };
        revealed = { codes };
        break;
      }
      case 'EmailVerificationCode':
      case 'PhoneVerificationCode': {
        const field = input.type === 'EmailVerificationCode' ? 'primaryEmail' : 'primaryPhone';
        if (!user[field]) {
          throw new ApiError(422, 'user.mfa_needs_identifier', { type: input.type, field });
        }
        stored = { ...base, type: input.type };
        break;
      }
    }
    await writeVerifications(tx, userId, [...user.verifications, stored]);
    return { ...toMfaVerification(stored), ...revealed };
  });

export const deleteMfaVerification = (scope: TenantScope, userId: string, verificationId: string) =>
  scope.transaction(async (tx) => {
    const user = await readVerifications(tx, userId);
    const remaining = user.verifications.filter((existing) => existing.id !== verificationId);
    if (remaining.length === user.verifications.length) {
      throw notFound('MFA verification', verificationId);
    }
    // Backup codes alone are not a second factor: they go with the last real one.
    const onlyBackupCodesLeft = remaining.every((existing) => existing.type === 'BackupCode');
    await writeVerifications(tx, userId, onlyBackupCodesLeft ? [] : remaining);
  });

/** Opens a user's TOTP key (for verification at sign-in). */
export const openTotpKey = (scope: TenantScope, userId: string, stored: Extract<StoredMfaVerification, { type: 'Totp' }>) =>
  scope.box.open(stored.key, totpSealContext(scope.tenantId, userId, stored.id));
