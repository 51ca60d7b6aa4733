import {
  managementScopes,
  resourceCreateSchema,
  resourceIsDefaultSchema,
  resourcePatchSchema,
  resourceSchema,
  scopeCreateSchema,
  scopePatchSchema,
  scopeSchema,
  searchQuerySchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { setPageHeaders } from '../../app/pagination.js';
import {
  createResource,
  createScope,
  deleteResource,
  deleteScope,
  getResource,
  listResourcesPage,
  listScopesPage,
  patchResource,
  patchScope,
  setDefaultResource,
} from './resources.service.js';

const read = { scope: managementScopes.readResources } as const;
const write = { scope: managementScopes.writeResources } as const;
const tags = ['API resources'];
const idParams = z.object({ id: z.string().min(1).max(21) });
const scopeParams = idParams.extend({ scopeId: z.string().min(1).max(21) });

export const resourceRoutes = async (app: ApiInstance) => {
  app.get(
    '/resources',
    {
      config: read,
      schema: {
        tags,
        summary: 'List API resources',
        querystring: searchQuerySchema,
        response: { 200: z.array(resourceSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, ...page } = request.query;
      const { total, items } = await listResourcesPage(request.tenantScope(), search, page);
      setPageHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/resources',
    {
      config: write,
      schema: { tags, summary: 'Create an API resource', body: resourceCreateSchema, response: { 201: resourceSchema, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await createResource(request.tenantScope(), request.body)),
  );

  app.get(
    '/resources/:id',
    { config: read, schema: { tags, summary: 'Get an API resource', params: idParams, response: { 200: resourceSchema, ...errorResponses } } },
    async (request) => getResource(request.tenantScope(), request.params.id),
  );

  app.patch(
    '/resources/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update an API resource',
        description: 'The indicator cannot change: issued tokens carry it as their audience.',
        params: idParams,
        body: resourcePatchSchema,
        response: { 200: resourceSchema, ...errorResponses },
      },
    },
    async (request) => patchResource(request.tenantScope(), request.params.id, request.body),
  );

  app.patch(
    '/resources/:id/is-default',
    {
      config: write,
      schema: {
        tags,
        summary: 'Set or unset the default API resource',
        params: idParams,
        body: resourceIsDefaultSchema,
        response: { 200: resourceSchema, ...errorResponses },
      },
    },
    async (request) => setDefaultResource(request.tenantScope(), request.params.id, request.body.isDefault),
  );

  app.delete(
    '/resources/:id',
    { config: write, schema: { tags, summary: 'Delete an API resource', params: idParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteResource(request.tenantScope(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/resources/:id/scopes',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the permissions (scopes) of an API resource',
        params: idParams,
        querystring: searchQuerySchema,
        response: { 200: z.array(scopeSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, ...page } = request.query;
      const { total, items } = await listScopesPage(request.tenantScope(), request.params.id, search, page);
      setPageHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/resources/:id/scopes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a permission',
        params: idParams,
        body: scopeCreateSchema,
        response: { 201: scopeSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createScope(request.tenantScope(), request.params.id, request.body)),
  );

  app.patch(
    '/resources/:id/scopes/:scopeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update a permission',
        params: scopeParams,
        body: scopePatchSchema,
        response: { 200: scopeSchema, ...errorResponses },
      },
    },
    async (request) => patchScope(request.tenantScope(), request.params.id, request.params.scopeId, request.body),
  );

  app.delete(
    '/resources/:id/scopes/:scopeId',
    {
      config: write,
      schema: { tags, summary: 'Delete a permission', params: scopeParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await deleteScope(request.tenantScope(), request.params.id, request.params.scopeId);
      return reply.status(204).send(null);
    },
  );
};
