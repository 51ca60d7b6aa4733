import {
  customPhraseSchema,
  customPhraseTranslationSchema,
  customProfileFieldCreateSchema,
  customProfileFieldPatchSchema,
  customProfileFieldOrderSchema,
  customProfileFieldSchema,
  managementScopes,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import {
  createCustomProfileField,
  deleteCustomProfileField,
  getCustomProfileField,
  listCustomProfileFields,
  patchCustomProfileField,
  reorderCustomProfileFields,
} from './custom-profile-fields.service.js';
import { deleteCustomPhrase, getCustomPhrase, listCustomPhrases, putCustomPhrase } from './custom-phrases.service.js';

const read = { scope: managementScopes.readSignInExperience } as const;
const write = { scope: managementScopes.writeSignInExperience } as const;
const languageParams = z.object({ languageTag: z.string().min(1).max(16) });
const nameParams = z.object({ name: z.string().min(1).max(128) });

/** Custom phrases and custom profile fields: what the hosted pages say and ask. */
export const customizationRoutes = async (app: ApiInstance) => {
  const phraseTags = ['Custom phrases'];
  app.get(
    '/custom-phrases',
    { config: read, schema: { tags: phraseTags, summary: 'List custom phrases', response: { 200: z.array(customPhraseSchema), ...errorResponses } } },
    async (request) => listCustomPhrases(request.tenantScope()),
  );
  app.get(
    '/custom-phrases/:languageTag',
    { config: read, schema: { tags: phraseTags, summary: 'Get the custom phrases of a language', params: languageParams, response: { 200: customPhraseSchema, ...errorResponses } } },
    async (request) => getCustomPhrase(request.tenantScope(), request.params.languageTag),
  );
  app.put(
    '/custom-phrases/:languageTag',
    {
      config: write,
      schema: {
        tags: phraseTags,
        summary: 'Replace the custom phrases of a language',
        description:
          'Keys are those of the hosted sign-in pages\' phrases (`sign_in.submit`, …); any other key is refused (422 `custom_phrase.unknown_keys`, one `custom_phrase.unknown_key` detail per key).',
        params: languageParams,
        body: customPhraseTranslationSchema,
        response: { 200: customPhraseSchema, ...errorResponses },
      },
    },
    async (request) => putCustomPhrase(request.tenantScope(), request.params.languageTag, request.body),
  );
  app.delete(
    '/custom-phrases/:languageTag',
    { config: write, schema: { tags: phraseTags, summary: 'Delete the custom phrases of a language', params: languageParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteCustomPhrase(request.tenantScope(), request.params.languageTag);
      return reply.status(204).send(null);
    },
  );

  const fieldTags = ['Custom profile fields'];
  app.get(
    '/custom-profile-fields',
    { config: read, schema: { tags: fieldTags, summary: 'List custom profile fields in form order', response: { 200: z.array(customProfileFieldSchema), ...errorResponses } } },
    async (request) => listCustomProfileFields(request.tenantScope()),
  );
  app.post(
    '/custom-profile-fields',
    {
      config: write,
      schema: { tags: fieldTags, summary: 'Create a custom profile field', body: customProfileFieldCreateSchema, response: { 201: customProfileFieldSchema, ...errorResponses } },
    },
    async (request, reply) => reply.status(201).send(await createCustomProfileField(request.tenantScope(), request.body)),
  );
  app.post(
    '/custom-profile-fields/properties/sie-order',
    {
      config: write,
      schema: {
        tags: fieldTags,
        summary: 'Reorder custom profile fields',
        body: customProfileFieldOrderSchema,
        response: { 200: z.array(customProfileFieldSchema), ...errorResponses },
      },
    },
    async (request) => reorderCustomProfileFields(request.tenantScope(), request.body.order),
  );
  app.get(
    '/custom-profile-fields/:name',
    { config: read, schema: { tags: fieldTags, summary: 'Get a custom profile field', params: nameParams, response: { 200: customProfileFieldSchema, ...errorResponses } } },
    async (request) => getCustomProfileField(request.tenantScope(), request.params.name),
  );
  app.patch(
    '/custom-profile-fields/:name',
    {
      config: write,
      schema: {
        tags: fieldTags,
        summary: 'Update a custom profile field',
        params: nameParams,
        body: customProfileFieldPatchSchema,
        response: { 200: customProfileFieldSchema, ...errorResponses },
      },
    },
    async (request) => patchCustomProfileField(request.tenantScope(), request.params.name, request.body),
  );
  app.delete(
    '/custom-profile-fields/:name',
    { config: write, schema: { tags: fieldTags, summary: 'Delete a custom profile field', params: nameParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteCustomProfileField(request.tenantScope(), request.params.name);
      return reply.status(204).send(null);
    },
  );
};
