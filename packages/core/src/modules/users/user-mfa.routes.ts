import {
  userIdParamsSchema,
  managementScopes,
  userMfaVerificationCreatedSchema,
  userMfaVerificationCreateSchema,
  userMfaVerificationSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { createMfaVerification, deleteMfaVerification, listMfaVerifications } from './mfa-verifications.service.js';

const tags = ['Users'];
const idParams = userIdParamsSchema;

/** A user's MFA verifications (TOTP, WebAuthn, backup codes, code factors). */
export const userMfaRoutes = async (app: ApiInstance) => {
  app.get(
    '/users/:id/mfa-verifications',
    {
      config: { scope: managementScopes.readUsers },
      schema: {
        tags,
        summary: "List a user's MFA verifications",
        description: 'Keys and codes are never returned; backup codes show how many remain.',
        params: idParams,
        response: { 200: z.array(userMfaVerificationSchema), ...errorResponses },
      },
    },
    async (request) => listMfaVerifications(request.tenantScope(), request.params.id),
  );

  app.post(
    '/users/:id/mfa-verifications',
    {
      config: { scope: managementScopes.writeUsers },
      schema: {
        tags,
        summary: 'Add an MFA verification',
        description:
          'Totp: imports `secret` or generates one, returned once with an otpauth URI. BackupCode: imports or generates codes, returned once (needs another factor first). Email/phone code factors need the matching primary identifier.',
        params: idParams,
        body: userMfaVerificationCreateSchema,
        response: { 201: userMfaVerificationCreatedSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createMfaVerification(request.tenantScope(), request.params.id, request.body, request.host)),
  );

  app.delete(
    '/users/:id/mfa-verifications/:verificationId',
    {
      config: { scope: managementScopes.writeUsers },
      schema: {
        tags,
        summary: 'Delete an MFA verification',
        description: 'Removing the last factor other than backup codes removes the backup codes too.',
        params: idParams.extend({ verificationId: z.string().min(1).max(21) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteMfaVerification(request.tenantScope(), request.params.id, request.params.verificationId);
      return reply.status(204).send(null);
    },
  );
};
