import {
  userIdParamsSchema,
  managementScopes,
  paginationQuerySchema,
  jsonObjectSchema,
  roleIdsSchema,
  roleSchema,
  userCreateSchema,
  userDetailQuerySchema,
  userDetailSchema,
  userListQuerySchema,
  userPasswordSchema,
  userPatchSchema,
  userProfileSchema,
  userSchema,
  userSuspensionSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { setCursorHeaders, setPageHeaders } from '../../app/pagination.js';
import { sendBackchannelLogouts } from '../../oidc/backchannel-logout.js';
import {
  assignUserRoles,
  createUser,
  deleteUser,
  getUser,
  listUserRoles,
  patchUser,
  patchUserCustomData,
  patchUserProfile,
  removeUserRole,
  setUserPassword,
  setUserSuspended,
  signOutUser,
  verifyUserPassword,
} from './users.service.js';
import { listUsersPage } from './user-list.js';

const read = { scope: managementScopes.readUsers } as const;
const write = { scope: managementScopes.writeUsers } as const;
const tags = ['Users'];
const idParams = userIdParamsSchema;

export const userRoutes = async (app: ApiInstance) => {
  app.get(
    '/users',
    {
      config: read,
      schema: {
        tags,
        summary: 'List and search users',
        description:
          'A `search` of three characters or more matches anywhere in the fields; one or two characters match the start of a field. A search counts its first 1,000 matches: beyond that `Total-Number` is 1000 with `Total-Number-Capped: true`, page numbers reach those 1,000, and cursor paging (`cursor=`) walks every match.',
        querystring: userListQuerySchema.extend(paginationQuerySchema.shape),
        response: { 200: z.array(userSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, page_size, cursor, isSuspended, ...filter } = request.query;
      const { total, totalCapped, items, nextCursor } = await listUsersPage(
        request.tenantScope(),
        { ...filter, isSuspended: isSuspended === undefined ? undefined : isSuspended === 'true' },
        { page, page_size, cursor },
      );
      if (cursor === undefined) {
        setPageHeaders(request, reply, { page, page_size }, total, totalCapped);
      } else {
        setCursorHeaders(request, reply, total, nextCursor, totalCapped);
      }
      return items;
    },
  );

  app.post(
    '/users',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a user',
        description: 'Give `password` to hash it with Argon2id, or `passwordDigest` with `passwordAlgorithm` to import an existing hash.',
        body: userCreateSchema,
        response: { 201: userSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(request.tenantScope(), request.body)),
  );

  app.get(
    '/users/:id',
    {
      config: read,
      schema: { tags, summary: 'Get a user', params: idParams, querystring: userDetailQuerySchema, response: { 200: userDetailSchema, ...errorResponses } },
    },
    async (request) =>
      getUser(request.tenantScope(), request.params.id, { includeSsoIdentities: request.query.includeSsoIdentities === 'true' }),
  );

  app.patch(
    '/users/:id',
    {
      config: write,
      schema: { tags, summary: 'Update a user', params: idParams, body: userPatchSchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => patchUser(request.tenantScope(), request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a user',
        description: 'Also removes their sessions, grants, tokens and role links; apps with a back-channel logout URI are told.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ended = await deleteUser(request.tenantScope(), request.params.id);
      await sendBackchannelLogouts(await request.tenantRuntime().provider(), ended, request.log);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/users/:id/sessions',
    {
      config: write,
      schema: {
        tags,
        summary: 'Sign the user out everywhere',
        description:
          'Ends every session of the user and revokes their grants, authorization codes, access and refresh tokens, and sign-ins not yet finished; apps with a back-channel logout URI are told. The account stays usable: the user can sign in again.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const ended = await signOutUser(request.tenantScope(), request.params.id);
      await sendBackchannelLogouts(await request.tenantRuntime().provider(), ended, request.log);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/users/:id/profile',
    {
      config: write,
      schema: {
        tags,
        summary: 'Merge into the OIDC profile',
        params: idParams,
        body: userProfileSchema,
        response: { 200: userProfileSchema, ...errorResponses },
      },
    },
    async (request) => patchUserProfile(request.tenantScope(), request.params.id, request.body),
  );

  app.patch(
    '/users/:id/custom-data',
    {
      config: write,
      schema: { tags, summary: 'Merge into custom data', params: idParams, body: jsonObjectSchema, response: { 200: jsonObjectSchema, ...errorResponses } },
    },
    async (request) => patchUserCustomData(request.tenantScope(), request.params.id, request.body),
  );

  app.patch(
    '/users/:id/password',
    {
      config: write,
      schema: { tags, summary: 'Set the password', params: idParams, body: userPasswordSchema, response: { 200: userSchema, ...errorResponses } },
    },
    async (request) => setUserPassword(request.tenantScope(), request.params.id, request.body.password),
  );

  app.post(
    '/users/:id/password/verify',
    {
      config: read,
      schema: {
        tags,
        summary: 'Check a password',
        description: '204 when it matches, 422 user.password_mismatch when not. A legacy hash is upgraded on success.',
        params: idParams,
        body: userPasswordSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await verifyUserPassword(request.tenantScope(), request.params.id, request.body.password);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/users/:id/has-password',
    {
      config: read,
      schema: { tags, summary: 'Whether the user has a password', params: idParams, response: { 200: z.object({ hasPassword: z.boolean() }), ...errorResponses } },
    },
    async (request) => ({ hasPassword: (await getUser(request.tenantScope(), request.params.id)).hasPassword }),
  );

  app.patch(
    '/users/:id/is-suspended',
    {
      config: write,
      schema: {
        tags,
        summary: 'Suspend or reinstate a user',
        description: 'Suspension revokes every session, grant and refresh token of the user at once; apps with a back-channel logout URI are told.',
        params: idParams,
        body: userSuspensionSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user, ended } = await setUserSuspended(request.tenantScope(), request.params.id, request.body.isSuspended);
      await sendBackchannelLogouts(await request.tenantRuntime().provider(), ended, request.log);
      return user;
    },
  );

  app.get(
    '/users/:id/roles',
    {
      config: read,
      schema: { tags, summary: 'List the roles of a user', params: idParams, querystring: paginationQuerySchema, response: { 200: z.array(roleSchema), ...errorResponses } },
    },
    async (request, reply) => {
      const { total, items } = await listUserRoles(request.tenantScope(), request.params.id, request.query);
      setPageHeaders(request, reply, request.query, total);
      return items;
    },
  );

  app.post(
    '/users/:id/roles',
    {
      config: write,
      schema: { tags, summary: 'Assign User roles', params: idParams, body: roleIdsSchema, response: { 201: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      await assignUserRoles(request.tenantScope(), request.params.id, request.body.roleIds);
      return reply.status(201).send(null);
    },
  );

  app.delete(
    '/users/:id/roles/:roleId',
    {
      config: write,
      schema: {
        tags,
        summary: 'Remove a role from a user',
        params: idParams.extend({ roleId: z.string().min(1).max(21) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await removeUserRole(request.tenantScope(), request.params.id, request.params.roleId);
      return reply.status(204).send(null);
    },
  );
};
