import type { SocialUserInfo } from '@gatehouse/connectors';
import type { ExperienceIdentifier, InteractionEvent } from '@gatehouse/schemas';

import type { TenantScope } from '../../app/tenant-scope.js';
import { destroyModelInstance, findModelInstance, upsertModelInstance } from '../../oidc/oidc-model-instances.queries.js';

/** A check the user passed (or started) during this interaction. */
export type VerificationRecord =
  | {
      id: string;
      type: 'password';
      identifier: ExperienceIdentifier;
      userId: string;
      verified: true;
      /** SHA-256 of the password hash it matched: the verification lapses when the password changes. */
      passwordDigest: string;
    }
  | { id: string; type: 'code'; identifier: { type: 'email' | 'phone'; value: string }; verified: boolean }
  | {
      id: string;
      type: 'social';
      connectorId: string;
      target: string;
      state: string;
      redirectUri: string;
      codeVerifier: string;
      nonce: string;
      /** Filled once the provider's callback was verified. */
      identity?: SocialIdentity;
    };

/** The provider's profile, and its token set (sealed) when the connector stores tokens. */
export type SocialIdentity = Omit<SocialUserInfo, 'tokens'> & { tokenSetSealed?: string };

/** What a new user will be created with, or what an existing user gains at submit. */
export type PendingProfile = {
  username?: string;
  primaryEmail?: string;
  primaryPhone?: string;
  /** Hashed as soon as it is given: the clear password never reaches storage. */
  password?: { passwordEncrypted: string; passwordEncryptionMethod: 'Argon2id' };
  name?: string;
  avatar?: string;
  profile?: Record<string, unknown>;
  customData?: Record<string, unknown>;
  social?: { connectorId: string; target: string; verificationId: string };
};

export type ExperienceState = {
  event: InteractionEvent;
  verifications: Record<string, VerificationRecord>;
  /** The existing user this flow is about (sign-in, password reset, or a linked social account). */
  userId?: string;
  /** The verification a sign-in identified `userId` by. */
  identifiedBy?: string;
  profile: PendingProfile;
  /** The password was reset in this flow (forgot password), waiting for submit. */
  passwordReset?: boolean;
  /** Custom profile values were sent (`extraProfile`): a registration stops offering the optional fields. */
  extraProfileAnswered?: boolean;
};

/** Its model name in `oidc_model_instances`, beside the Interaction of the same id. */
export const experienceModelName = 'Experience';

/**
 * The experience of one OIDC interaction, stored beside the interaction itself (same table, same
 * expiry and purge), keyed by the interaction's id.
 */
export const loadExperienceState = async (scope: TenantScope, interactionId: string): Promise<ExperienceState | undefined> => {
  const row = await scope.autocommit((tx) => findModelInstance(tx, experienceModelName, 'id', interactionId));
  return row?.payload as ExperienceState | undefined;
};

export const saveExperienceState = async (scope: TenantScope, interactionId: string, state: ExperienceState, expiresAt: Date) => {
  const payload = state as unknown as Record<string, unknown>;
  await scope.autocommit((tx) => upsertModelInstance(tx, { tenantId: scope.tenantId, modelName: experienceModelName, id: interactionId, payload, expiresAt }));
};

export const deleteExperienceState = async (scope: TenantScope, interactionId: string) => {
  await scope.autocommit((tx) => destroyModelInstance(tx, experienceModelName, interactionId));
};
