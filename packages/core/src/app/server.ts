import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';

import swagger from '@fastify/swagger';
import { adminTenantId, defaultTenantId } from '@gatehouse/schemas';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { GatehouseConfig } from '../config.js';
import { SecretBox } from '../crypto/secret-box.js';
import { type Database, openDatabase } from '../db/database.js';
import { applicationRoutes } from '../modules/applications/applications.routes.js';
import { createManagementM2mApp } from '../modules/applications/create-m2m-app.js';
import { resourceRoutes } from '../modules/resources/resources.routes.js';
import { AuditLogWriter } from '../modules/logs/audit-log-writer.js';
import { logRoutes } from '../modules/logs/logs.routes.js';
import { purgeSignInRecords } from '../modules/experience/expired-attempts.js';
import { purgeOldLogs } from '../modules/logs/logs.service.js';
import { purgeOldActivityDays } from '../modules/dashboard/dashboard.service.js';
import { roleRoutes } from '../modules/roles/roles.routes.js';
import { connectorRoutes } from '../modules/connectors/connectors.routes.js';
import { ensureConsoleAccess } from '../modules/console/console-access.service.js';
import { consoleRoutes } from '../modules/console/console.routes.js';
import { experienceRoutes } from '../modules/experience/experience.routes.js';
import { experiencePageRoutes } from '../modules/experience/pages.routes.js';
import { customizationRoutes } from '../modules/sign-in-experience/customization.routes.js';
import { signInExperienceRoutes } from '../modules/sign-in-experience/sign-in-experience.routes.js';
import { userIdentityRoutes } from '../modules/users/user-identities.routes.js';
import { userMfaRoutes } from '../modules/users/user-mfa.routes.js';
import { userRoutes } from '../modules/users/users.routes.js';
import { oidcKeyRoutes } from '../modules/signing-keys/oidc-keys.routes.js';
import { dashboardRoutes } from '../modules/dashboard/dashboard.routes.js';
import { userAssetFileRoutes, userAssetRoutes } from '../modules/user-assets/user-assets.routes.js';
import { UserAssetStore } from '../modules/user-assets/user-assets.service.js';
import { statusRoutes } from '../modules/status/status.routes.js';
import { subjectTokenRoutes } from '../modules/token-exchange/subject-tokens.routes.js';
import { ensureTenant, listTenantIds } from '../modules/tenants/tenants.service.js';
import { oidcRoutes } from '../oidc/mount.js';
import { schedulePurge } from '../oidc/expired-rows.js';
import { createTenantProvider } from '../oidc/provider.js';
import { TenantRuntimes } from '../oidc/tenant-runtime.js';
import { translateError } from '../i18n/index.js';
import { version } from '../version.js';
import type { ApiInstance } from './api-types.js';
import { authenticateManagementRequest } from './auth.js';
import { sendError } from './errors.js';
import './fastify-types.js';
import { listenControlSocket } from './control-socket.js';
import { metricsPlugin } from './metrics.js';
import { sendNotFound } from './not-found.js';
import { openApiTransformObject } from './openapi.js';
import { resolveSecretKey } from './secret-key.js';
import { resolveTenantId, rewriteTenantPrefix } from './tenant-resolution.js';
import type { TenantScope } from './tenant-scope.js';
import { zodValidatorCompiler } from './validation.js';

const tenantChangedChannel = 'gatehouse_tenant_changed';

export type GatehouseOptions = {
  config: GatehouseConfig;
  /** An already open database (tests); otherwise opened from the config. */
  database?: Database;
  /** Fastify/pino logger options; `false` silences logging. */
  logger?: boolean | Record<string, unknown>;
};

export type Gatehouse = Awaited<ReturnType<typeof createGatehouse>>;

/** Assembles the server: database, tenants, OIDC providers, management API. Does not listen yet. */
export const createGatehouse = async ({ config, database: givenDatabase, logger }: GatehouseOptions) => {
  const box = new SecretBox(resolveSecretKey(config));
  const database =
    givenDatabase ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));

  for (const tenant of [
    { id: defaultTenantId, name: 'Default' },
    { id: adminTenantId, name: 'Admin' },
  ]) {
    await ensureTenant(database, box, tenant, config.signingKeyAlgorithm);
  }

  let endpoint = config.endpoint;
  const baseUrl = (tenantId: string) => {
    const root = endpoint ?? `http://localhost:${config.port}`;
    if (config.tenantBaseDomain && tenantId !== defaultTenantId) {
      const url = new URL(root);
      return `${url.protocol}//${tenantId}.${config.tenantBaseDomain}${url.port ? `:${url.port}` : ''}`;
    }
    return tenantId === defaultTenantId ? root : `${root}/t/${tenantId}`;
  };

  const auditLog = new AuditLogWriter(database);
  const userAssets = new UserAssetStore(config.userAssetsDir);
  const runtimes = new TenantRuntimes(
    {
      database,
      box,
      baseUrl,
      createProvider: (runtime) =>
        createTenantProvider(runtime, { database, trustProxy: config.trustProxy, auditLog, privateNetworkCalls: config.oidcPrivateNetworkCalls }),
    },
    config.providerCacheSize,
  );

  let knownTenants = new Set(await listTenantIds(database));
  const tenantExists = async (tenantId: string) => {
    if (!knownTenants.has(tenantId)) {
      knownTenants = new Set(await listTenantIds(database));
    }
    return knownTenants.has(tenantId);
  };

  // Another process changed a tenant: drop what we cached about it.
  await database.listen(tenantChangedChannel, (tenantId) => runtimes.invalidate(tenantId));

  const scopeFor = (tenantId: string): TenantScope => ({
    tenantId,
    box,
    transaction: (fn) => database.withTenant(tenantId, fn),
    autocommit: (fn) => database.withTenantAutocommit(tenantId, fn),
    invalidate: async () => {
      runtimes.invalidate(tenantId);
      await database.notify(tenantChangedChannel, tenantId);
    },
  });

  let shuttingDown = false;
  /** Every management route with the scope it declares (tests check none is left without one). */
  const managementRoutes: { method: string; url: string; scope: string | undefined }[] = [];
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    rewriteUrl: rewriteTenantPrefix,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>() as unknown as ApiInstance;

  // Bodies are JSON (and forms where oidc-provider takes them): plain text gets 415 like any other type.
  app.removeContentTypeParser('text/plain');
  // An empty body labelled JSON is no body, as for a DELETE from a client that always sends the
  // header; a route that needs a body then says so through its schema. Anything else is parsed as
  // by Fastify's own JSON parser (with its prototype-poisoning checks).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler(sendNotFound);

  // First, so that its timer covers every request, including ones tenant resolution rejects.
  await app.register(metricsPlugin);

  app.decorateRequest('tenantId', '');
  app.decorateRequest('tenantRuntime', function (this: { tenantId: string }) {
    return runtimes.get(this.tenantId);
  });
  app.decorateRequest('adminRuntime', () => runtimes.get(adminTenantId));
  app.decorateRequest('tenantScope', function (this: { tenantId: string }) {
    return scopeFor(this.tenantId);
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!request.routeOptions.config.tenantless) {
      request.tenantId = await resolveTenantId(request, {
        edition: config.edition,
        tenantBaseDomain: config.tenantBaseDomain,
        tenantExists,
      });
    }
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gatehouse Management API',
        version,
        description:
          'Manage a tenant: applications, API resources, users, roles, the sign-in experience, connectors and keys. Management routes need a bearer token for the tenant\'s management API; the experience API (`/api/experience`) is bound to the browser\'s interaction cookie instead.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: openApiTransformObject,
  });

  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticateManagementRequest);
      api.addHook('onRoute', (route) => {
        managementRoutes.push({ method: String(route.method), url: route.url, scope: route.config?.scope });
      });
      await api.register(statusRoutes, { version, isShuttingDown: () => shuttingDown });
      await api.register(applicationRoutes);
      await api.register(resourceRoutes);
      await api.register(roleRoutes);
      await api.register(userRoutes);
      await api.register(userIdentityRoutes);
      await api.register(userMfaRoutes);
      await api.register(logRoutes);
      await api.register(subjectTokenRoutes);
      await api.register(signInExperienceRoutes, { config });
      await api.register(customizationRoutes);
      await api.register(connectorRoutes, { devConnectors: config.devConnectors });
      await api.register(oidcKeyRoutes, { defaultAlgorithm: config.signingKeyAlgorithm });
      await api.register(dashboardRoutes);
      await api.register(userAssetRoutes, { store: userAssets });
      api.get(
        '/openapi.json',
        { config: { scope: 'public' }, schema: { hide: true } },
        async () => app.swagger(),
      );
    },
    { prefix: '/api' },
  );
  await app.register(oidcRoutes, { auditLog });
  await app.register(experienceRoutes, { prefix: '/api', config, auditLog });
  await app.register(experiencePageRoutes, { config, auditLog });
  await app.register(consoleRoutes, { config, version, scopeFor, runtimeFor: (tenantId: string) => runtimes.get(tenantId), userAssets });
  await app.register(userAssetFileRoutes, { store: userAssets });

  /** Creates a management M2M app in a tenant; used by the CLI, directly or over the control socket. */
  const createM2mApp = async ({ tenant, name }: { tenant: string; name: string }) => {
    if (config.edition === 'oss' && tenant !== defaultTenantId && tenant !== adminTenantId) {
      throw new Error(translateError('en', 'tenant.not_supported_in_oss'));
    }
    if (!(await tenantExists(tenant))) {
      throw new Error(translateError('en', 'tenant.not_found', { tenantId: tenant }));
    }
    return createManagementM2mApp(scopeFor(tenant), name, runtimes.get(tenant).issuer);
  };
  let controlSocket: Server | undefined;
  const stopPurge = schedulePurge(
    database,
    () => listTenantIds(database),
    (error) => app.log.error({ err: error }, 'purging expired rows failed'),
  );
  const stopSignInRecordPurge = schedulePurge(
    database,
    () => listTenantIds(database),
    (error) => app.log.error({ err: error }, 'purging old verification codes and sign-in attempts failed'),
    10 * 60 * 1000,
    (ids) => purgeSignInRecords(database, ids),
  );
  const stopLogRetention = schedulePurge(
    database,
    () => listTenantIds(database),
    (error) => app.log.error({ err: error }, 'purging old audit logs failed'),
    60 * 60 * 1000,
    async (ids) => {
      const tenants = [...ids];
      return (await purgeOldLogs(database, tenants, config.logRetentionDays)) + (await purgeOldActivityDays(database, tenants, config.logRetentionDays));
    },
  );

  return {
    app,
    config,
    createM2mApp,
    managementRoutes,
    database,
    box,
    runtimes,
    scopeFor,
    get endpoint() {
      return endpoint ?? `http://localhost:${config.port}`;
    },
    /** Listens on config.host:config.port (port 0 picks a free one) and returns the endpoint. */
    listen: async () => {
      await app.listen({ host: config.host, port: config.port });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
      endpoint ??= `http://${host}:${port}`;
      // The console's client needs its redirect URIs on the endpoint now known.
      await ensureConsoleAccess(scopeFor(adminTenantId), endpoint);
      if (database.kind === 'pglite' && !givenDatabase) {
        controlSocket = await listenControlSocket(config.dataDir, { createM2mApp });
      }
      return endpoint;
    },
    /** Stops accepting requests, finishes in-flight ones, then closes the database. */
    close: async () => {
      shuttingDown = true;
      stopPurge();
      stopSignInRecordPurge();
      stopLogRetention();
      controlSocket?.close();
      await app.close();
      await auditLog.flush();
      if (!givenDatabase) {
        await database.close();
      }
    },
  };
};
