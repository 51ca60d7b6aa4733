import { managementAllScope, subjectTokenCreateSchema, subjectTokenResponseSchema } from '@gatehouse/schemas';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { createSubjectToken } from './subject-tokens.service.js';

export const subjectTokenRoutes = async (app: ApiInstance) => {
  app.post(
    '/subject-tokens',
    {
      // Acting as any user is as strong as it gets: only a full-access token may mint one.
      config: { scope: managementAllScope },
      schema: {
        tags: ['Token exchange'],
        summary: 'Create a subject token to exchange for an access token acting as the user (impersonation)',
        description:
          'Single use, valid for 10 minutes. A first-party application exchanges it at the token endpoint with `grant_type=urn:ietf:params:oauth:grant-type:token-exchange`, `subject_token` and `subject_token_type=urn:ietf:params:oauth:token-type:access_token`. Needs the `all` scope.',
        body: subjectTokenCreateSchema,
        response: { 201: subjectTokenResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const auth = request.auth!;
      const created = await createSubjectToken(request.tenantScope(), request.body, { subject: auth.subject, clientId: auth.clientId });
      return reply.status(201).send(created);
    },
  );
};
