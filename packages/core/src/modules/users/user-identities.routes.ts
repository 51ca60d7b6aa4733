import { userIdParamsSchema, identityTargetSchema, managementScopes, userIdentitiesSchema, userIdentitySchema } from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { deleteUserIdentity, listUserIdentities, setUserIdentity } from './identities.service.js';

const tags = ['Users'];
const idParams = userIdParamsSchema;
const targetParams = idParams.extend({ target: identityTargetSchema });

/** A user's social identities: listed, linked by an administrator (imports), and unlinked. */
export const userIdentityRoutes = async (app: ApiInstance) => {
  app.get(
    '/users/:id/identities',
    {
      config: { scope: managementScopes.readUsers },
      schema: { tags, summary: "List a user's social identities", params: idParams, response: { 200: userIdentitiesSchema, ...errorResponses } },
    },
    async (request) => listUserIdentities(request.tenantScope(), request.params.id),
  );

  app.put(
    '/users/:id/identities/:target',
    {
      config: { scope: managementScopes.writeUsers },
      schema: {
        tags,
        summary: 'Link a social identity',
        description: 'Sets the identity the user has at `target` (replacing one there). An identity belongs to one user per tenant: 409 user.identity_in_use otherwise.',
        params: targetParams,
        body: userIdentitySchema,
        response: { 200: userIdentitiesSchema, ...errorResponses },
      },
    },
    async (request) => setUserIdentity(request.tenantScope(), request.params.id, request.params.target, request.body),
  );

  app.delete(
    '/users/:id/identities/:target',
    {
      config: { scope: managementScopes.writeUsers },
      schema: { tags, summary: 'Unlink a social identity', params: targetParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteUserIdentity(request.tenantScope(), request.params.id, request.params.target);
      return reply.status(204).send(null);
    },
  );
};
