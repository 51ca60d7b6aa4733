import { createHash, randomBytes } from 'node:crypto';

import { emailKey, type ExperienceIdentifier } from '@gatehouse/schemas';

import { ApiError } from '../../app/errors.js';
import { generateId } from '../../crypto/ids.js';
import { findSocialConnector, sendTenantMessage, toPublicConnectorApiError } from '../connectors/connectors.service.js';
import { verifyAgainstDummy, verifyPassword, hashPassword } from '../users/passwords.js';
import { users } from '../users/users.table.js';
import { eq } from 'drizzle-orm';
import { assertEmailAllowed } from './email-blocklist.js';
import type { ExperienceSession } from './experience-session.js';
import type { SocialIdentity, VerificationRecord } from './experience-state.js';
import { accountKey, assertNotLocked, guardAttempt } from './sentinel.js';
import { fitSocialProfile } from './social-profile.js';
import { findUserByIdentifier } from './user-lookup.js';
import { checkVerificationCode, type CodeIdentifier, isSupersededCode, issueVerificationCode } from './verification-codes.js';

/**
 * Usernames and emails name a user case-insensitively, so the lockout counter and the code's
 * address do too: `Alice@Example.com` and `alice@example.com` share one count of failures. An email
 * is compared in its canonical spelling (emailKey): `alice@ＥＸＡＭＰＬＥ.com` counts with them too.
 */
/** How the sentinel counts an identifier's attempts (see sentinel.ts). */
export const identifierKey = (identifier: { type: string; value: string }) =>
  `${identifier.type}:${identifier.type === 'email' ? emailKey(identifier.value) : identifier.value.toLowerCase()}`;

/**
 * A password reset's codes are counted apart from sign-in attempts: a user locked out by wrong
 * passwords can still prove their mailbox and reset, which is what the lockout leaves them to do.
 * Guessing a reset code is bounded on its own (tries per code, codes per hour, and this lockout).
 */
const sentinelKeyFor = (session: ExperienceSession, identifier: CodeIdentifier) =>
  session.state.event === 'ForgotPassword' ? `reset:${identifierKey(identifier)}` : identifierKey(identifier);

/**
 * What a password check is counted on: the identifier typed and, when it names an account, the
 * account (`user:<id>`), so failures by email and by username add up to one lockout.
 */
const sentinelKeysFor = (identifier: string, userId: string | undefined) => (userId ? [identifier, accountKey(userId)] : [identifier]);

export const methodFor = (session: ExperienceSession, type: ExperienceIdentifier['type']) =>
  session.settings.signIn.methods.find((method) => method.identifier === type);

const addRecord = (session: ExperienceSession, record: VerificationRecord) => {
  session.state.verifications[record.id] = record;
  return record.id;
};

export const requireRecord = <T extends VerificationRecord['type']>(session: ExperienceSession, id: string, type?: T) => {
  const record = session.state.verifications[id];
  if (!record || (type && record.type !== type)) {
    throw new ApiError(404, 'session.verification_not_found', { id });
  }
  return record as Extract<VerificationRecord, { type: T }>;
};

/** What a password verification remembers of the hash it matched: a change or reset of the password ends it. */
const passwordDigest = (passwordEncrypted: string | null) => createHash('sha256').update(passwordEncrypted ?? '').digest('hex');

/**
 * Refuses to finish with a password verification of the user whose password has changed since (a
 * reset, or a change by an administrator): whoever knew the old one does not get in with it.
 */
export const assertPasswordVerificationsCurrent = (session: ExperienceSession, user: { id: string; passwordEncrypted: string | null }) => {
  const current = passwordDigest(user.passwordEncrypted);
  for (const record of Object.values(session.state.verifications)) {
    if (record.type === 'password' && record.userId === user.id && record.passwordDigest !== current) {
      throw new ApiError(422, 'session.invalid_credentials');
    }
  }
};

/**
 * Refuses to finish a sign-in identified by a code sent to an address the user no longer holds (an
 * administrator changed it, or gave it to another account, since): identify again.
 */
export const assertCodeIdentifierCurrent = (session: ExperienceSession, user: { primaryEmail: string | null; primaryPhone: string | null }) => {
  const { identifiedBy } = session.state;
  const record = identifiedBy ? session.state.verifications[identifiedBy] : undefined;
  if (record?.type !== 'code') {
    return;
  }
  const held = record.identifier.type === 'email' ? user.primaryEmail : user.primaryPhone;
  if (!held || identifierKey({ type: record.identifier.type, value: held }) !== identifierKey(record.identifier)) {
    throw new ApiError(400, 'session.not_identified');
  }
};

/**
 * Refuses to finish with a password verification through a sign-in method an administrator has
 * turned off since: the flow started is no longer allowed.
 */
export const assertPasswordMethodsEnabled = (session: ExperienceSession, userId: string) => {
  for (const record of Object.values(session.state.verifications)) {
    if (record.type === 'password' && record.userId === userId && !methodFor(session, record.identifier.type)?.password) {
      throw new ApiError(422, 'session.sign_in_method_not_enabled', { method: `${record.identifier.type} + password` });
    }
  }
};

/**
 * Password check for sign-in. Unknown identifiers cost the same Argon2id work as known ones and get
 * the same answer; failures count towards the identifier's lockout.
 */
export const verifyPasswordStep = async (session: ExperienceSession, identifier: ExperienceIdentifier, password: string) => {
  if (session.state.event !== 'SignIn') {
    throw new ApiError(400, 'session.wrong_event', { event: session.state.event, expected: 'SignIn' });
  }
  if (!methodFor(session, identifier.type)?.password) {
    throw new ApiError(422, 'session.sign_in_method_not_enabled', { method: `${identifier.type} + password` });
  }
  const user = await findUserByIdentifier(session.scope, identifier);
  session.concernedUserId = user?.id;
  const result = await guardAttempt(session.scope, session.settings.sentinelPolicy, sentinelKeysFor(identifierKey(identifier), user?.id), 'Password', async () =>
    user?.passwordEncrypted && user.passwordEncryptionMethod
      ? verifyPassword(password, { passwordEncrypted: user.passwordEncrypted, passwordEncryptionMethod: user.passwordEncryptionMethod })
      : { valid: await verifyAgainstDummy(password), needsRehash: false },
  );
  if (!user || !result.valid) {
    throw new ApiError(422, 'session.invalid_credentials');
  }
  let { passwordEncrypted } = user;
  if (result.needsRehash) {
    const hashed = await hashPassword(password);
    await session.scope.transaction((tx) => tx.update(users).set(hashed).where(eq(users.id, user.id)));
    passwordEncrypted = hashed.passwordEncrypted;
  }
  return addRecord(session, { id: generateId(), type: 'password', identifier, userId: user.id, verified: true, passwordDigest: passwordDigest(passwordEncrypted) });
};

/** What a code sent now is for, which picks the message template. */
const codeUsage = (session: ExperienceSession) => {
  const { event, userId } = session.state;
  if (event === 'SignIn' && userId) {
    return 'BindNewIdentifier' as const;
  }
  return event;
};

/** Refuses an email or phone the sign-up settings do not collect (as a sign-up or secondary identifier). */
export const assertSignUpCollects = (session: ExperienceSession, type: CodeIdentifier['type']) => {
  const { signUp } = session.settings;
  const collected =
    signUp.identifiers.includes(type) || signUp.secondaryIdentifiers.some((item) => item.identifier === type || item.identifier === 'emailOrPhone');
  if (!collected) {
    throw new ApiError(422, 'session.sign_up_identifier_not_enabled', { identifier: type });
  }
};

const assertCodeAllowed = (session: ExperienceSession, identifier: CodeIdentifier, usage: string) => {
  const { settings } = session;
  if (usage === 'SignIn' && !methodFor(session, identifier.type)?.verificationCode) {
    throw new ApiError(422, 'session.sign_in_method_not_enabled', { method: `${identifier.type} + verification code` });
  }
  // A registration, or a signed-in user completing their profile, gets codes only for what the
  // sign-up settings collect: nobody sends codes (or texts) to addresses the tenant never asks for.
  if (usage === 'Register' || usage === 'BindNewIdentifier') {
    assertSignUpCollects(session, identifier.type);
  }
  if (identifier.type === 'email' && (usage === 'Register' || usage === 'BindNewIdentifier')) {
    assertEmailAllowed(settings.emailBlocklistPolicy, identifier.value);
  }
};

export const sendCodeStep = async (session: ExperienceSession, identifier: CodeIdentifier) => {
  const usage = codeUsage(session);
  assertCodeAllowed(session, identifier, usage);
  // A code its lockout would refuse is not sent (a reset's codes are counted apart, so go out).
  await assertNotLocked(session.scope, session.settings.sentinelPolicy, [sentinelKeyFor(session, identifier)]);
  const application = session.interaction.params.client_id;
  await issueVerificationCode(session.scope, identifier, usage, (code) =>
    sendTenantMessage(session.scope, identifier.type, {
      to: identifier.value,
      type: usage,
      locale: session.locale,
      payload: { code, ...(typeof application === 'string' ? { applicationId: application } : {}) },
    }).catch((error: unknown) => {
      throw toPublicConnectorApiError(error, session.request.log, 'message');
    }),
  );
  return addRecord(session, { id: generateId(), type: 'code', identifier, verified: false });
};

export const verifyCodeStep = async (session: ExperienceSession, identifier: CodeIdentifier, verificationId: string, code: string) => {
  const record = requireRecord(session, verificationId, 'code');
  if (identifierKey(record.identifier) !== identifierKey(identifier)) {
    throw new ApiError(422, 'session.verification_identifier_mismatch');
  }
  const { valid } = await guardAttempt(session.scope, session.settings.sentinelPolicy, [sentinelKeyFor(session, identifier)], 'VerificationCode', async () => ({
    valid: await checkVerificationCode(session.scope, identifier, codeUsage(session), code),
  }));
  if (!valid) {
    const superseded = await isSupersededCode(session.scope, identifier, codeUsage(session), code);
    throw new ApiError(422, superseded ? 'verification_code.superseded' : 'verification_code.mismatch');
  }
  record.verified = true;
  return record.id;
};

/**
 * Social sign-in through `target` is still offered. Checked at each step: an administrator who
 * turns a provider off (or removes its connector) ends the flows already started with it.
 */
export const assertSocialEnabled = (session: ExperienceSession, target: string) => {
  if (!session.settings.socialSignInConnectorTargets.includes(target)) {
    throw new ApiError(422, 'session.social_not_enabled', { target });
  }
};

export const startSocialStep = async (session: ExperienceSession, connectorId: string, input: { state: string; redirectUri: string }) => {
  const connector = await findSocialConnector(session.scope, connectorId);
  if (!connector || connector.factory.type !== 'Social') {
    throw new ApiError(404, 'entity.not_found', { entity: 'connector', id: connectorId });
  }
  assertSocialEnabled(session, connector.row.target);
  // The callback must come back to this tenant's own hosted page.
  const expected = `${session.request.tenantRuntime().baseUrl}/callback/social/${connectorId}`;
  if (input.redirectUri.split('?')[0] !== expected) {
    throw new ApiError(422, 'session.invalid_redirect_uri', { expected });
  }
  const record: VerificationRecord = {
    id: generateId(),
    type: 'social',
    connectorId,
    target: connector.row.target,
    state: input.state,
    redirectUri: input.redirectUri,
    codeVerifier: randomBytes(32).toString('base64url'),
    nonce: randomBytes(16).toString('base64url'),
  };
  let authorizationUri: string;
  try {
    authorizationUri = await connector.factory.getAuthorizationUri(connector.config as never, {
      state: record.state,
      redirectUri: record.redirectUri,
      nonce: record.nonce,
      codeVerifier: record.codeVerifier,
    });
  } catch (error) {
    throw toPublicConnectorApiError(error, session.request.log, 'social');
  }
  return { verificationId: addRecord(session, record), authorizationUri };
};

export const verifySocialStep = async (session: ExperienceSession, connectorId: string, verificationId: string, connectorData: Record<string, unknown>) => {
  const record = requireRecord(session, verificationId, 'social');
  // The verification was started with one connector: the callback of another is not its answer.
  if (record.connectorId !== connectorId) {
    throw new ApiError(404, 'session.verification_not_found', { id: verificationId });
  }
  // One provider answer per verification: once identified by it, the flow cannot swap in another account.
  if (record.identity) {
    throw new ApiError(422, 'session.social_already_verified');
  }
  if (connectorData.state !== record.state) {
    throw new ApiError(422, 'session.social_state_mismatch');
  }
  const connector = await findSocialConnector(session.scope, record.connectorId);
  if (!connector || connector.factory.type !== 'Social') {
    throw new ApiError(404, 'entity.not_found', { entity: 'connector', id: record.connectorId });
  }
  assertSocialEnabled(session, connector.row.target);
  let info;
  try {
    const { tokens, ...answered } = await connector.factory.getUserInfo(connector.config as never, connectorData, {
      redirectUri: record.redirectUri,
      state: record.state,
      nonce: record.nonce,
      codeVerifier: record.codeVerifier,
    });
    // Made to fit before it is saved with the interaction, and so before any user is written with it.
    info = { tokens, profile: fitSocialProfile(answered) };
  } catch (error) {
    throw toPublicConnectorApiError(error, session.request.log, 'social');
  }
  const { tokens, profile } = info;
  const identity: SocialIdentity = {
    ...profile,
    ...(connector.row.enableTokenStorage && tokens
      ? { tokenSetSealed: session.scope.box.seal(JSON.stringify(tokens), `token-set:${session.scope.tenantId}:${session.interaction.uid}`) }
      : {}),
  };
  record.identity = identity;
  return record.id;
};
