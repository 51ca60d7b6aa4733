import {
  identityTargetSchema,
  managementAllScope,
  managementScopes,
  userIdentitiesSchema,
  userIdentityLinkSchema,
  userIdParamsSchema,
  userSocialTokenSetSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { deleteUserIdentity, listUserIdentities, readUserTokenSet, setUserIdentity } from './identities.service.js';

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
        body: userIdentityLinkSchema,
        response: { 200: userIdentitiesSchema, ...errorResponses },
      },
    },
    async (request) => setUserIdentity(request.tenantScope(), request.params.id, request.params.target, request.body),
  );

  app.get(
    '/users/:id/identities/:target/token-set',
    {
      // The user's own credentials at another service: only a full-access token may read them.
      config: { scope: managementAllScope },
      schema: {
        tags,
        summary: "Read the provider tokens kept for a user's social identity",
        description:
          "The tokens from the user's latest sign-in through the connector, kept when its `enableTokenStorage` is on, so a backend can call the provider's APIs as the user. 404 when none are kept. Needs the `all` scope.",
        params: targetParams,
        response: { 200: userSocialTokenSetSchema, ...errorResponses },
      },
    },
    async (request) => readUserTokenSet(request.tenantScope(), request.params.id, request.params.target),
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
