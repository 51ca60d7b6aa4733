import {
  accountEmailSchema,
  accountVerificationCodeRequestSchema,
  adminTenantId,
  defaultTenantId,
  jsonObjectSchema,
  managementApiIndicator,
  userAssetsServiceStatusSchema,
  userPasswordSchema,
  userPatchSchema,
  userSchema,
} from '@gatehouse/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { ApiError } from '../../app/errors.js';
import type { GatehouseConfig } from '../../config.js';
import type { ConsoleRouteOptions } from './console.routes.js';
import { assertPasswordAccepted } from '../sign-in-experience/password-policy.service.js';
import { negotiateLocale } from '../../i18n/index.js';
import { findMessageConnector, sendTenantMessage } from '../connectors/connectors.service.js';
import { checkVerificationCode, issueVerificationCode } from '../experience/verification-codes.js';
import { registerMultipart, uploadRouteSchema } from '../user-assets/user-assets.routes.js';
import { assertIdentifiersFree, getUser, patchUser, patchUserCustomData, setUserPassword, verifyUserPassword } from '../users/users.service.js';

const tags = ['Console: me'];
const mePatchSchema = userPatchSchema.pick({ name: true, username: true, avatar: true });
const mePasswordSchema = userPasswordSchema.extend({ currentPassword: z.string().min(1).max(256).optional() }).strict();
/** Codes for linking an email are kept apart from sign-in codes, and bound to the user who asked. */
const emailCodeUsage = (userId: string) => `Profile:${userId}`;

/**
 * The signed-in console user's own account (an admin-tenant user): profile, preferences kept in
 * custom data, password. Authenticated by the console's access token, whoever holds it.
 */
export const meRoutes = async (app: ApiInstance, options: ConsoleRouteOptions & { config: GatehouseConfig }) => {
  const scope = () => options.scopeFor(adminTenantId);
  const userIdOf = async (request: FastifyRequest) => {
    const [type, token] = (request.headers.authorization ?? '').split(' ');
    if (type?.toLowerCase() !== 'bearer' || !token) {
      throw new ApiError(401, 'auth.authorization_header_missing');
    }
    try {
      const payload = await options.runtimeFor(adminTenantId).verifyAccessToken(token, managementApiIndicator(defaultTenantId));
      if (typeof payload.sub !== 'string' || payload.sub === payload.client_id) {
        throw new Error('not a user token');
      }
      return payload.sub;
    } catch {
      throw new ApiError(401, 'auth.invalid_token');
    }
  };
  const secured = { config: { tenantless: true } } as const;

  app.get(
    '/api/me',
    { ...secured, schema: { tags, summary: 'The signed-in console user', response: { 200: userSchema, ...errorResponses } } },
    async (request) => getUser(scope(), await userIdOf(request)),
  );

  app.patch(
    '/api/me',
    { ...secured, schema: { tags, summary: 'Change my name, username or avatar', body: mePatchSchema, response: { 200: userSchema, ...errorResponses } } },
    async (request) => {
      const userId = await userIdOf(request);
      if (request.body.username !== undefined && options.config.edition === 'cloud') {
        throw new ApiError(403, 'auth.insufficient_scope');
      }
      return patchUser(scope(), userId, request.body);
    },
  );

  app.get(
    '/api/me/custom-data',
    { ...secured, schema: { tags, summary: 'My console preferences and other custom data', response: { 200: jsonObjectSchema, ...errorResponses } } },
    async (request) => (await getUser(scope(), await userIdOf(request))).customData,
  );

  app.patch(
    '/api/me/custom-data',
    {
      ...secured,
      schema: { tags, summary: 'Merge into my custom data', body: jsonObjectSchema, response: { 200: jsonObjectSchema, ...errorResponses } },
    },
    async (request) => patchUserCustomData(scope(), await userIdOf(request), request.body),
  );

  app.post(
    '/api/me/password/verify',
    {
      ...secured,
      schema: { tags, summary: 'Check my current password', body: userPasswordSchema, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await verifyUserPassword(scope(), await userIdOf(request), request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/me/password',
    {
      ...secured,
      schema: {
        tags,
        summary: 'Change my password',
        description: 'A user who has a password must send it as currentPassword. The admin tenant password policy applies.',
        body: mePasswordSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = await userIdOf(request);
      const user = await getUser(scope(), userId);
      if (user.hasPassword) {
        if (!request.body.currentPassword) {
          throw new ApiError(422, 'user.password_mismatch');
        }
        await verifyUserPassword(scope(), userId, request.body.currentPassword);
      }
      const { passwordPolicy } = await options.runtimeFor(adminTenantId).signInExperience();
      await assertPasswordAccepted(
        passwordPolicy,
        request.body.password,
        { username: user.username, email: user.primaryEmail, phone: user.primaryPhone, name: user.name },
        options.config,
      );
      await setUserPassword(scope(), userId, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/verification-codes',
    {
      ...secured,
      config: { ...secured.config, rateLimit: { max: options.config.codeSendRateLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Send a code to an email address I want to link',
        description:
          'Sends a 6-digit code through the admin tenant\'s email connector; 422 connector.email_not_configured when it has none, 409 when another account uses the address.',
        body: accountVerificationCodeRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = await userIdOf(request);
      const { email } = request.body;
      await scope().transaction((tx) => assertIdentifiersFree(tx, { primaryEmail: email }, userId));
      if (!(await findMessageConnector(scope(), 'Email'))) {
        throw new ApiError(422, 'connector.email_not_configured');
      }
      await issueVerificationCode(scope(), { type: 'email', value: email }, emailCodeUsage(userId), (code) =>
        sendTenantMessage(scope(), 'email', { to: email, type: 'BindNewIdentifier', locale: negotiateLocale(request.headers['accept-language']), payload: { code } }),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/me/email',
    {
      ...secured,
      config: { ...secured.config, rateLimit: { max: options.config.signInRateLimit, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Link an email address with the code sent to it', body: accountEmailSchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => {
      const userId = await userIdOf(request);
      const { email, verificationCode } = request.body;
      if (!(await checkVerificationCode(scope(), { type: 'email', value: email }, emailCodeUsage(userId), verificationCode))) {
        throw new ApiError(422, 'verification_code.mismatch');
      }
      return patchUser(scope(), userId, { primaryEmail: email });
    },
  );

  // The avatar: the asset service of the admin tenant, where console users live.
  await app.register(async (assets) => {
    await registerMultipart(assets);
    assets.get(
      '/api/me/user-assets/service-status',
      { ...secured, schema: { tags, summary: 'Whether I can upload an avatar', response: { 200: userAssetsServiceStatusSchema, ...errorResponses } } },
      async (request) => {
        await userIdOf(request);
        return options.userAssets.status();
      },
    );
    assets.post('/api/me/user-assets', { ...secured, schema: { tags, summary: 'Upload a file (my avatar)', ...uploadRouteSchema } }, async (request, reply) => {
      await userIdOf(request);
      return reply.status(201).send(await options.userAssets.upload(request, adminTenantId, options.runtimeFor(adminTenantId).baseUrl));
    });
  });
};
