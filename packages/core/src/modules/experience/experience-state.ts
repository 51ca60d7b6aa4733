import type { SocialUserInfo } from '@gatehouse/connectors';
import type { ExperienceIdentifier, InteractionEvent } from '@gatehouse/schemas';

import { and, eq, sql } from 'drizzle-orm';

import type { TenantScope } from '../../app/tenant-scope.js';
import { destroyModelInstance, findModelInstance } from '../../oidc/oidc-model-instances.queries.js';
import { oidcModelInstances as table } from '../../oidc/oidc-model-instances.table.js';

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
  /** Counts the saves: a step saves only over the revision it read (see saveExperienceState). */
  revision?: number;
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

/**
 * Saves `state` as the next revision of the one the step read (`readRevision`; undefined when the
 * step found no state). Answers false, writing nothing, when another step of the same interaction
 * saved in between: a step read-modify-writes the whole state, so the later of two parallel steps
 * would otherwise silently undo the earlier one's change.
 */
export const saveExperienceState = async (
  scope: TenantScope,
  interactionId: string,
  state: ExperienceState,
  readRevision: number | undefined,
  expiresAt: Date,
): Promise<boolean> => {
  const payload = { ...state, revision: (readRevision ?? 0) + 1 } as Record<string, unknown>;
  const written = await scope.autocommit((tx) =>
    readRevision === undefined
      ? tx
          .insert(table)
          .values({ tenantId: scope.tenantId, modelName: experienceModelName, id: interactionId, payload, expiresAt })
          .onConflictDoNothing()
          .returning({ id: table.id })
      : tx
          .update(table)
          .set({ payload, expiresAt })
          .where(
            and(
              eq(table.modelName, experienceModelName),
              eq(table.id, interactionId),
              // States saved before revisions were counted read as revision 0.
              sql`coalesce((${table.payload}->>'revision')::int, 0) = ${readRevision}`,
            ),
          )
          .returning({ id: table.id }),
  );
  if (written.length === 0) {
    return false;
  }
  state.revision = payload.revision as number;
  return true;
};

export const deleteExperienceState = async (scope: TenantScope, interactionId: string) => {
  await scope.autocommit((tx) => destroyModelInstance(tx, experienceModelName, interactionId));
};
