import type { ConsentInfo } from '@gatehouse/schemas';
import { eq, inArray } from 'drizzle-orm';

import { ApiError } from '../../app/errors.js';
import { claimsByScope } from '../../oidc/provider.js';
import { applications } from '../applications/applications.table.js';
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

/** Human text for the standard scopes; API permissions use their own descriptions. */
const oidcScopeDescriptions: Record<string, string> = Object.fromEntries(
  Object.entries(claimsByScope ?? {}).map(([scope, claims]) => [scope, (Array.isArray(claims) ? claims : Object.keys(claims ?? {})).join(', ')]),
);

export const getConsentInfo = async (session: ExperienceSession): Promise<ConsentInfo> => {
  const { accountId, details } = requireConsentPrompt(session);
  const clientId = session.applicationId!;
  const requested = details.missingResourceScopes ?? {};
  const indicators = Object.keys(requested);
  const [app, resourceRows] = await session.scope.transaction(async (tx) => {
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
    return [application, rows] as const;
  });
  if (!app) {
    throw new ApiError(400, 'session.not_found');
  }
  const user = await findUserById(session.scope, accountId);
  return {
    application: {
      id: app.id,
      name: app.name,
      logoUri: (app.oidc as { logoUri?: string }).logoUri ?? null,
      isThirdParty: app.isThirdParty,
      termsOfUseUrl: null,
      privacyPolicyUrl: null,
    },
    user: {
      id: accountId,
      name: user?.name ?? null,
      username: user?.username ?? null,
      primaryEmail: user?.primaryEmail ?? null,
      avatar: user?.avatar ?? null,
    },
    missingScopes: (details.missingOIDCScope ?? [])
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

/** Grants what the consent screen showed and resumes the authorization request. */
export const grantConsent = async (session: ExperienceSession) => {
  const { accountId, details } = requireConsentPrompt(session);
  const { Grant } = session.provider;
  const grant =
    (session.interaction.grantId ? await Grant.find(session.interaction.grantId) : undefined) ??
    new Grant({ accountId, clientId: session.applicationId! });
  if (details.missingOIDCScope?.length) {
    grant.addOIDCScope(details.missingOIDCScope.join(' '));
  }
  if (details.missingOIDCClaims?.length) {
    grant.addOIDCClaims(details.missingOIDCClaims);
  }
  for (const [indicator, scopeNames] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopeNames.join(' '));
  }
  const grantId = await grant.save();
  return session.finish({ consent: { grantId } }, { mergeWithLastSubmission: true });
};

/** The user said no (or cancelled): the app gets `access_denied`. */
export const denyInteraction = (session: ExperienceSession) =>
  session.finish({ error: 'access_denied', error_description: 'The user cancelled the request.' }, { mergeWithLastSubmission: false });
