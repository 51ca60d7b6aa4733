import type { AccountChoice, ConsentInfo } from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import type { ErrorCode } from '../../i18n/index.js';
import type { Tx } from '../../db/database.js';
import { findApplicationSignInExperience } from '../applications/application-sign-in-experience.service.js';
import { applications } from '../applications/applications.table.js';
import type { ExperienceSession } from './experience-session.js';
import { findUserById } from './user-lookup.js';

/*
 * What the pages that show the browser's signed-in account share: the consent page, and the account
 * choice of `prompt=select_account` (continue with this account, or sign in with another).
 */

/** The signed-in account of an interaction at `prompt`, else `code` (the page is not the one to show). */
export const requireSignedInAt = (session: ExperienceSession, prompt: 'consent' | 'select_account', code: ErrorCode) => {
  if (session.interaction.prompt.name !== prompt) {
    throw new ApiError(400, code);
  }
  const accountId = session.interaction.session?.accountId;
  if (!accountId) {
    throw new ApiError(400, 'session.not_identified');
  }
  return accountId;
};

/**
 * The browser holds one interaction cookie: a sign-in started in another tab replaces the one a page
 * was shown for, and the user's decision must not go to a request they never saw.
 */
export const requireShownInteraction = (session: ExperienceSession, interactionId: string | undefined) => {
  if (interactionId !== undefined && interactionId !== session.interaction.uid) {
    throw new ApiError(409, 'session.interaction_replaced');
  }
};

/** The app as the pages name it: its sign-in branding (display name, logos, links) over its registration. */
export const describeApplication = async (tx: Tx, clientId: string): Promise<ConsentInfo['application']> => {
  const [[app], branding] = await Promise.all([
    tx
      .select({ id: applications.id, name: applications.name, isThirdParty: applications.isThirdParty, oidc: applications.oidcClientMetadata })
      .from(applications)
      .where(eq(applications.id, clientId)),
    findApplicationSignInExperience(tx, clientId),
  ]);
  if (!app) {
    throw new ApiError(400, 'session.not_found');
  }
  return {
    id: app.id,
    name: branding?.displayName ?? app.name,
    logoUri: branding?.branding.logoUrl ?? (app.oidc as { logoUri?: string }).logoUri ?? null,
    darkLogoUri: branding?.branding.darkLogoUrl ?? null,
    isThirdParty: app.isThirdParty,
    termsOfUseUrl: branding?.termsOfUseUrl ?? null,
    privacyPolicyUrl: branding?.privacyPolicyUrl ?? null,
  };
};

/** Who the browser is signed in as, for the page to show. */
export const describeUser = async (session: ExperienceSession, accountId: string): Promise<ConsentInfo['user']> => {
  const user = await findUserById(session.scope, accountId);
  return {
    id: accountId,
    name: user?.name ?? null,
    username: user?.username ?? null,
    primaryEmail: user?.primaryEmail ?? null,
    primaryPhone: user?.primaryPhone ?? null,
    avatar: user?.avatar ?? null,
  };
};

const selectAccountNotRequired: ErrorCode = 'session.account_choice_not_required';

/** `prompt=select_account` in a signed-in browser: the account to go on with. */
export const getAccountChoice = async (session: ExperienceSession): Promise<AccountChoice> => {
  const accountId = requireSignedInAt(session, 'select_account', selectAccountNotRequired);
  const [application, user] = await Promise.all([
    session.scope.transaction((tx) => describeApplication(tx, session.applicationId!)),
    describeUser(session, accountId),
  ]);
  return { application, user, interactionId: session.interaction.uid };
};

/** The user goes on with the signed-in account: the rest of the request (consent…) follows as usual. */
export const continueWithAccount = async (session: ExperienceSession, input: { interactionId?: string } = {}) => {
  session.concernedUserId = requireSignedInAt(session, 'select_account', selectAccountNotRequired);
  requireShownInteraction(session, input.interactionId);
  return session.finish({ select_account: {} }, { mergeWithLastSubmission: true });
};

/**
 * The request's `prompt` with a sign-in: `login` added; `none` (which forbids one) and
 * `select_account` (the sign-in is the choice) dropped.
 */
const promptWithLogin = (prompt: unknown) =>
  [...new Set([...String(prompt ?? '').split(' ').filter((name) => name && name !== 'none' && name !== 'select_account'), 'login'])].join(' ');

/** The authorization endpoint with `params` (a repeated parameter, such as `resource`, as an array). */
const authorizationUrl = (session: ExperienceSession, params: Record<string, unknown>) => {
  const url = new URL(`${session.provider.issuer}/auth`);
  for (const [name, value] of Object.entries(params)) {
    for (const each of [value].flat()) {
      if (typeof each === 'string') {
        url.searchParams.append(name, each);
      }
    }
  }
  return url.toString();
};

/**
 * "Use another account" (on the consent page, or the account choice): the app's authorization
 * request again, asking for a sign-in, and this interaction ends (nothing granted). The request's own
 * parameters (state, PKCE) carry over, so the app receives its answer as if the user had signed in
 * with the other account in the first place; but `login_hint`, which would fill in the account the
 * user is leaving.
 */
export const switchAccount = async (
  session: ExperienceSession,
  input: { interactionId?: string },
  at: { prompt: 'consent' | 'select_account'; code: ErrorCode },
) => {
  requireSignedInAt(session, at.prompt, at.code);
  requireShownInteraction(session, input.interactionId);
  const { login_hint: _leaving, ...params } = session.interaction.params;
  const url = authorizationUrl(session, { ...params, prompt: promptWithLogin(params.prompt) });
  await session.interaction.destroy();
  return url;
};

/** "Use another account" on the account choice. */
export const switchFromAccountChoice = (session: ExperienceSession, input: { interactionId?: string } = {}) =>
  switchAccount(session, input, { prompt: 'select_account', code: selectAccountNotRequired });
