import {
  type Application,
  type ApplicationCreate,
  type ApplicationPatch,
  type ApplicationSecret,
  type ApplicationType,
  checkApplicationRules,
  type OidcClientMetadata,
  type PaginationQuery,
} from '@gatehouse/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import { pageWindow } from '../../app/pagination.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId, generateSecret } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { oidcModelInstances } from '../../oidc/oidc-model-instances.table.js';
import {
  type ApplicationFilter,
  countApplications,
  findApplication,
  findSecretRow,
  listApplications,
  listSecretRows,
  toApplication,
  toApplicationSecret,
} from './applications.queries.js';
import { applicationSecrets, applications } from './applications.table.js';

/** Types that authenticate at the token endpoint with a secret. */
export const confidentialTypes: readonly ApplicationType[] = ['Traditional', 'MachineToMachine', 'Protected'];

export const appSealContext = (tenantId: string, applicationId: string) => `applications:${tenantId}:${applicationId}`;
export const secretSealContext = (tenantId: string, applicationId: string) =>
  `application_secrets:${tenantId}:${applicationId}`;

const assertRules = (app: Parameters<typeof checkApplicationRules>[0]) => {
  const issues = checkApplicationRules(app);
  if (issues.length > 0) {
    // The summary in the message is made of the details, in the caller's language.
    throw new ApiError(400, 'application.invalid_for_type', {}, issues);
  }
};

export const defaultSecretName = 'Default secret';

/** An empty back-channel logout URI (how a form clears it) is stored as none. */
const withoutEmptyUris = (metadata: OidcClientMetadata): OidcClientMetadata => {
  const { backchannelLogoutUri, ...rest } = metadata;
  return backchannelLogoutUri ? { ...rest, backchannelLogoutUri } : rest;
};

export const createApplication = async (scope: TenantScope, input: ApplicationCreate): Promise<Application> => {
  const row = {
    name: input.name,
    description: input.description ?? null,
    type: input.type,
    oidcClientMetadata: withoutEmptyUris({ redirectUris: [], postLogoutRedirectUris: [], ...input.oidcClientMetadata }),
    customClientMetadata: input.customClientMetadata ?? {},
    protectedAppMetadata: input.protectedAppMetadata
      ? { pageRules: [], customDomains: [], ...input.protectedAppMetadata }
      : null,
    customData: input.customData ?? {},
    isThirdParty: input.isThirdParty ?? false,
  };
  assertRules(row);
  const id = generateId();
  const created = await scope.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(applications)
      .values({ ...row, tenantId: scope.tenantId, id, secret: scope.box.seal(generateSecret(), appSealContext(scope.tenantId, id)) })
      .returning();
    if (confidentialTypes.includes(input.type)) {
      await tx.insert(applicationSecrets).values({
        tenantId: scope.tenantId,
        applicationId: id,
        name: defaultSecretName,
        value: scope.box.seal(generateSecret(), secretSealContext(scope.tenantId, id)),
      });
    }
    return inserted!;
  });
  await scope.invalidate();
  return toApplication(created);
};

export const listApplicationsPage = (scope: TenantScope, filter: ApplicationFilter, page: PaginationQuery) =>
  scope.transaction(async (tx) => {
    const { limit, offset } = pageWindow(page);
    const [total, rows] = [await countApplications(tx, filter), await listApplications(tx, filter, limit, offset)];
    return { total, items: rows.map(toApplication) };
  });

export const getApplication = async (scope: TenantScope, id: string): Promise<Application> => {
  const row = await scope.transaction((tx) => findApplication(tx, id));
  if (!row) {
    throw notFound('application', id);
  }
  return toApplication(row);
};

/** The client's authorization requests still waiting for a sign-in (their interaction names the client in its parameters). */
const pendingInteractionsOf = (applicationId: string) =>
  and(eq(oidcModelInstances.modelName, 'Interaction'), sql`${oidcModelInstances.payload}->'params'->>'client_id' = ${applicationId}`);

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A loopback `http:` URI without its port (RFC 8252 7.3: a native app's loopback redirect may use any port); else undefined. */
const loopbackWithoutPort = (uri: string) => {
  const url = URL.parse(uri);
  if (!url || url.protocol !== 'http:' || !loopbackHosts.has(url.hostname)) {
    return undefined;
  }
  url.port = '';
  return url.href;
};

/**
 * A native app's requests and codes whose redirect URI the kept list no longer allows: oidc-provider
 * accepts a loopback URI on any port, so a request can name a URI that is not on the list as such.
 */
const endNativeRequestsOutside = async (tx: Tx, applicationId: string, kept: string[]) => {
  const keptLoopbacks = new Set(kept.map(loopbackWithoutPort).filter((uri) => uri !== undefined));
  const allowed = (uri: string | null) => uri !== null && (kept.includes(uri) || keptLoopbacks.has(loopbackWithoutPort(uri) ?? ''));
  const requestUri = sql<string | null>`${oidcModelInstances.payload}->'params'->>'redirect_uri'`;
  const codeUri = sql<string | null>`${oidcModelInstances.payload}->>'redirectUri'`;
  const pending = await tx.select({ id: oidcModelInstances.id, uri: requestUri }).from(oidcModelInstances).where(pendingInteractionsOf(applicationId));
  const codes = await tx
    .select({ id: oidcModelInstances.id, uri: codeUri })
    .from(oidcModelInstances)
    .where(and(eq(oidcModelInstances.modelName, 'AuthorizationCode'), eq(oidcModelInstances.clientId, applicationId)));
  for (const [modelName, rows] of [['Interaction', pending], ['AuthorizationCode', codes]] as const) {
    const ids = rows.filter((row) => !allowed(row.uri)).map((row) => row.id);
    if (ids.length > 0) {
      await tx.delete(oidcModelInstances).where(and(eq(oidcModelInstances.modelName, modelName), inArray(oidcModelInstances.id, ids)));
    }
  }
};

/**
 * Ends what would still send the browser to redirect URIs the administrator removed: authorization
 * requests waiting for a sign-in (oidc-provider does not check the URI again when they resume) and
 * codes not exchanged yet (the exchange only compares the URI with the request's).
 */
const endRequestsTo = async (tx: Tx, app: { id: string; type: string }, before: string[], kept: string[]) => {
  const removed = before.filter((uri) => !kept.includes(uri));
  if (removed.length === 0) {
    return;
  }
  if (app.type === 'Native' && removed.some((uri) => loopbackWithoutPort(uri) !== undefined)) {
    await endNativeRequestsOutside(tx, app.id, kept);
    return;
  }
  const applicationId = app.id;
  // Two statements: each reads through its own index (a disjunction could read the whole table).
  await tx
    .delete(oidcModelInstances)
    .where(and(pendingInteractionsOf(applicationId), inArray(sql`${oidcModelInstances.payload}->'params'->>'redirect_uri'`, removed)));
  await tx
    .delete(oidcModelInstances)
    .where(
      and(
        eq(oidcModelInstances.modelName, 'AuthorizationCode'),
        eq(oidcModelInstances.clientId, applicationId),
        inArray(sql`${oidcModelInstances.payload}->>'redirectUri'`, removed),
      ),
    );
};

export const patchApplication = async (scope: TenantScope, id: string, patch: ApplicationPatch): Promise<Application> => {
  const updated = await scope.transaction(async (tx) => {
    const current = await findApplication(tx, id);
    if (!current) {
      throw notFound('application', id);
    }
    const next = {
      name: patch.name ?? current.name,
      description: patch.description === undefined ? current.description : patch.description,
      oidcClientMetadata: withoutEmptyUris({ ...current.oidcClientMetadata, ...patch.oidcClientMetadata }),
      customClientMetadata: { ...current.customClientMetadata, ...patch.customClientMetadata },
      protectedAppMetadata:
        patch.protectedAppMetadata && current.protectedAppMetadata
          ? { ...current.protectedAppMetadata, ...patch.protectedAppMetadata }
          : ((patch.protectedAppMetadata as typeof current.protectedAppMetadata) ?? current.protectedAppMetadata),
      customData: patch.customData ?? current.customData,
    };
    assertRules({ ...next, type: current.type, isThirdParty: current.isThirdParty });
    const [row] = await tx.update(applications).set(next).where(eq(applications.id, id)).returning();
    await endRequestsTo(tx, current, current.oidcClientMetadata.redirectUris, next.oidcClientMetadata.redirectUris);
    return row!;
  });
  await scope.invalidate();
  return toApplication(updated);
};

/** Merges keys into custom data at the top level; a key given replaces that key's whole value. */
export const patchCustomData = async (scope: TenantScope, id: string, customData: Record<string, unknown>) => {
  const row = await scope.transaction(async (tx) => {
    const current = await findApplication(tx, id);
    if (!current) {
      throw notFound('application', id);
    }
    const [updated] = await tx
      .update(applications)
      .set({ customData: { ...current.customData, ...customData } })
      .where(eq(applications.id, id))
      .returning({ customData: applications.customData });
    return updated!;
  });
  return row.customData;
};

/** Deletes the application with its secrets, role links and every token and grant issued to it. */
export const deleteApplication = async (scope: TenantScope, id: string) => {
  await scope.transaction(async (tx) => {
    const deleted = await tx.delete(applications).where(eq(applications.id, id)).returning({ id: applications.id });
    if (deleted.length === 0) {
      throw notFound('application', id);
    }
    // Its sign-ins in progress too: nothing could resume them, and a registration would still create the user.
    await tx.delete(oidcModelInstances).where(eq(oidcModelInstances.clientId, id));
    await tx.delete(oidcModelInstances).where(pendingInteractionsOf(id));
  });
  await scope.invalidate();
};

const requireConfidential = async (scope: TenantScope, id: string) => {
  const app = await getApplication(scope, id);
  if (!confidentialTypes.includes(app.type)) {
    throw new ApiError(422, 'application.not_a_confidential_client', { type: app.type });
  }
  return app;
};

export const listSecrets = async (scope: TenantScope, applicationId: string): Promise<ApplicationSecret[]> => {
  await getApplication(scope, applicationId);
  const rows = await scope.transaction((tx) => listSecretRows(tx, applicationId));
  return rows.map((row) =>
    toApplicationSecret(row, scope.box.open(row.value, secretSealContext(scope.tenantId, applicationId))),
  );
};

export const createSecret = async (
  scope: TenantScope,
  applicationId: string,
  input: { name: string; expiresAt?: number | null },
): Promise<ApplicationSecret> => {
  await requireConfidential(scope, applicationId);
  if (input.expiresAt !== undefined && input.expiresAt !== null && input.expiresAt <= Date.now()) {
    throw new ApiError(400, 'application.secret_expiry_in_past', {}, [
      { path: 'body.expiresAt', code: 'too_small', message: 'Must be in the future.' },
    ]);
  }
  const value = generateSecret();
  const [row] = await scope.transaction((tx) =>
    tx
      .insert(applicationSecrets)
      .values({
        tenantId: scope.tenantId,
        applicationId,
        name: input.name,
        value: scope.box.seal(value, secretSealContext(scope.tenantId, applicationId)),
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      })
      .onConflictDoNothing()
      .returning(),
  );
  if (!row) {
    throw new ApiError(409, 'application.secret_name_exists', { name: input.name });
  }
  await scope.invalidate();
  return toApplicationSecret(row, value);
};

export const renameSecret = async (scope: TenantScope, applicationId: string, name: string, newName: string) => {
  const row = await scope.transaction(async (tx) => {
    if (!(await findSecretRow(tx, applicationId, name))) {
      throw notFound('application secret', name);
    }
    if (newName !== name && (await findSecretRow(tx, applicationId, newName))) {
      throw new ApiError(409, 'application.secret_name_exists', { name: newName });
    }
    const [updated] = await tx
      .update(applicationSecrets)
      .set({ name: newName })
      .where(and(eq(applicationSecrets.applicationId, applicationId), eq(applicationSecrets.name, name)))
      .returning();
    return updated!;
  });
  return toApplicationSecret(row, scope.box.open(row.value, secretSealContext(scope.tenantId, applicationId)));
};

export const deleteSecret = async (scope: TenantScope, applicationId: string, name: string) => {
  const deleted = await scope.transaction((tx) =>
    tx
      .delete(applicationSecrets)
      .where(and(eq(applicationSecrets.applicationId, applicationId), eq(applicationSecrets.name, name)))
      .returning({ name: applicationSecrets.name }),
  );
  if (deleted.length === 0) {
    throw notFound('application secret', name);
  }
  await scope.invalidate();
};
