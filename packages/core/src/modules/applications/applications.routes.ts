import {
  applicationCreateSchema,
  applicationListQuerySchema,
  applicationPatchSchema,
  applicationSchema,
  applicationSecretCreateSchema,
  applicationSecretPatchSchema,
  applicationSecretSchema,
  jsonObjectSchema,
  managementScopes,
  paginationQuerySchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { setPageHeaders } from '../../app/pagination.js';
import { applicationConsentRoutes } from './application-consent.routes.js';
import {
  createApplication,
  createSecret,
  deleteApplication,
  deleteSecret,
  getApplication,
  listApplicationsPage,
  listSecrets,
  patchApplication,
  patchCustomData,
  renameSecret,
} from './applications.service.js';

const read = { scope: managementScopes.readApplications } as const;
const write = { scope: managementScopes.writeApplications } as const;
const tags = ['Applications'];
const idParams = z.object({ id: z.string().min(1).max(21) });
const secretParams = idParams.extend({ name: z.string().min(1).max(256) });

export const applicationRoutes = async (app: ApiInstance) => {
  app.get(
    '/applications',
    {
      config: read,
      schema: {
        tags,
        summary: 'List applications',
        querystring: applicationListQuerySchema.extend(paginationQuerySchema.shape),
        response: { 200: z.array(applicationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, page_size, types, isThirdParty, search } = request.query;
      const filter = {
        types,
        isThirdParty: isThirdParty === undefined ? undefined : isThirdParty === 'true',
        search,
      };
      const { total, items } = await listApplicationsPage(request.tenantScope(), filter, { page, page_size });
      setPageHeaders(request, reply, { page, page_size }, total);
      return items;
    },
  );

  app.post(
    '/applications',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an application',
        body: applicationCreateSchema,
        response: { 201: applicationSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createApplication(request.tenantScope(), request.body)),
  );

  app.get(
    '/applications/:id',
    {
      config: read,
      schema: { tags, summary: 'Get an application', params: idParams, response: { 200: applicationSchema, ...errorResponses } },
    },
    async (request) => getApplication(request.tenantScope(), request.params.id),
  );

  app.patch(
    '/applications/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update an application',
        description: 'oidcClientMetadata, customClientMetadata and protectedAppMetadata are merged into the stored values.',
        params: idParams,
        body: applicationPatchSchema,
        response: { 200: applicationSchema, ...errorResponses },
      },
    },
    async (request) => patchApplication(request.tenantScope(), request.params.id, request.body),
  );

  app.delete(
    '/applications/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an application',
        description: 'Also revokes every token and grant issued to it.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteApplication(request.tenantScope(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/applications/:id/custom-data',
    {
      config: write,
      schema: {
        tags,
        summary: 'Merge into custom data',
        params: idParams,
        body: jsonObjectSchema,
        response: { 200: jsonObjectSchema, ...errorResponses },
      },
    },
    async (request) => patchCustomData(request.tenantScope(), request.params.id, request.body),
  );

  app.get(
    '/applications/:id/secrets',
    {
      config: read,
      schema: {
        tags,
        summary: 'List application secrets',
        params: idParams,
        response: { 200: z.array(applicationSecretSchema), ...errorResponses },
      },
    },
    async (request) => listSecrets(request.tenantScope(), request.params.id),
  );

  app.post(
    '/applications/:id/secrets',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an application secret',
        params: idParams,
        body: applicationSecretCreateSchema,
        response: { 201: applicationSecretSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSecret(request.tenantScope(), request.params.id, request.body)),
  );

  app.patch(
    '/applications/:id/secrets/:name',
    {
      config: write,
      schema: {
        tags,
        summary: 'Rename an application secret',
        params: secretParams,
        body: applicationSecretPatchSchema,
        response: { 200: applicationSecretSchema, ...errorResponses },
      },
    },
    async (request) =>
      renameSecret(request.tenantScope(), request.params.id, request.params.name, request.body.name),
  );

  app.delete(
    '/applications/:id/secrets/:name',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete an application secret',
        params: secretParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSecret(request.tenantScope(), request.params.id, request.params.name);
      return reply.status(204).send(null);
    },
  );

  await applicationConsentRoutes(app);
};
