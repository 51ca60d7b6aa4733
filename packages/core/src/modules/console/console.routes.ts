import rateLimit from '@fastify/rate-limit';
import {
  adminTenantId,
  consoleApplicationId,
  defaultTenantId,
  managementApiIndicator,
  primaryEmailSchema,
  usernameSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { serveBuiltApp } from '../../app/built-app.js';
import { ApiError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { GatehouseConfig } from '../../config.js';
import type { TenantRuntime } from '../../oidc/tenant-runtime.js';
import type { UserAssetStore } from '../user-assets/user-assets.service.js';
import { assertPasswordAccepted } from '../sign-in-experience/password-policy.service.js';
import { hashPassword } from '../users/passwords.js';
import { createFirstAdmin, firstAdminNeeded } from './console-access.service.js';
import { meRoutes } from './me.routes.js';

export type ConsoleRouteOptions = {
  config: GatehouseConfig;
  version: string;
  scopeFor: (tenantId: string) => TenantScope;
  runtimeFor: (tenantId: string) => TenantRuntime;
  userAssets: UserAssetStore;
};

const consoleConfigSchema = z.object({
  version: z.string(),
  edition: z.enum(['oss', 'cloud']),
  issuer: z.string(),
  clientId: z.string(),
  managementResource: z.string(),
  tenantId: z.string(),
  /** The managed tenant's base URL (its sign-in pages, social callbacks, OIDC issuer prefix). */
  tenantEndpoint: z.string(),
  firstAdminNeeded: z.boolean(),
  /** Docs, release notes and help dialog targets; null ones are not shown. */
  links: z.object({
    docs: z.string().nullable(),
    releases: z.string().nullable(),
    community: z.string().nullable(),
    issues: z.string().nullable(),
    email: z.string().nullable(),
    contact: z.string().nullable(),
  }),
  /** CONSOLE_RELEASE_INFO_URL: a JSON document with `latestRelease`, for the new-version dot; null: no check. */
  releaseInfoUrl: z.string().nullable(),
});

const firstAdminSchema = z
  .object({ username: usernameSchema, password: z.string().min(1).max(256), primaryEmail: primaryEmailSchema.optional() })
  .strict();

/** The console page's headers; it may fetch from its own origin and the release information document's. */
const pageHeaders = (releaseInfoUrl: string | null) => ({
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    `connect-src 'self'${releaseInfoUrl ? ` ${new URL(releaseInfoUrl).origin}` : ''}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; '),
});

/** The admin console: its bootstrap API (public) and the single-page app under /console. */
export const consoleRoutes = async (app: ApiInstance, options: ConsoleRouteOptions) => {
  const tags = ['Console'];
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new ApiError(429, 'request.rate_limited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  const adminScope = () => options.scopeFor(adminTenantId);

  app.get(
    '/api/console/config',
    {
      config: { tenantless: true },
      schema: { tags, summary: 'What the console needs to sign in', security: [], response: { 200: consoleConfigSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        version: options.version,
        edition: options.config.edition,
        issuer: options.runtimeFor(adminTenantId).issuer,
        clientId: consoleApplicationId,
        managementResource: managementApiIndicator(defaultTenantId),
        tenantId: defaultTenantId,
        tenantEndpoint: options.runtimeFor(defaultTenantId).baseUrl,
        firstAdminNeeded: await firstAdminNeeded(adminScope()),
        links: options.config.consoleLinks,
        releaseInfoUrl: options.config.consoleReleaseInfoUrl,
      };
    },
  );

  app.post(
    '/api/console/first-admin',
    {
      config: { tenantless: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Create the first console administrator',
        description: 'Only on a fresh install, while the admin tenant has no user; then 403 console.setup_done.',
        security: [],
        body: firstAdminSchema,
        response: { 201: z.object({ id: z.string(), username: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = adminScope();
      if (!(await firstAdminNeeded(scope))) {
        throw new ApiError(403, 'console.setup_done');
      }
      const { passwordPolicy } = await options.runtimeFor(adminTenantId).signInExperience();
      await assertPasswordAccepted(
        passwordPolicy,
        request.body.password,
        { username: request.body.username, email: request.body.primaryEmail },
        options.config,
      );
      const created = await createFirstAdmin(scope, {
        username: request.body.username,
        ...(request.body.primaryEmail ? { primaryEmail: request.body.primaryEmail } : {}),
        password: await hashPassword(request.body.password),
      });
      return reply.status(201).send(created);
    },
  );

  await app.register(meRoutes, options);

  const sendIndex = await serveBuiltApp(app, { name: 'console', headers: pageHeaders(options.config.consoleReleaseInfoUrl) });
  for (const url of ['/console', '/console/*']) {
    app.get(url, { config: { tenantless: true }, schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
  }
};
