import { alwaysConsentableScopes, type ConsentInfo } from '@gatehouse/schemas';
import { eq, inArray } from 'drizzle-orm';

import type { ErrorCode } from '../../i18n/index.js';
import { claimsByScope } from '../../oidc/claims-by-scope.js';
import { type ConsentAllowList, readConsentAllowList } from '../applications/user-consent-scopes.service.js';
import { resources, scopes } from '../resources/resources.table.js';
import { describeApplication, describeUser, requireShownInteraction, requireSignedInAt, switchAccount } from './account-choice.js';
import type { ExperienceSession } from './experience-session.js';

type ConsentDetails = {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
};

const notAtConsent: ErrorCode = 'session.consent_not_required';

const requireConsentPrompt = (session: ExperienceSession) => ({
  accountId: requireSignedInAt(session, 'consent', notAtConsent),
  details: session.interaction.prompt.details as ConsentDetails,
});

/** The user claims a scope releases. */
const claimsOf = (scope: string): string[] => {
  const claims = claimsByScope?.[scope];
  return Array.isArray(claims) ? claims : Object.keys(claims ?? {});
};

/**
 * The scopes to show for a consent: those asked for, and for each claim asked for on its own (the
 * `claims` parameter) the scope that holds it, so that the page names everything the grant gives.
 */
const scopesToShow = (oidcScopes: string[], claims: string[]) => {
  const shown = new Set(oidcScopes);
  for (const claim of claims) {
    const holder = Object.keys(claimsByScope ?? {}).find((scope) => scope !== 'openid' && claimsOf(scope).includes(claim));
    if (holder) {
      shown.add(holder);
    }
  }
  return [...shown];
};

/** Human text for the standard scopes; API permissions use their own descriptions. */
const oidcScopeDescriptions: Record<string, string> = Object.fromEntries(
  Object.keys(claimsByScope ?? {}).map((scope) => [scope, claimsOf(scope).join(', ')]),
);

/**
 * Splits what the prompt found missing into what the user may grant and what is refused outright.
 * First-party apps (no allow list) may have everything; a third-party app only the scopes listed
 * for it (`/applications/:id/user-consent-scopes`), plus openid and offline_access.
 */
const splitByAllowList = (details: ConsentDetails, allowed: ConsentAllowList | undefined) => {
  const oidcScopes = details.missingOIDCScope ?? [];
  const claims = details.missingOIDCClaims ?? [];
  const resourceScopes = Object.entries(details.missingResourceScopes ?? {});
  if (!allowed) {
    return { oidcScopes, claims, resourceScopes, refused: { oidcScopes: [], claims: [], resourceScopes: [] as [string, string[]][] } };
  }
  const scopeAllowed = (name: string) => alwaysConsentableScopes.includes(name) || allowed.userScopes.has(name);
  const allowedClaims = new Set([...allowed.userScopes].flatMap(claimsOf));
  const resourceAllowed = (indicator: string, name: string) => allowed.resourceScopes.get(indicator)?.has(name) ?? false;
  return {
    oidcScopes: oidcScopes.filter(scopeAllowed),
    claims: claims.filter((claim) => allowedClaims.has(claim)),
    resourceScopes: resourceScopes
      .map(([indicator, names]): [string, string[]] => [indicator, names.filter((name) => resourceAllowed(indicator, name))])
      .filter(([, names]) => names.length > 0),
    refused: {
      oidcScopes: oidcScopes.filter((name) => !scopeAllowed(name)),
      claims: claims.filter((claim) => !allowedClaims.has(claim)),
      resourceScopes: resourceScopes
        .map(([indicator, names]): [string, string[]] => [indicator, names.filter((name) => !resourceAllowed(indicator, name))])
        .filter(([, names]) => names.length > 0),
    },
  };
};

/** The allow list of a third-party application; undefined for a first-party one. */
const loadAllowList = async (session: ExperienceSession) => {
  const client = await session.request.tenantRuntime().client(session.applicationId!);
  if (!client?.source.isThirdParty) {
    return undefined;
  }
  return session.scope.transaction((tx) => readConsentAllowList(tx, client.source.id));
};

/**
 * What the session's grant already holds of this request: shown when the app asked with
 * `prompt=consent` and nothing is new (oidc-provider then reports nothing missing, and the user
 * would be asked to confirm an empty list).
 */
const alreadyGranted = async (session: ExperienceSession): Promise<ConsentDetails> => {
  const grant = await findGrantToExtend(session);
  if (!grant) {
    return {};
  }
  const requested = String(session.interaction.params.scope ?? '').split(' ').filter(Boolean);
  const held = (granted: string | undefined) => new Set((granted ?? '').split(' '));
  const oidcScopes = held(grant.getOIDCScope());
  const resourceScopes = Object.fromEntries(
    Object.keys(grant.resources ?? {})
      .map((indicator): [string, string[]] => {
        const granted = held(grant.getResourceScope(indicator));
        return [indicator, requested.filter((name) => granted.has(name))];
      })
      .filter(([, names]) => names.length > 0),
  );
  return { missingOIDCScope: requested.filter((name) => oidcScopes.has(name)), missingResourceScopes: resourceScopes };
};

const isEmpty = (details: ConsentDetails) =>
  !details.missingOIDCScope?.some((scope) => scope !== 'openid') &&
  !details.missingOIDCClaims?.length &&
  Object.values(details.missingResourceScopes ?? {}).every((names) => names.length === 0);

export const getConsentInfo = async (session: ExperienceSession): Promise<ConsentInfo> => {
  const { accountId, details: missing } = requireConsentPrompt(session);
  const clientId = session.applicationId!;
  const details = isEmpty(missing) && session.interaction.prompt.reasons.includes('consent_prompt') ? await alreadyGranted(session) : missing;
  const shown = splitByAllowList(details, await loadAllowList(session));
  const requested = Object.fromEntries(shown.resourceScopes);
  const indicators = Object.keys(requested);
  const [application, resourceRows] = await session.scope.transaction(async (tx) =>
    Promise.all([
      describeApplication(tx, clientId),
      indicators.length === 0
        ? []
        : tx
            .select({ indicator: resources.indicator, name: resources.name, scope: scopes.name, description: scopes.description })
            .from(resources)
            .innerJoin(scopes, eq(scopes.resourceId, resources.id))
            .where(inArray(resources.indicator, indicators)),
    ]),
  );
  return {
    application,
    user: await describeUser(session, accountId),
    missingScopes: scopesToShow(shown.oidcScopes, shown.claims)
      .filter((scope) => scope !== 'openid')
      .map((name) => ({ name, description: oidcScopeDescriptions[name] ?? null })),
    missingResourceScopes: indicators.map((indicator) => {
      const rows = resourceRows.filter((row) => row.indicator === indicator);
      return {
        indicator,
        name: rows[0]?.name ?? indicator,
        scopes: requested[indicator]!.map((name) => ({
          name,
          description: rows.find((row) => row.scope === name)?.description ?? null,
        })),
      };
    }),
    redirectUri: String(session.interaction.params.redirect_uri ?? ''),
    interactionId: session.interaction.uid,
  };
};

/** The grant to add to: the one this consent already saved (a repeated submission), else the session's. */
const findGrantToExtend = async (session: ExperienceSession) => {
  const grantId = session.interaction.result?.consent?.grantId ?? session.interaction.grantId;
  return grantId ? session.provider.Grant.find(grantId) : undefined;
};

/**
 * Grants what the consent screen showed and resumes the authorization request. What a third-party
 * app may not ask for is recorded as rejected, so the request goes on without it (and without
 * asking again).
 */
export const grantConsent = async (session: ExperienceSession, input: { interactionId?: string } = {}) => {
  const { accountId, details } = requireConsentPrompt(session);
  // The flow's state (and the user id the audit log takes from it) went with the sign-in's submit.
  session.concernedUserId = accountId;
  requireShownInteraction(session, input.interactionId);
  const { oidcScopes, claims, resourceScopes, refused } = splitByAllowList(details, await loadAllowList(session));
  const grant = (await findGrantToExtend(session)) ?? new session.provider.Grant({ accountId, clientId: session.applicationId! });
  if (oidcScopes.length > 0) {
    grant.addOIDCScope(oidcScopes.join(' '));
  }
  if (claims.length > 0) {
    grant.addOIDCClaims(claims);
  }
  for (const [indicator, scopeNames] of resourceScopes) {
    grant.addResourceScope(indicator, scopeNames.join(' '));
  }
  if (refused.oidcScopes.length > 0) {
    grant.rejectOIDCScope(refused.oidcScopes.join(' '));
  }
  if (refused.claims.length > 0) {
    grant.rejectOIDCClaims(refused.claims);
  }
  for (const [indicator, scopeNames] of refused.resourceScopes) {
    grant.rejectResourceScope(indicator, scopeNames.join(' '));
  }
  const grantId = await grant.save();
  return session.finish({ consent: { grantId } }, { mergeWithLastSubmission: true });
};

/** "Use another account" on the consent page. */
export const switchFromConsent = (session: ExperienceSession, input: { interactionId?: string } = {}) =>
  switchAccount(session, input, { prompt: 'consent', code: notAtConsent });

/** The user said no (or cancelled): the app gets `access_denied`. */
export const denyInteraction = (session: ExperienceSession, input: { interactionId?: string } = {}) => {
  session.concernedUserId = session.interaction.session?.accountId;
  requireShownInteraction(session, input.interactionId);
  return session.finish({ error: 'access_denied', error_description: 'The user cancelled the request.' }, { mergeWithLastSubmission: false });
};
