import { adminTenantId, defaultTenantId, jsonObjectSchema, managementApiIndicator, userPasswordSchema, userPatchSchema, userSchema } from '@gatehouse/schemas';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { ApiError } from '../../app/errors.js';
import type { GatehouseConfig } from '../../config.js';
import type { ConsoleRouteOptions } from './console.routes.js';
import { assertPasswordAccepted } from '../sign-in-experience/password-policy.service.js';
import { getUser, patchUser, patchUserCustomData, setUserPassword, verifyUserPassword } from '../users/users.service.js';

const tags = ['Console: me'];
const mePatchSchema = userPatchSchema.pick({ name: true, username: true, avatar: true });
const mePasswordSchema = userPasswordSchema.extend({ currentPassword: z.string().min(1).max(256).optional() }).strict();

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
};
