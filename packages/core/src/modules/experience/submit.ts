import { profileFieldTarget, type UserProfile } from '@gatehouse/schemas';
import { eq, sql } from 'drizzle-orm';

import { ApiError, type CodedDetail } from '../../app/errors.js';
import type { Tx } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { findSocialConnector } from '../connectors/connectors.service.js';
import { linkIdentity } from '../users/identities.service.js';
import { sendBackchannelLogouts } from '../../oidc/backchannel-logout.js';
import { assertIdentifiersFree, insertUser, revokeUserTokens, writeWithIdentifiersFree } from '../users/users.service.js';
import { userSocialTokenSets, users } from '../users/users.table.js';
import type { ExperienceSession } from './experience-session.js';
import { assertRegistrationOpen, assertSignInOpen, requireIdentifiedUser } from './identification.js';
import { accountKey, clearAttempts } from './sentinel.js';
import { assertCodeIdentifierCurrent, assertPasswordMethodsEnabled, assertPasswordVerificationsCurrent, identifierKey, requireRecord } from './verifications.js';
import { findUserById, type SignInUser } from './user-lookup.js';

type Holder = { username?: string | null; primaryEmail?: string | null; primaryPhone?: string | null; hasPassword: boolean };

/**
 * What the sign-up settings ask of every account and this one lacks: the sign-up identifiers (any
 * one of them), the secondary identifiers, a password, and required custom profile fields. With
 * `offerOptional` (a registration whose profile form was not answered yet), the optional custom
 * fields without a value are listed too, in form order, as `user.optional_profile_field`.
 */
const findMissingProfile = async (
  session: ExperienceSession,
  holder: Holder,
  extra: { customData: Record<string, unknown>; profile: Record<string, unknown>; name?: string | null },
  viaSocial: boolean,
  offerOptional = false,
) => {
  const { signUp } = session.settings;
  const has = { username: !!holder.username, email: !!holder.primaryEmail, phone: !!holder.primaryPhone };
  const missing: CodedDetail[] = [];
  const need = (field: string) => missing.push({ path: field, code: 'user.missing_profile_field', params: { field } });
  if (!viaSocial && signUp.identifiers.length > 0 && !signUp.identifiers.some((identifier) => has[identifier])) {
    const emailOrPhone = signUp.identifiers.includes('email') && signUp.identifiers.includes('phone');
    need(emailOrPhone ? 'emailOrPhone' : signUp.identifiers[0]!);
  }
  // Social accounts need a username when usernames are how this tenant's users are known.
  if (viaSocial && signUp.identifiers.includes('username') && !has.username) {
    need('username');
  }
  for (const { identifier } of signUp.secondaryIdentifiers) {
    if (identifier === 'emailOrPhone' ? !has.email && !has.phone : !has[identifier]) {
      need(identifier);
    }
  }
  if (signUp.password && !holder.hasPassword && !viaSocial) {
    need('password');
  }
  for (const field of await session.request.tenantRuntime().customProfileFields()) {
    if (!field.required && !offerOptional) {
      continue;
    }
    const target = profileFieldTarget(field.name);
    const present =
      target === 'name'
        ? !!extra.name
        : target === 'fullname'
          ? !!(extra.profile.givenName || extra.profile.middleName || extra.profile.familyName)
          : (target === 'profile' ? extra.profile : extra.customData)[field.name] !== undefined;
    if (present) {
      continue;
    }
    if (field.required) {
      need(`customProfile.${field.name}`);
    } else {
      missing.push({ path: `customProfile.${field.name}`, code: 'user.optional_profile_field', params: { field: field.name } });
    }
  }
  return missing;
};

const assertTermsAgreed = (session: ExperienceSession, agreed: boolean | undefined) => {
  const { termsOfUseUrl, privacyPolicyUrl, agreeToTermsPolicy } = session.settings;
  const hasTerms = !!termsOfUseUrl || !!privacyPolicyUrl;
  const asksCheckbox = agreeToTermsPolicy === 'Manual' || (agreeToTermsPolicy === 'ManualRegistrationOnly' && session.state.event === 'Register');
  if (hasTerms && asksCheckbox && agreed !== true) {
    throw new ApiError(422, 'session.terms_not_agreed');
  }
};

/** The pending social identity, with its stored token set resealed for the user. */
const pendingSocial = (session: ExperienceSession) => {
  const social = session.state.profile.social;
  if (!social) {
    return undefined;
  }
  const record = requireRecord(session, social.verificationId, 'social');
  if (!record.identity) {
    throw new ApiError(422, 'session.verification_not_verified');
  }
  return { ...social, identity: record.identity };
};

const saveSocial = async (session: ExperienceSession, tx: Tx, userId: string) => {
  const social = pendingSocial(session);
  if (!social) {
    return;
  }
  const { identity } = social;
  // Checked unlinked at identification, the account can meanwhile be registered in another tab:
  // linkIdentity checks again under the identity's lock.
  await linkIdentity(tx, userId, social.target, {
    userId: identity.id,
    details: {
      ...(identity.email ? { email: identity.email } : {}),
      ...(identity.name ? { name: identity.name } : {}),
      ...(identity.avatar ? { avatar: identity.avatar } : {}),
      ...(identity.phone ? { phone: identity.phone } : {}),
      rawData: identity.rawData,
    },
  });
  if (identity.tokenSetSealed) {
    const { box, tenantId } = session.scope;
    const tokenSet = box.open(identity.tokenSetSealed, `token-set:${tenantId}:${session.interaction.uid}`);
    const tokenSetSealed = box.seal(tokenSet, `token-set:${tenantId}:${userId}:${social.target}`);
    await tx
      .insert(userSocialTokenSets)
      .values({ tenantId, userId, target: social.target, connectorId: social.connectorId, tokenSetSealed })
      .onConflictDoUpdate({
        target: [userSocialTokenSets.tenantId, userSocialTokenSets.userId, userSocialTokenSets.target],
        set: { tokenSetSealed, connectorId: social.connectorId, updatedAt: new Date() },
      });
  }
};

/**
 * One code for the continue step, whatever it asks; the message names the required fields, or says
 * the form is optional when nothing else is asked.
 */
const missingProfileError = (missing: CodedDetail[]) => {
  const required = missing.filter((detail) => detail.code === 'user.missing_profile_field');
  const listed = required.length > 0 ? required : missing;
  const fields = listed.map((detail) => detail.path).join(', ');
  return new ApiError(422, 'user.missing_profile', { fields }, missing, required.length > 0 ? 'user.missing_profile' : 'user.optional_profile_offered');
};

const register = async (session: ExperienceSession) => {
  const { profile } = session.state;
  const viaSocial = !!profile.social;
  const missing = await findMissingProfile(
    session,
    { ...profile, hasPassword: !!profile.password },
    { customData: profile.customData ?? {}, profile: profile.profile ?? {}, name: profile.name },
    viaSocial,
    // A new account is offered every custom field once, optional ones included.
    !session.state.extraProfileAnswered,
  );
  if (missing.length > 0) {
    throw missingProfileError(missing);
  }
  return writeWithIdentifiersFree(session.scope, (tx) => assertIdentifiersFree(tx, profile), async (tx) => {
    const user = await insertUser(tx, session.scope.tenantId, {
      username: profile.username ?? null,
      primaryEmail: profile.primaryEmail ?? null,
      primaryPhone: profile.primaryPhone ?? null,
      name: profile.name ?? null,
      avatar: profile.avatar ?? null,
      profile: (profile.profile ?? {}) as UserProfile,
      customData: profile.customData ?? {},
      passwordEncrypted: profile.password?.passwordEncrypted ?? null,
      passwordEncryptionMethod: profile.password?.passwordEncryptionMethod ?? null,
      lastSignInAt: new Date(),
      ...(session.applicationId ? { applicationId: session.applicationId } : {}),
    });
    await saveSocial(session, tx, user.id);
    return user.id;
  });
};

/** With the connector's syncProfile on, each social sign-in refreshes the name and picture. */
const syncedProfile = async (session: ExperienceSession, social: ReturnType<typeof pendingSocial>) => {
  if (!social) {
    return {};
  }
  const connector = await findSocialConnector(session.scope, social.connectorId);
  if (!connector?.row.syncProfile) {
    return {};
  }
  return {
    ...(social.identity.name ? { name: social.identity.name } : {}),
    ...(social.identity.avatar ? { avatar: social.identity.avatar } : {}),
  };
};

const touchLastSignIn = prepared('experience_touch_last_sign_in', (tx) =>
  tx.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, sql.placeholder('id'))),
);

/** A sign-in completes an account (`POST /profile` checks each field); it never replaces what the account has. */
const assertAddsOnly = (profile: ExperienceSession['state']['profile'], user: SignInUser) => {
  const replaced =
    (profile.username && user.username && 'username') ||
    (profile.primaryEmail && user.primaryEmail && 'email') ||
    (profile.primaryPhone && user.primaryPhone && 'phone') ||
    (profile.password && user.passwordEncrypted && 'password');
  if (replaced) {
    throw new ApiError(422, 'session.profile_exists', { field: replaced });
  }
};

const signIn = async (session: ExperienceSession, user: SignInUser) => {
  const { profile } = session.state;
  const social = pendingSocial(session);
  const synced = await syncedProfile(session, social);
  const merged = {
    username: user.username ?? profile.username,
    primaryEmail: user.primaryEmail ?? profile.primaryEmail,
    primaryPhone: user.primaryPhone ?? profile.primaryPhone,
    hasPassword: !!user.passwordEncrypted || !!profile.password,
  };
  const missing = await findMissingProfile(
    session,
    merged,
    {
      customData: { ...user.customData, ...profile.customData },
      profile: { ...user.profile, ...profile.profile },
      name: user.name ?? profile.name,
    },
    !!social && !user.passwordEncrypted,
  );
  if (missing.length > 0) {
    throw missingProfileError(missing);
  }
  assertAddsOnly(profile, user);
  if (Object.keys(profile).length === 0 && !social) {
    // A plain sign-in changes one column: no transaction needed (every password sign-in is this).
    await session.scope.autocommit((tx) => touchLastSignIn(tx).execute({ id: user.id }));
    return user.id;
  }
  const identifiers = { username: profile.username, primaryEmail: profile.primaryEmail, primaryPhone: profile.primaryPhone };
  await writeWithIdentifiersFree(session.scope, (tx) => assertIdentifiersFree(tx, identifiers, user.id), async (tx) => {
    await tx
      .update(users)
      .set({
        ...(profile.username ? { username: profile.username } : {}),
        ...(profile.primaryEmail ? { primaryEmail: profile.primaryEmail } : {}),
        ...(profile.primaryPhone ? { primaryPhone: profile.primaryPhone } : {}),
        ...(profile.password ? profile.password : {}),
        ...(profile.name && !user.name ? { name: profile.name } : {}),
        ...(profile.profile ? { profile: { ...user.profile, ...profile.profile } as UserProfile } : {}),
        ...(profile.customData ? { customData: { ...user.customData, ...profile.customData } } : {}),
        ...synced,
        lastSignInAt: new Date(),
        ...(Object.keys(profile).length > 0 || Object.keys(synced).length > 0 ? { updatedAt: new Date() } : {}),
      })
      .where(eq(users.id, user.id));
    await saveSocial(session, tx, user.id);
  });
  return user.id;
};

const completePasswordReset = async (session: ExperienceSession, user: SignInUser) => {
  const userId = user.id;
  const password = session.state.profile.password;
  if (!session.state.passwordReset || !password) {
    throw missingProfileError([{ path: 'password', code: 'user.missing_profile_field', params: { field: 'password' } }]);
  }
  const ended = await session.scope.transaction(async (tx) => {
    await tx.update(users).set({ ...password, updatedAt: sql`now()` }).where(eq(users.id, userId));
    // A reset means the old password may be known to someone else: end what it let them do,
    // including sign-ins submitted but not yet resumed (they would get a session and tokens after).
    return revokeUserTokens(tx, userId);
  });
  // The new password starts with a clean slate: a lockout the old one caused does not keep the user out.
  const identifiers = [
    user.username && { type: 'username', value: user.username },
    user.primaryEmail && { type: 'email', value: user.primaryEmail },
    user.primaryPhone && { type: 'phone', value: user.primaryPhone },
  ].filter((identifier) => !!identifier);
  await clearAttempts(session.scope, [...identifiers.map(identifierKey), accountKey(userId)]);
  await sendBackchannelLogouts(session.provider, ended, session.request.log);
};

/**
 * Checks the password verifications again once the sign-in reached the interaction, and takes it
 * back if they lapsed: a reset that committed after the first check deleted no such result. The
 * row lock waits for a reset still being written; one written later finds the result to delete.
 */
const recheckPasswordVerifications = async (session: ExperienceSession, userId: string) => {
  const verifiedByPassword = Object.values(session.state.verifications).some((record) => record.type === 'password' && record.userId === userId);
  if (!verifiedByPassword) {
    return;
  }
  // One statement: the lock waits for a reset being written, and is released as soon as it is read.
  const [current] = await session.scope.autocommit((tx) =>
    tx.select({ id: users.id, passwordEncrypted: users.passwordEncrypted }).from(users).where(eq(users.id, userId)).for('share'),
  );
  try {
    assertPasswordVerificationsCurrent(session, current ?? { id: userId, passwordEncrypted: null });
  } catch (error) {
    session.interaction.result = undefined;
    await session.interaction.save(session.interaction.exp - Math.floor(Date.now() / 1000));
    throw error;
  }
};

/**
 * Finishes the flow. Sign-in and registration hand the user to oidc-provider (which goes on to
 * consent or straight back to the app); a password reset sends the browser back to sign in.
 */
export const submitExperience = async (session: ExperienceSession, input: { agreeToTerms?: boolean }) => {
  const { event } = session.state;
  if (event === 'ForgotPassword') {
    // Still there and not suspended meanwhile: a suspended account's password is not reset.
    const user = await requireIdentifiedUser(session);
    await completePasswordReset(session, user);
    await session.discard();
    return { userId: user.id, redirectTo: `${session.request.tenantRuntime().baseUrl}/sign-in?passwordReset=1` };
  }
  assertTermsAgreed(session, input.agreeToTerms);
  let userId: string;
  if (event === 'Register') {
    // The sign-in mode is checked again: an administrator may have closed registration since.
    assertRegistrationOpen(session);
    userId = await register(session);
  } else {
    assertSignInOpen(session);
    const user = session.state.userId ? await findUserById(session.scope, session.state.userId) : undefined;
    if (!user) {
      throw new ApiError(400, 'session.not_identified');
    }
    if (user.isSuspended) {
      throw new ApiError(403, 'user.suspended');
    }
    assertPasswordVerificationsCurrent(session, user);
    assertPasswordMethodsEnabled(session, user.id);
    assertCodeIdentifierCurrent(session, user);
    userId = await signIn(session, user);
  }
  // `prompt=create` and `prompt=select_account` (requestable prompts, see the provider's interaction
  // policy) are answered too: the user just chose the account by signing in or registering.
  const prompts = String(session.interaction.params.prompt ?? '').split(' ');
  const redirectTo = await session.finish(
    {
      login: { accountId: userId, remember: true },
      ...(prompts.includes('create') && { create: {} }),
      ...(prompts.includes('select_account') && { select_account: {} }),
    },
    { mergeWithLastSubmission: false },
  );
  await recheckPasswordVerifications(session, userId);
  await session.discard();
  return { userId, redirectTo };
};
