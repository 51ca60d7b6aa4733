import { type CustomProfileField, profileFieldTarget, userNameSchema, type UserProfile, userProfileSchema, validateCustomProfileValue } from '@gatehouse/schemas';

import { ApiError } from '../../app/errors.js';
import type { ErrorCode } from '../../i18n/index.js';
import { assertPasswordAccepted } from '../sign-in-experience/password-policy.service.js';
import { matchesFormat } from '../sign-in-experience/regex-format.js';
import { hashPassword, verifyPassword } from '../users/passwords.js';
import { assertEmailAllowed } from './email-blocklist.js';
import type { ExperienceSession } from './experience-session.js';
import { assertIdentifierFree, assertUsernameAllowed, requireIdentifiedUser } from './identification.js';
import { findUserById } from './user-lookup.js';
import { requireRecord } from './verifications.js';

type ProfileInput =
  | { type: 'username'; value: string }
  | { type: 'password'; value: string }
  | { type: 'email' | 'phone'; verificationId: string }
  | { type: 'extraProfile'; values: Record<string, unknown> };

/** Who the password must not resemble: the user being created or signed in. */
const userInfoFor = async (session: ExperienceSession) => {
  const { profile, userId } = session.state;
  const user = userId ? await findUserById(session.scope, userId) : undefined;
  return {
    username: profile.username ?? user?.username,
    email: profile.primaryEmail ?? user?.primaryEmail,
    phone: profile.primaryPhone ?? user?.primaryPhone,
    name: profile.name ?? user?.name,
  };
};

export const hashAcceptedPassword = async (session: ExperienceSession, password: string) => {
  await assertPasswordAccepted(session.settings.passwordPolicy, password, await userInfoFor(session), session.deps.config);
  return hashPassword(password);
};

/**
 * Stores the values of custom profile fields: built-in names land on the user (name, the OIDC
 * profile claims, address, full name parts), any other field in custom data.
 */
const applyExtraProfile = (session: ExperienceSession, fields: CustomProfileField[], values: Record<string, unknown>) => {
  const { profile } = session.state;
  const details: { path: string; code: ErrorCode; params?: Record<string, string | number> }[] = [];
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) {
      details.push({ path: `customProfile.${name}`, code: 'custom_profile_field.unknown', params: { name } });
      continue;
    }
    const result = validateCustomProfileValue(field, value, matchesFormat);
    if (!result.ok) {
      details.push({ path: `customProfile.${name}`, code: result.code as ErrorCode, params: { ...result.params, label: field.label || field.name } });
      continue;
    }
    if (result.value === undefined || result.value === null || result.value === '') {
      continue;
    }
    const target = profileFieldTarget(name);
    if (target === 'profile' || target === 'name') {
      // The profile's own limits (a Text field's maxLength may be longer than the claim holds).
      const checked = (target === 'name' ? userNameSchema : userProfileSchema.shape[name as keyof UserProfile]).safeParse(result.value);
      if (!checked.success) {
        const [issue] = checked.error.issues;
        details.push({
          path: `customProfile.${name}`,
          code: issue?.code === 'too_big' ? 'custom_profile_field.too_long' : 'custom_profile_field.invalid_format',
          params: { label: field.label || field.name, ...(issue?.code === 'too_big' && { max: Number(issue.maximum) }) },
        });
        continue;
      }
    }
    if (target === 'name') {
      profile.name = result.value as string;
    } else if (target === 'fullname') {
      profile.profile = { ...profile.profile, ...(result.value as Record<string, string>) };
    } else if (target === 'profile') {
      profile.profile = { ...profile.profile, [name]: result.value };
    } else {
      profile.customData = { ...profile.customData, [name]: result.value };
    }
  }
  if (details.length > 0) {
    throw new ApiError(422, 'custom_profile_field.invalid_values', { count: details.length }, details);
  }
};

export const updateProfile = async (session: ExperienceSession, input: ProfileInput) => {
  const { state } = session;
  if (state.event === 'ForgotPassword') {
    throw new ApiError(400, 'session.wrong_event', { event: state.event, expected: 'SignIn, Register' });
  }
  if (state.event === 'SignIn') {
    await requireIdentifiedUser(session);
  }
  const user = state.userId ? await findUserById(session.scope, state.userId) : undefined;
  switch (input.type) {
    case 'username': {
      if (user?.username) {
        throw new ApiError(422, 'session.profile_exists', { field: 'username' });
      }
      await assertUsernameAllowed(session, input.value);
      state.profile.username = input.value;
      return;
    }
    case 'password': {
      if (user?.passwordEncrypted) {
        throw new ApiError(422, 'session.profile_exists', { field: 'password' });
      }
      state.profile.password = await hashAcceptedPassword(session, input.value);
      return;
    }
    case 'email':
    case 'phone': {
      const record = requireRecord(session, input.verificationId, 'code');
      if (!record.verified || record.identifier.type !== input.type) {
        throw new ApiError(422, 'session.verification_not_verified');
      }
      if ((input.type === 'email' && user?.primaryEmail) || (input.type === 'phone' && user?.primaryPhone)) {
        throw new ApiError(422, 'session.profile_exists', { field: input.type });
      }
      if (input.type === 'email') {
        assertEmailAllowed(session.settings.emailBlocklistPolicy, record.identifier.value);
      }
      await assertIdentifierFree(session, input.type, record.identifier.value);
      if (input.type === 'email') {
        state.profile.primaryEmail = record.identifier.value;
      } else {
        state.profile.primaryPhone = record.identifier.value;
      }
      return;
    }
    case 'extraProfile': {
      applyExtraProfile(session, await session.request.tenantRuntime().customProfileFields(), input.values);
      state.extraProfileAnswered = true;
      return;
    }
  }
};

/** Forgot password: the new password, checked against the policy, applied at submit. */
export const resetPassword = async (session: ExperienceSession, password: string) => {
  if (session.state.event !== 'ForgotPassword') {
    throw new ApiError(400, 'session.wrong_event', { event: session.state.event, expected: 'ForgotPassword' });
  }
  const user = await requireIdentifiedUser(session);
  const { passwordEncrypted, passwordEncryptionMethod } = user;
  // A reset that keeps the forgotten password changes nothing; say so instead.
  if (passwordEncrypted && passwordEncryptionMethod && (await verifyPassword(password, { passwordEncrypted, passwordEncryptionMethod })).valid) {
    throw new ApiError(422, 'user.same_password');
  }
  session.state.profile.password = await hashAcceptedPassword(session, password);
  session.state.passwordReset = true;
};
