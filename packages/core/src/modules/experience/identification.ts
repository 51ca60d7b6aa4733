import { primaryEmailSchema, usernamePattern } from '@gatehouse/schemas';

import { ApiError } from '../../app/errors.js';
import { findUserIdByIdentity } from '../users/identities.service.js';
import { assertEmailAllowed, emailBlockReason } from './email-blocklist.js';
import type { ExperienceSession } from './experience-session.js';
import type { CodeIdentifier } from './verification-codes.js';
import { assertPasswordMethodsEnabled, assertSignUpCollects, assertSocialEnabled, methodFor, requireRecord } from './verifications.js';
import { findUserById, findUserByIdentifier } from './user-lookup.js';

const assertActive = (user: { isSuspended: boolean } | undefined) => {
  if (user?.isSuspended) {
    throw new ApiError(403, 'user.suspended');
  }
};

/** Refuses an identifier another user already holds. */
export const assertIdentifierFree = async (session: ExperienceSession, type: 'username' | 'email' | 'phone', value: string) => {
  if (await findUserByIdentifier(session.scope, { type, value })) {
    const code = type === 'username' ? 'user.username_already_in_use' : type === 'email' ? 'user.email_already_in_use' : 'user.phone_already_in_use';
    throw new ApiError(409, code, { value });
  }
};

export const assertRegistrationOpen = (session: ExperienceSession) => {
  if (session.settings.signInMode === 'SignIn') {
    throw new ApiError(403, 'session.registration_disabled');
  }
};

/** A `Register` (sign-up only) tenant lets nobody sign in, whatever UI drives the API. */
export const assertSignInOpen = (session: ExperienceSession) => {
  if (session.settings.signInMode === 'Register') {
    throw new ApiError(403, 'session.sign_in_disabled');
  }
};

export const assertUsernameAllowed = async (session: ExperienceSession, username: string) => {
  if (!usernamePattern.test(username) || username.length > 128) {
    throw new ApiError(422, 'session.invalid_username');
  }
  await assertIdentifierFree(session, 'username', username);
};

/**
 * A verified address with no account is the point where a page offers to create one (the answer
 * `user.identifier_not_registered`). Where the registration is open but the tenant's email blocklist
 * would refuse this address, the answer is that refusal instead (422 `user.email_blocked`), so no
 * page offers an account it would then refuse. Only after the code is verified: whether an account
 * exists is not told to whoever merely types an address.
 */
const assertRegistrableIfUnknown = (session: ExperienceSession, identifier: CodeIdentifier) => {
  if (identifier.type === 'email' && session.settings.signInMode !== 'SignIn') {
    assertEmailAllowed(session.settings.emailBlocklistPolicy, identifier.value);
  }
};

const identifySignIn = async (session: ExperienceSession, verificationId: string) => {
  const record = requireRecord(session, verificationId);
  if (record.type === 'password') {
    assertPasswordMethodsEnabled(session, record.userId);
    session.state.userId = record.userId;
  } else if (record.type === 'code') {
    if (!record.verified) {
      throw new ApiError(422, 'session.verification_not_verified');
    }
    // A code verified for a registration signs in only where signing in by code is allowed.
    if (!methodFor(session, record.identifier.type)?.verificationCode) {
      throw new ApiError(422, 'session.sign_in_method_not_enabled', { method: `${record.identifier.type} + verification code` });
    }
    const user = await findUserByIdentifier(session.scope, record.identifier);
    if (!user) {
      assertRegistrableIfUnknown(session, record.identifier);
      throw new ApiError(404, 'user.identifier_not_registered', { identifier: record.identifier.value });
    }
    session.state.userId = user.id;
  } else {
    const identity = record.identity;
    if (!identity) {
      throw new ApiError(422, 'session.verification_not_verified');
    }
    assertSocialEnabled(session, record.target);
    const linked = await session.scope.transaction((tx) => findUserIdByIdentity(tx, record.target, identity.id));
    let userId = linked;
    if (!userId && session.settings.socialSignIn.automaticAccountLinking && identity.email && identity.emailVerified) {
      // Same verified email as an existing account: link it instead of creating a twin.
      userId = (await findUserByIdentifier(session.scope, { type: 'email', value: identity.email }))?.id;
      if (userId) {
        session.state.profile.social = { connectorId: record.connectorId, target: record.target, verificationId: record.id };
      }
    }
    if (!userId) {
      throw new ApiError(404, 'user.identity_not_exist', { target: record.target });
    }
    session.state.userId = userId;
    if (linked) {
      // Refresh the stored identity details (and tokens) at submit.
      session.state.profile.social = { connectorId: record.connectorId, target: record.target, verificationId: record.id };
    }
  }
  assertActive(await findUserById(session.scope, session.state.userId!));
  session.state.identifiedBy = verificationId;
};

/**
 * A password chosen before the registration knew its identifiers was checked without them: the
 * policy's user-info rule (no password made of the username or address) could not see them. It is
 * forgotten once they are known, so the submit asks for it again and checks it whole (the hosted
 * pages set it again after the code anyway).
 */
const forgetPasswordCheckedWithoutIdentifiers = (session: ExperienceSession) => {
  if (session.settings.passwordPolicy.rejects.userInfo) {
    delete session.state.profile.password;
  }
};

const identifyRegistration = async (session: ExperienceSession, verificationId: string) => {
  assertRegistrationOpen(session);
  const record = requireRecord(session, verificationId);
  const { profile } = session.state;
  if (record.type === 'password') {
    throw new ApiError(422, 'session.verification_not_for_event');
  }
  if (record.type === 'code') {
    if (!record.verified) {
      throw new ApiError(422, 'session.verification_not_verified');
    }
    const { type, value } = record.identifier;
    // A code verified for a sign-in (then switched to a registration) may be for anything the tenant signs in with.
    assertSignUpCollects(session, type);
    if (type === 'email') {
      assertEmailAllowed(session.settings.emailBlocklistPolicy, value);
    }
    await assertIdentifierFree(session, type, value);
    if (type === 'email') {
      profile.primaryEmail = value;
    } else {
      profile.primaryPhone = value;
    }
    forgetPasswordCheckedWithoutIdentifiers(session);
    return;
  }
  const identity = record.identity;
  if (!identity) {
    throw new ApiError(422, 'session.verification_not_verified');
  }
  assertSocialEnabled(session, record.target);
  if (await session.scope.transaction((tx) => findUserIdByIdentity(tx, record.target, identity.id))) {
    throw new ApiError(409, 'user.identity_in_use', { target: record.target, userId: identity.id });
  }
  profile.social = { connectorId: record.connectorId, target: record.target, verificationId: record.id };
  profile.name ??= identity.name;
  profile.avatar ??= identity.avatar;
  // The provider's address is taken over only where the email blocklist would let the user give it,
  // in the one spelling addresses are kept with, and only one an account could be given (deliverable, stored length).
  const email = identity.email && identity.emailVerified ? primaryEmailSchema.safeParse(identity.email).data : undefined;
  if (email && !emailBlockReason(session.settings.emailBlocklistPolicy, email) && !(await findUserByIdentifier(session.scope, { type: 'email', value: email }))) {
    profile.primaryEmail ??= email;
  }
};

const identifyPasswordReset = async (session: ExperienceSession, verificationId: string) => {
  const record = requireRecord(session, verificationId, 'code');
  if (!record.verified) {
    throw new ApiError(422, 'session.verification_not_verified');
  }
  const user = await findUserByIdentifier(session.scope, record.identifier);
  if (!user) {
    throw new ApiError(404, 'user.identifier_not_registered', { identifier: record.identifier.value });
  }
  assertActive(user);
  session.state.userId = user.id;
};

/** Binds the flow to a user (sign-in, reset) or to the identifiers of a new one (registration). */
export const identify = async (
  session: ExperienceSession,
  input: { verificationId: string } | { identifier: { type: 'username'; value: string } },
) => {
  const { event } = session.state;
  if ('identifier' in input) {
    if (event !== 'Register') {
      throw new ApiError(400, 'session.wrong_event', { event, expected: 'Register' });
    }
    assertRegistrationOpen(session);
    if (!session.settings.signUp.identifiers.includes('username')) {
      throw new ApiError(422, 'session.sign_up_identifier_not_enabled', { identifier: 'username' });
    }
    await assertUsernameAllowed(session, input.identifier.value);
    session.state.profile.username = input.identifier.value;
    forgetPasswordCheckedWithoutIdentifiers(session);
    return;
  }
  if (event === 'SignIn') {
    return identifySignIn(session, input.verificationId);
  }
  if (event === 'Register') {
    return identifyRegistration(session, input.verificationId);
  }
  return identifyPasswordReset(session, input.verificationId);
};

/** Used by the identity-linking check of submit: the user still exists and is active. */
export const requireIdentifiedUser = async (session: ExperienceSession) => {
  const userId = session.state.userId;
  const user = userId ? await findUserById(session.scope, userId) : undefined;
  if (!user) {
    throw new ApiError(400, 'session.not_identified');
  }
  assertActive(user);
  return user;
};

