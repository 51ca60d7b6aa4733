import { managementScopes, oidcKeyTypeSchema, rotateKeysSchema, signingKeyInfoSchema } from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { deleteOidcKey, listOidcKeys, rotateOidcKeys } from './oidc-keys.service.js';

const tags = ['Signing keys'];
const typeParams = z.object({ keyType: oidcKeyTypeSchema });

export const oidcKeyRoutes = async (app: ApiInstance, options: { defaultAlgorithm: 'ES256' | 'RS256' }) => {
  app.get(
    '/configs/oidc/:keyType',
    {
      config: { scope: managementScopes.readSigningKeys },
      schema: {
        tags,
        summary: 'List token signing keys or cookie keys (public parts only), current first',
        params: typeParams,
        response: { 200: z.array(signingKeyInfoSchema), ...errorResponses },
      },
    },
    async (request) => listOidcKeys(request.tenantScope(), request.params.keyType),
  );

  app.post(
    '/configs/oidc/:keyType/rotate',
    {
      config: { scope: managementScopes.writeSigningKeys },
      schema: {
        tags,
        summary: 'Generate a new current key; previous keys stay published until deleted',
        params: typeParams,
        body: rotateKeysSchema.nullish(),
        response: { 200: z.array(signingKeyInfoSchema), ...errorResponses },
      },
    },
    async (request) =>
      rotateOidcKeys(
        request.tenantScope(),
        request.params.keyType,
        request.body?.signingKeyAlgorithm ?? options.defaultAlgorithm,
      ),
  );

  app.delete(
    '/configs/oidc/:keyType/:keyId',
    {
      config: { scope: managementScopes.writeSigningKeys },
      schema: {
        tags,
        summary: 'Delete a previous key (never the current one)',
        params: typeParams.extend({ keyId: z.string().min(1).max(64) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteOidcKey(request.tenantScope(), request.params.keyType, request.params.keyId);
      return reply.status(204).send(null);
    },
  );
};
