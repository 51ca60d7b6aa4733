import multipart from '@fastify/multipart';
import { managementScopes, userAssetSchema, userAssetsServiceStatusSchema } from '@gatehouse/schemas';
import { errorBodySchema } from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { notFound } from '../../app/errors.js';
import { type UserAssetStore, uploadLimits } from './user-assets.service.js';

const tags = ['User assets'];

/** Error answers of an upload, besides the usual ones: too large, wrong type, no storage. */
export const uploadErrorResponses = { ...errorResponses, 413: errorBodySchema, 415: errorBodySchema, 503: errorBodySchema } as const;

export const uploadRouteSchema = {
  consumes: ['multipart/form-data'],
  description:
    'One file in the multipart field `file`, at most 20 MB; its type is judged by its content (jpeg, png, gif, ico, svg, tiff, webp, bmp, zip). Answers the public URL it is served at.',
  response: { 201: userAssetSchema, ...uploadErrorResponses },
} as const;

/** Registers the multipart parser for the routes of this plugin scope only. */
export const registerMultipart = (app: ApiInstance) => app.register(multipart, { limits: uploadLimits });

/** Management API: the tenant's asset service (logos, icons, images for the sign-in experience). */
export const userAssetRoutes = async (app: ApiInstance, { store }: { store: UserAssetStore }) => {
  await registerMultipart(app);

  app.get(
    '/user-assets/service-status',
    {
      config: { scope: managementScopes.readSignInExperience },
      schema: { tags, summary: 'Whether files can be uploaded, which types and how large', response: { 200: userAssetsServiceStatusSchema, ...errorResponses } },
    },
    async () => store.status(),
  );

  app.post(
    '/user-assets',
    { config: { scope: managementScopes.writeSignInExperience }, schema: { tags, summary: 'Upload a file', ...uploadRouteSchema } },
    async (request, reply) => reply.status(201).send(await store.upload(request, request.tenantId, request.tenantRuntime().baseUrl)),
  );
};

const assetHeaders = {
  'x-content-type-options': 'nosniff',
  // Opened directly, an SVG can run no script and load nothing: it is an image, nothing more.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'cross-origin-resource-policy': 'cross-origin',
  'cache-control': 'public, max-age=31536000, immutable',
};

/** The stored files, public, under each tenant's base URL: `/user-assets/{name}`. */
export const userAssetFileRoutes = async (app: ApiInstance, { store }: { store: UserAssetStore }) => {
  app.get(
    '/user-assets/:name',
    { schema: { hide: true, params: z.object({ name: z.string().max(64) }) } },
    async (request, reply) => {
      const file = await store.open(request.tenantId, request.params.name);
      if (!file) {
        throw notFound('user asset', request.params.name);
      }
      reply.headers(assetHeaders).type(file.type).header('content-length', file.size);
      if (file.type === 'application/zip') {
        reply.header('content-disposition', 'attachment');
      }
      return reply.send(file.stream());
    },
  );
};
