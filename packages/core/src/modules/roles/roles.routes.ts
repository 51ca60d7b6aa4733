import {
  applicationIdsSchema,
  applicationSchema,
  managementScopes,
  paginationQuerySchema,
  roleCreateSchema,
  roleIdsSchema,
  roleListItemSchema,
  roleListQuerySchema,
  rolePatchSchema,
  roleSchema,
  scopeIdsSchema,
  scopeSchema,
  searchQuerySchema,
  userIdSchema,
  userIdsSchema,
  userListQuerySchema,
  userSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { setPageHeaders } from '../../app/pagination.js';
import { listUsersPage } from '../users/user-list.js';
import {
  addRoleScopes,
  assignApplicationsToRole,
  assignUsersToRole,
  assignRolesToApplication,
  createRole,
  deleteRole,
  getRole,
  listApplicationRolesPage,
  listRoleApplicationsPage,
  listRolesPage,
  listRoleScopesPage,
  patchRole,
  removeRoleFromApplication,
  removeRoleScope,
  removeRoleUser,
} from './roles.service.js';

const read = { scope: managementScopes.readRoles } as const;
const write = { scope: managementScopes.writeRoles } as const;
const tags = ['Roles'];
const idParams = z.object({ id: z.string().min(1).max(21) });

export const roleRoutes = async (app: ApiInstance) => {
  app.get(
    '/roles',
    {
      config: read,
      schema: {
        tags,
        summary: 'List roles, each with how many users and machine-to-machine apps hold it',
        querystring: roleListQuerySchema.extend(paginationQuerySchema.shape),
        response: { 200: z.array(roleListItemSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, type, ...page } = request.query;
      const { total, items } = await listRolesPage(request.tenantScope(), { search, type }, page);
      setPageHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/roles',
    { config: write, schema: { tags, summary: 'Create a role', body: roleCreateSchema, response: { 201: roleSchema, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await createRole(request.tenantScope(), request.body)),
  );

  app.get(
    '/roles/:id',
    { config: read, schema: { tags, summary: 'Get a role', params: idParams, response: { 200: roleSchema, ...errorResponses } } },
    async (request) => getRole(request.tenantScope(), request.params.id),
  );

  app.patch(
    '/roles/:id',
    {
      config: write,
      schema: { tags, summary: 'Update a role', params: idParams, body: rolePatchSchema, response: { 200: roleSchema, ...errorResponses } },
    },
    async (request) => patchRole(request.tenantScope(), request.params.id, request.body),
  );

  app.delete(
    '/roles/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a role',
        description: 'Removes its scope links and assignments in the same transaction.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteRole(request.tenantScope(), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/roles/:id/scopes',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the API permissions a role grants',
        params: idParams,
        querystring: searchQuerySchema,
        response: { 200: z.array(scopeSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, ...page } = request.query;
      const { total, items } = await listRoleScopesPage(request.tenantScope(), request.params.id, search, page);
      setPageHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/roles/:id/scopes',
    {
      config: write,
      schema: { tags, summary: 'Add API permissions to a role', params: idParams, body: scopeIdsSchema, response: { 201: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await addRoleScopes(request.tenantScope(), request.params.id, request.body.scopeIds);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/roles/:id/scopes/:scopeId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove an API permission from a role',
        params: idParams.extend({ scopeId: z.string().min(1).max(21) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeRoleScope(request.tenantScope(), request.params.id, request.params.scopeId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/roles/:id/applications',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the machine-to-machine applications holding a role',
        params: idParams,
        querystring: searchQuerySchema,
        response: { 200: z.array(applicationSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, ...page } = request.query;
      const { total, items } = await listRoleApplicationsPage(request.tenantScope(), request.params.id, search, page);
      setPageHeaders(request, reply, page, total);
      return items;
    },
  );

  app.post(
    '/roles/:id/applications',
    {
      config: write,
      schema: {
        tags,
        summary: 'Assign a machine-to-machine role to applications',
        params: idParams,
        body: applicationIdsSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await assignApplicationsToRole(request.tenantScope(), request.params.id, request.body.applicationIds);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/roles/:id/applications/:applicationId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a role from an application',
        params: idParams.extend({ applicationId: z.string().min(1).max(21) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeRoleFromApplication(request.tenantScope(), request.params.id, request.params.applicationId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/roles/:id/users',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the users holding a role',
        description: 'Newest users first; `search` matches like the user list (name, username, email, phone, id).',
        params: idParams,
        querystring: paginationQuerySchema.extend({ search: userListQuerySchema.shape.search }),
        response: { 200: z.array(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, ...page } = request.query;
      // Looked up first so an unknown role is a 404, not an empty list.
      await getRole(request.tenantScope(), request.params.id);
      const { total, totalCapped, items } = await listUsersPage(
        request.tenantScope(),
        { search, roleId: request.params.id, mode: 'substring', sortBy: 'createdAt', sortOrder: 'desc' },
        page,
      );
      setPageHeaders(request, reply, page, total, totalCapped);
      return items;
    },
  );

  app.post(
    '/roles/:id/users',
    {
      config: write,
      schema: {
        tags,
        summary: 'Assign a User role to users',
        description:
          'All or nothing: a MachineToMachine role is refused with 422 role.not_user_type, unknown user ids with 404 entity.not_found (each named in `details`). Assigning again is a no-op.',
        params: idParams,
        body: userIdsSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await assignUsersToRole(request.tenantScope(), request.params.id, request.body.userIds);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/roles/:id/users/:userId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a role from a user',
        params: idParams.extend({ userId: userIdSchema }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeRoleUser(request.tenantScope(), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  // The same relation seen from the application.
  app.get(
    '/applications/:id/roles',
    {
      config: read,
      schema: {
        tags,
        summary: 'List the roles of a machine-to-machine application',
        params: idParams,
        querystring: paginationQuerySchema,
        response: { 200: z.array(roleSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { total, items } = await listApplicationRolesPage(request.tenantScope(), request.params.id, request.query);
      setPageHeaders(request, reply, request.query, total);
      return items;
    },
  );

  app.post(
    '/applications/:id/roles',
    {
      config: write,
      schema: {
        tags,
        summary: 'Assign machine-to-machine roles to an application',
        params: idParams,
        body: roleIdsSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await assignRolesToApplication(request.tenantScope(), request.params.id, request.body.roleIds);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/applications/:id/roles/:roleId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a role from an application',
        params: idParams.extend({ roleId: z.string().min(1).max(21) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeRoleFromApplication(request.tenantScope(), request.params.roleId, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
