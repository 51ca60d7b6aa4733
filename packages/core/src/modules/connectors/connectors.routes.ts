import {
  connectorCreateSchema,
  connectorFactorySchema,
  connectorPatchSchema,
  connectorSchema,
  connectorTestSchema,
  connectorTypeSchema,
  emailTemplateDetailsSchema,
  emailTemplateQuerySchema,
  emailTemplateSchema,
  emailTemplateUpsertSchema,
  managementScopes,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses, providerResponses } from '../../app/api-types.js';
import {
  createConnector,
  deleteConnector,
  getConnector,
  getConnectorFactory,
  listConnectorFactories,
  listConnectors,
  patchConnector,
  testConnector,
} from './connectors.service.js';
import {
  deleteEmailTemplates,
  getEmailTemplate,
  listEmailTemplates,
  patchEmailTemplateDetails,
  upsertEmailTemplates,
} from './email-templates.service.js';

const read = { scope: managementScopes.readConnectors } as const;
const write = { scope: managementScopes.writeConnectors } as const;
const idParams = z.object({ id: z.string().min(1).max(128) });

export const connectorRoutes = async (app: ApiInstance, options: { devConnectors: boolean }) => {
  const tags = ['Connectors'];
  app.get(
    '/connector-factories',
    { config: read, schema: { tags, summary: 'List the connectors this server can build', response: { 200: z.array(connectorFactorySchema), ...errorResponses } } },
    async () => listConnectorFactories(options),
  );
  app.get(
    '/connector-factories/:id',
    { config: read, schema: { tags, summary: 'Get a connector factory', params: idParams, response: { 200: connectorFactorySchema, ...errorResponses } } },
    async (request) => getConnectorFactory(request.params.id, options),
  );
  app.get(
    '/connectors',
    {
      config: read,
      schema: {
        tags,
        summary: 'List connectors',
        querystring: z.object({ type: connectorTypeSchema.optional(), target: z.string().max(128).optional() }),
        response: { 200: z.array(connectorSchema), ...errorResponses },
      },
    },
    async (request) => listConnectors(request.tenantScope(), request.query),
  );
  app.post(
    '/connectors',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create a connector',
        description:
          'The configuration is validated by the factory and stored encrypted. One email and one SMS connector per tenant, whatever their factory (409 `connector.type_exists`), one social connector per target.',
        body: connectorCreateSchema,
        response: { 201: connectorSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await createConnector(request.tenantScope(), request.body, options)),
  );
  app.get(
    '/connectors/:id',
    { config: read, schema: { tags, summary: 'Get a connector', params: idParams, response: { 200: connectorSchema, ...errorResponses } } },
    async (request) => getConnector(request.tenantScope(), request.params.id),
  );
  app.patch(
    '/connectors/:id',
    {
      config: write,
      schema: { tags, summary: 'Update a connector', params: idParams, body: connectorPatchSchema, response: { 200: connectorSchema, ...errorResponses } },
    },
    async (request) => patchConnector(request.tenantScope(), request.params.id, request.body),
  );
  app.delete(
    '/connectors/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a connector',
        description: 'Refused (422) while the sign-in experience needs it.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteConnector(request.tenantScope(), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/connectors/:id/test',
    {
      config: write,
      schema: {
        tags,
        summary: 'Send a test message with a connector configuration',
        description:
          '`id` is the factory id (e.g. `smtp`); the configuration is used for this one message and not saved. `to` is an email address (email) or a phone number in digits (SMS). The message is a `Generic` one, rendered as a real code would be: the tenant\'s email template in `locale` (else English, else the connector\'s own). With `id` in the body (a saved connector of that factory), masked secrets are taken from its stored configuration. A provider failure is 502 (or 429 when it limits us) with the `connector.*` code.',
        params: idParams,
        body: connectorTestSchema,
        response: { 204: z.null(), ...errorResponses, ...providerResponses },
      },
    },
    async (request, reply) => {
      await testConnector(request.tenantScope(), request.params.id, request.body, options);
      return reply.status(204).send(null);
    },
  );

  const templateTags = ['Email templates'];
  app.get(
    '/email-templates',
    {
      config: read,
      schema: { tags: templateTags, summary: 'List email templates', querystring: emailTemplateQuerySchema, response: { 200: z.array(emailTemplateSchema), ...errorResponses } },
    },
    async (request) => listEmailTemplates(request.tenantScope(), request.query),
  );
  app.put(
    '/email-templates',
    {
      config: write,
      schema: {
        tags: templateTags,
        summary: 'Create or replace email templates',
        description:
          'One template per language and usage type (the same pair twice in one request is refused); the email connector uses it instead of its own configured template. `sendFrom` must not contain a URL, `replyTo` must be an email address.',
        body: emailTemplateUpsertSchema,
        response: { 200: z.array(emailTemplateSchema), ...errorResponses },
      },
    },
    async (request) => upsertEmailTemplates(request.tenantScope(), request.body.templates),
  );
  app.delete(
    '/email-templates',
    {
      config: write,
      schema: {
        tags: templateTags,
        summary: 'Delete email templates by language and/or type',
        querystring: emailTemplateQuerySchema.refine((query) => query.languageTag || query.templateType, { message: 'Give languageTag or templateType.' }),
        response: { 200: z.object({ rowCount: z.number() }), ...errorResponses },
      },
    },
    async (request) => ({ rowCount: await deleteEmailTemplates(request.tenantScope(), request.query) }),
  );
  app.get(
    '/email-templates/:id',
    { config: read, schema: { tags: templateTags, summary: 'Get an email template', params: idParams, response: { 200: emailTemplateSchema, ...errorResponses } } },
    async (request) => getEmailTemplate(request.tenantScope(), request.params.id),
  );
  app.patch(
    '/email-templates/:id/details',
    {
      config: write,
      schema: {
        tags: templateTags,
        summary: 'Update the details of an email template',
        params: idParams,
        body: emailTemplateDetailsSchema.partial().strict(),
        response: { 200: emailTemplateSchema, ...errorResponses },
      },
    },
    async (request) => patchEmailTemplateDetails(request.tenantScope(), request.params.id, request.body),
  );
  app.delete(
    '/email-templates/:id',
    { config: write, schema: { tags: templateTags, summary: 'Delete an email template', params: idParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteEmailTemplates(request.tenantScope(), { id: request.params.id });
      return reply.status(204).send(null);
    },
  );
};
