import {
  thirdPartyCapableTypes,
  type UserConsentScopes,
  type UserConsentScopesAdd,
  type UserConsentUserScope,
  userConsentUserScopes,
} from '@gatehouse/schemas';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Queryable, Tx } from '../../db/database.js';
import { claimsByScope } from '../../oidc/claims-by-scope.js';
import { oidcModelInstances } from '../../oidc/oidc-model-instances.table.js';
import { resources, scopes } from '../resources/resources.table.js';
import { findApplication } from './applications.queries.js';
import { applicationUserConsentResourceScopes, applicationUserConsentUserScopes } from './applications.table.js';

const requireThirdParty = async (tx: Queryable, id: string) => {
  const app = await findApplication(tx, id);
  if (!app) {
    throw notFound('application', id);
  }
  if (!app.isThirdParty || !thirdPartyCapableTypes.includes(app.type)) {
    throw new ApiError(422, 'application.not_third_party', { name: app.name });
  }
  return app;
};

const readUserScopes = async (tx: Queryable, applicationId: string): Promise<UserConsentUserScope[]> => {
  const rows = await tx
    .select({ userScope: applicationUserConsentUserScopes.userScope })
    .from(applicationUserConsentUserScopes)
    .where(eq(applicationUserConsentUserScopes.applicationId, applicationId));
  const held = new Set(rows.map((row) => row.userScope));
  // In the spec's order, whatever order they were added in.
  return userConsentUserScopes.filter((name) => held.has(name));
};

const readResourceScopeRows = (tx: Queryable, applicationId: string) =>
  tx
    .select({
      resourceId: resources.id,
      resourceName: resources.name,
      indicator: resources.indicator,
      scopeId: scopes.id,
      scopeName: scopes.name,
      description: scopes.description,
    })
    .from(applicationUserConsentResourceScopes)
    .innerJoin(scopes, eq(scopes.id, applicationUserConsentResourceScopes.scopeId))
    .innerJoin(resources, eq(resources.id, scopes.resourceId))
    .where(eq(applicationUserConsentResourceScopes.applicationId, applicationId))
    .orderBy(asc(resources.name), asc(resources.id), asc(scopes.name));

const readConsentScopes = async (tx: Queryable, applicationId: string): Promise<UserConsentScopes> => {
  const rows = await readResourceScopeRows(tx, applicationId);
  const byResource = new Map<string, UserConsentScopes['resourceScopes'][number]>();
  for (const row of rows) {
    let group = byResource.get(row.resourceId);
    if (!group) {
      group = { resource: { id: row.resourceId, name: row.resourceName, indicator: row.indicator }, scopes: [] };
      byResource.set(row.resourceId, group);
    }
    group.scopes.push({ id: row.scopeId, name: row.scopeName, description: row.description });
  }
  return { userScopes: await readUserScopes(tx, applicationId), resourceScopes: [...byResource.values()] };
};

export const listUserConsentScopes = (scope: TenantScope, applicationId: string) =>
  scope.transaction(async (tx) => {
    await requireThirdParty(tx, applicationId);
    return readConsentScopes(tx, applicationId);
  });

/** Adds scopes (already listed ones are kept as they are) and answers the whole list. */
export const addUserConsentScopes = (scope: TenantScope, applicationId: string, input: UserConsentScopesAdd) =>
  scope.transaction(async (tx) => {
    await requireThirdParty(tx, applicationId);
    const scopeIds = [...new Set(input.resourceScopes ?? [])];
    if (scopeIds.length > 0) {
      const found = await tx
        .select({ id: scopes.id, isBuiltIn: resources.isBuiltIn })
        .from(scopes)
        .innerJoin(resources, eq(resources.id, scopes.resourceId))
        .where(inArray(scopes.id, scopeIds));
      const missing = scopeIds.find((id) => !found.some((row) => row.id === id));
      if (missing) {
        throw new ApiError(422, 'application.consent_scope_not_found', { id: missing });
      }
      if (found.some((row) => row.isBuiltIn)) {
        throw new ApiError(422, 'application.consent_scope_built_in');
      }
      await tx
        .insert(applicationUserConsentResourceScopes)
        .values(scopeIds.map((scopeId) => ({ tenantId: scope.tenantId, applicationId, scopeId })))
        .onConflictDoNothing();
    }
    const userScopes = [...new Set(input.userScopes ?? [])];
    if (userScopes.length > 0) {
      await tx
        .insert(applicationUserConsentUserScopes)
        .values(userScopes.map((userScope) => ({ tenantId: scope.tenantId, applicationId, userScope })))
        .onConflictDoNothing();
    }
    return readConsentScopes(tx, applicationId);
  });

/**
 * Revokes the application's grants that `holds` matches (a grant's `openid.scope` and
 * `resources.{indicator}` are space-separated scope lists, `openid.claims` an array), with every
 * code and token issued under them: a grant keeps what the user consented to whatever the allow
 * list says later, so a scope taken off the list must take the grants holding it along.
 */
const revokeGrantsHolding = async (tx: Tx, applicationId: string, holds: SQL) => {
  const grants = and(eq(oidcModelInstances.modelName, 'Grant'), eq(oidcModelInstances.clientId, applicationId), holds);
  await tx
    .delete(oidcModelInstances)
    .where(inArray(oidcModelInstances.grantId, tx.select({ id: oidcModelInstances.id }).from(oidcModelInstances).where(grants)));
  await tx.delete(oidcModelInstances).where(grants);
};

const scopeListHas = (list: SQL, name: string) => sql`coalesce(string_to_array(${list}, ' ') @> array[${name}::text], false)`;

/** A user scope (`email`), or one of the claims it releases asked for by the `claims` parameter. */
const grantHoldsUserScope = (name: string) => {
  const claims = claimsByScope?.[name];
  const claimNames = Array.isArray(claims) ? claims : Object.keys(claims ?? {});
  return sql`(${scopeListHas(sql`${oidcModelInstances.payload} #>> '{openid,scope}'`, name)} or coalesce(jsonb_exists_any(${oidcModelInstances.payload} #> '{openid,claims}', string_to_array(${claimNames.join(' ')}, ' ')), false))`;
};

/**
 * Removes one scope from the list. Users who consented to it lose the grant it is in (and its
 * tokens): the app gets it no more, and they are asked again, for what is still listed.
 */
export const removeUserConsentScope = (
  scope: TenantScope,
  applicationId: string,
  scopeType: 'user-scopes' | 'resource-scopes',
  scopeId: string,
) =>
  scope.transaction(async (tx) => {
    await requireThirdParty(tx, applicationId);
    if (scopeType === 'user-scopes') {
      const deleted = await tx
        .delete(applicationUserConsentUserScopes)
        .where(
          and(
            eq(applicationUserConsentUserScopes.applicationId, applicationId),
            eq(applicationUserConsentUserScopes.userScope, scopeId as UserConsentUserScope),
          ),
        )
        .returning({ id: applicationUserConsentUserScopes.userScope });
      if (deleted.length === 0) {
        throw notFound('user consent scope', scopeId);
      }
      await revokeGrantsHolding(tx, applicationId, grantHoldsUserScope(scopeId));
      return;
    }
    const [removed] = await tx
      .select({ indicator: resources.indicator, name: scopes.name })
      .from(applicationUserConsentResourceScopes)
      .innerJoin(scopes, eq(scopes.id, applicationUserConsentResourceScopes.scopeId))
      .innerJoin(resources, eq(resources.id, scopes.resourceId))
      .where(and(eq(applicationUserConsentResourceScopes.applicationId, applicationId), eq(applicationUserConsentResourceScopes.scopeId, scopeId)));
    const deleted = await tx
      .delete(applicationUserConsentResourceScopes)
      .where(and(eq(applicationUserConsentResourceScopes.applicationId, applicationId), eq(applicationUserConsentResourceScopes.scopeId, scopeId)))
      .returning({ id: applicationUserConsentResourceScopes.scopeId });
    if (deleted.length === 0) {
      throw notFound('resource consent scope', scopeId);
    }
    if (removed) {
      await revokeGrantsHolding(tx, applicationId, scopeListHas(sql`${oidcModelInstances.payload} -> 'resources' ->> ${removed.indicator}`, removed.name));
    }
  });

/** What a third-party application's users may consent to, as the consent step checks it. */
export type ConsentAllowList = { userScopes: Set<string>; resourceScopes: Map<string, Set<string>> };

export const readConsentAllowList = async (tx: Queryable, applicationId: string): Promise<ConsentAllowList> => {
  const [userScopes, rows] = [await readUserScopes(tx, applicationId), await readResourceScopeRows(tx, applicationId)];
  const resourceScopes = new Map<string, Set<string>>();
  for (const row of rows) {
    resourceScopes.set(row.indicator, (resourceScopes.get(row.indicator) ?? new Set()).add(row.scopeName));
  }
  return { userScopes: new Set(userScopes), resourceScopes };
};

/** What a grant records as refused (oidc-provider's `Grant#rejected`). */
export type RefusedInGrant = { openid?: { scope?: string }; resources?: Record<string, string> };

/**
 * Whether the app may now ask for something its users' grant recorded as refused. The consent step
 * refuses only what the allow list lacked, so once the list grows the refusal is stale: the user
 * must be asked again (the consent screen shows what is new).
 */
export const allowsRefused = (allowed: ConsentAllowList, refused: RefusedInGrant | undefined) =>
  Boolean(
    refused?.openid?.scope?.split(' ').some((name) => allowed.userScopes.has(name)) ||
      Object.entries(refused?.resources ?? {}).some(([indicator, names]) =>
        names.split(' ').some((name) => allowed.resourceScopes.get(indicator)?.has(name)),
      ),
  );
