import {
  captchaProviderConfigSchema,
  captchaProviderSchema,
  managementScopes,
  signInExperiencePatchSchema,
  signInExperienceSchema,
  userIdSchema,
} from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses, passwordCheckResponses } from '../../app/api-types.js';
import { notFound } from '../../app/errors.js';
import type { GatehouseConfig } from '../../config.js';
import { translateError, negotiateLocale, type ErrorCode } from '../../i18n/index.js';
import { findUserById } from '../experience/user-lookup.js';
import { deleteCaptchaProvider, getCaptchaProvider, putCaptchaProvider } from './captcha-provider.service.js';
import { findPasswordIssues, passwordIssueParams } from './password-policy.service.js';
import { getSignInExperience, patchSignInExperience } from './sign-in-experience.service.js';

const read = { scope: managementScopes.readSignInExperience } as const;
const write = { scope: managementScopes.writeSignInExperience } as const;
const tags = ['Sign-in experience'];

const passwordCheckResultSchema = z.object({
  result: z.boolean(),
  issues: z.array(z.object({ code: z.string(), message: z.string(), interpolation: z.record(z.string(), z.union([z.string(), z.number()])).optional() })),
});

export const signInExperienceRoutes = async (app: ApiInstance, { config }: { config: GatehouseConfig }) => {
  app.get(
    '/sign-in-exp',
    { config: read, schema: { tags, summary: 'Get the sign-in experience', response: { 200: signInExperienceSchema, ...errorResponses } } },
    async (request) => getSignInExperience(request.tenantScope()),
  );

  app.patch(
    '/sign-in-exp',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update the sign-in experience',
        description:
          'Each part given replaces the stored part. A configuration nobody could register or sign in with (for example sign-up by email without an email connector) is refused with 422 and one detail per problem.',
        body: signInExperiencePatchSchema,
        response: { 200: signInExperienceSchema, ...errorResponses },
      },
    },
    async (request) => patchSignInExperience(request.tenantScope(), request.body),
  );

  app.post(
    '/sign-in-exp/default/check-password',
    {
      config: read,
      schema: {
        tags,
        summary: 'Check a password against the password policy',
        description:
          'Answers every rule the password breaks, with the policy codes (password_rejected.*), including the breached-password check (503 `password.breach_check_unavailable` while it cannot be asked and PASSWORD_BREACH_CHECK_REQUIRED is set).',
        body: z.object({ password: z.string().min(1).max(1024), userId: userIdSchema.optional() }).strict(),
        response: { 200: passwordCheckResultSchema, ...errorResponses, ...passwordCheckResponses },
      },
    },
    async (request) => {
      const scope = request.tenantScope();
      const { passwordPolicy } = await getSignInExperience(scope);
      const user = request.body.userId ? await findUserById(scope, request.body.userId) : undefined;
      if (request.body.userId && !user) {
        // Checked against nobody, the user-info rule would pass silently.
        throw notFound('user', request.body.userId);
      }
      const issues = await findPasswordIssues(
        passwordPolicy,
        request.body.password,
        { username: user?.username, email: user?.primaryEmail, phone: user?.primaryPhone, name: user?.name },
        config,
      );
      const locale = negotiateLocale(request.headers['accept-language']);
      return {
        result: issues.length === 0,
        issues: issues.map((issue) => ({
          code: issue.code,
          message: translateError(locale, issue.code as ErrorCode, passwordIssueParams(issue)),
          interpolation: passwordIssueParams(issue),
        })),
      };
    },
  );

  app.get(
    '/captcha-provider',
    { config: read, schema: { tags, summary: 'Get the captcha provider', response: { 200: captchaProviderSchema, ...errorResponses } } },
    async (request) => getCaptchaProvider(request.tenantScope()),
  );

  app.put(
    '/captcha-provider',
    {
      config: write,
      schema: {
        tags,
        summary: 'Set the captcha provider',
        description: 'The secret key is stored encrypted and shown masked; sending the mask back keeps it.',
        body: captchaProviderConfigSchema,
        response: { 200: captchaProviderSchema, ...errorResponses },
      },
    },
    async (request) => putCaptchaProvider(request.tenantScope(), request.body),
  );

  app.delete(
    '/captcha-provider',
    { config: write, schema: { tags, summary: 'Remove the captcha provider', response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteCaptchaProvider(request.tenantScope());
      return reply.status(204).send(null);
    },
  );
};
