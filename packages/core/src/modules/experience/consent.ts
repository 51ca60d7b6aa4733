import { alwaysConsentableScopes, type ConsentInfo } from '@gatehouse/schemas';
import { eq, inArray } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import { claimsByScope } from '../../oidc/claims-by-scope.js';
import { findApplicationSignInExperience } from '../applications/application-sign-in-experience.service.js';
import { applications } from '../applications/applications.table.js';
import { type ConsentAllowList, readConsentAllowList } from '../applications/user-consent-scopes.service.js';
import { resources, scopes } from '../resources/resources.table.js';
import type { ExperienceSession } from './experience-session.js';
import { findUserById } from './user-lookup.js';

type ConsentDetails = {
  missingOIDCScope?: string[];
  missingOIDCClaims?: string[];
  missingResourceScopes?: Record<string, string[]>;
};

const requireConsentPrompt = (session: ExperienceSession) => {
  if (session.interaction.prompt.name !== 'consent') {
    throw new ApiError(400, 'session.consent_not_required');
  }
  const accountId = session.interaction.session?.accountId;
  if (!accountId) {
    throw new ApiError(400, 'session.not_identified');
  }
  return { accountId, details: session.interaction.prompt.details as ConsentDetails };
};

/** The user claims a scope releases. */
const claimsOf = (scope: string): string[] => {
  const claims = claimsByScope?.[scope];
  return Array.isArray(claims) ? claims : Object.keys(claims ?? {});
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

export const getConsentInfo = async (session: ExperienceSession): Promise<ConsentInfo> => {
  const { accountId, details } = requireConsentPrompt(session);
  const clientId = session.applicationId!;
  const shown = splitByAllowList(details, await loadAllowList(session));
  const requested = Object.fromEntries(shown.resourceScopes);
  const indicators = Object.keys(requested);
  const [app, resourceRows, appBranding] = await session.scope.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: applications.id, name: applications.name, isThirdParty: applications.isThirdParty, oidc: applications.oidcClientMetadata })
      .from(applications)
      .where(eq(applications.id, clientId));
    const rows =
      indicators.length === 0
        ? []
        : await tx
            .select({ indicator: resources.indicator, name: resources.name, scope: scopes.name, description: scopes.description })
            .from(resources)
            .innerJoin(scopes, eq(scopes.resourceId, resources.id))
            .where(inArray(resources.indicator, indicators));
    return [application, rows, await findApplicationSignInExperience(tx, clientId)] as const;
  });
  if (!app) {
    throw new ApiError(400, 'session.not_found');
  }
  const user = await findUserById(session.scope, accountId);
  return {
    application: {
      id: app.id,
      name: appBranding?.displayName ?? app.name,
      logoUri: appBranding?.branding.logoUrl ?? (app.oidc as { logoUri?: string }).logoUri ?? null,
      isThirdParty: app.isThirdParty,
      termsOfUseUrl: appBranding?.termsOfUseUrl ?? null,
      privacyPolicyUrl: appBranding?.privacyPolicyUrl ?? null,
    },
    user: {
      id: accountId,
      name: user?.name ?? null,
      username: user?.username ?? null,
      primaryEmail: user?.primaryEmail ?? null,
      avatar: user?.avatar ?? null,
    },
    missingScopes: shown.oidcScopes
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
  };
};

/**
 * Grants what the consent screen showed and resumes the authorization request. What a third-party
 * app may not ask for is recorded as rejected, so the request goes on without it (and without
 * asking again).
 */
export const grantConsent = async (session: ExperienceSession) => {
  const { accountId, details } = requireConsentPrompt(session);
  const { oidcScopes, claims, resourceScopes, refused } = splitByAllowList(details, await loadAllowList(session));
  const { Grant } = session.provider;
  const grant =
    (session.interaction.grantId ? await Grant.find(session.interaction.grantId) : undefined) ??
    new Grant({ accountId, clientId: session.applicationId! });
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

/** The user said no (or cancelled): the app gets `access_denied`. */
export const denyInteraction = (session: ExperienceSession) =>
  session.finish({ error: 'access_denied', error_description: 'The user cancelled the request.' }, { mergeWithLastSubmission: false });
