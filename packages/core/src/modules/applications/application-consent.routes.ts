import {
  applicationSignInExperienceInputSchema,
  applicationSignInExperienceSchema,
  managementScopes,
  userConsentScopesAddSchema,
  userConsentScopesSchema,
  userConsentScopeTypeSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import {
  deleteApplicationSignInExperience,
  getApplicationSignInExperience,
  putApplicationSignInExperience,
} from './application-sign-in-experience.service.js';
import { addUserConsentScopes, listUserConsentScopes, removeUserConsentScope } from './user-consent-scopes.service.js';

const read = { scope: managementScopes.readApplications } as const;
const write = { scope: managementScopes.writeApplications } as const;
const tags = ['Applications'];
const idParams = z.object({ id: z.string().min(1).max(21) });

/** An application's branding of the hosted pages, and the scopes a third-party app's users may grant. */
export const applicationConsentRoutes = async (app: ApiInstance) => {
  app.get(
    '/applications/:id/sign-in-experience',
    {
      config: read,
      schema: {
        tags,
        summary: "Get the application's sign-in branding",
        description: 'Answers 404 when the application has no overrides (its sign-ins use the tenant branding).',
        params: idParams,
        response: { 200: applicationSignInExperienceSchema, ...errorResponses },
      },
    },
    async (request) => getApplicationSignInExperience(request.tenantScope(), request.params.id),
  );

  app.put(
    '/applications/:id/sign-in-experience',
    {
      config: write,
      schema: {
        tags,
        summary: "Set the application's sign-in branding",
        description:
          'Replaces the whole document. Display name, logos, colours and terms and privacy URLs override the tenant sign-in experience when this application starts a sign-in; omitted or null fields keep the tenant value.',
        params: idParams,
        body: applicationSignInExperienceInputSchema,
        response: { 200: applicationSignInExperienceSchema, ...errorResponses },
      },
    },
    async (request) => putApplicationSignInExperience(request.tenantScope(), request.params.id, request.body),
  );

  app.delete(
    '/applications/:id/sign-in-experience',
    {
      config: write,
      schema: {
        tags,
        summary: "Remove the application's sign-in branding",
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteApplicationSignInExperience(request.tenantScope(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/applications/:id/user-consent-scopes',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the scopes users may consent to',
        description: 'Third-party applications only: the consent page shows and grants only these (plus openid and offline_access).',
        params: idParams,
        response: { 200: userConsentScopesSchema, ...errorResponses },
      },
    },
    async (request) => listUserConsentScopes(request.tenantScope(), request.params.id),
  );

  app.post(
    '/applications/:id/user-consent-scopes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add scopes users may consent to',
        description: 'Takes user scopes by name and API permissions by id; answers the whole list.',
        params: idParams,
        body: userConsentScopesAddSchema,
        response: { 201: userConsentScopesSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addUserConsentScopes(request.tenantScope(), request.params.id, request.body)),
  );

  app.delete(
    '/applications/:id/user-consent-scopes/:scopeType/:scopeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a scope users may consent to',
        description:
          '`scopeType` is `user-scopes` (`scopeId` is the scope name, e.g. `email`) or `resource-scopes` (a permission id). The grants of users who consented to it are revoked with their refresh tokens: those users are asked again.',
        params: idParams.extend({ scopeType: userConsentScopeTypeSchema, scopeId: z.string().min(1).max(64) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, scopeType, scopeId } = request.params;
      await removeUserConsentScope(request.tenantScope(), id, scopeType, scopeId);
      return reply.status(204).send(null);
    },
  );
};
