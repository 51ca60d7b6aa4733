import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import {
  accountChoiceSchema,
  consentDecisionSchema,
  consentInfoSchema,
  experienceConfigSchema,
  experienceProfileSchema,
  identificationSchema,
  type InteractionLogStep,
  type LogPayload,
  passwordVerificationSchema,
  redirectSchema,
  resetPasswordSchema,
  sendCodeSchema,
  socialAuthorizationRequestSchema,
  socialAuthorizationSchema,
  socialVerifySchema,
  startExperienceSchema,
  submitExperienceSchema,
  switchInteractionEventSchema,
  verificationCreatedSchema,
  verifyCodeSchema,
} from '@gatehouse/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';

import { type ApiInstance, errorResponses, passwordCheckResponses, providerResponses, tooManyRequestsResponse } from '../../app/api-types.js';
import { ApiError } from '../../app/errors.js';
import { findCaptchaConfig, verifyCaptchaToken } from '../sign-in-experience/captcha-provider.service.js';
import { continueWithAccount, getAccountChoice, requireShownInteraction, switchFromAccountChoice } from './account-choice.js';
import { denyInteraction, getConsentInfo, grantConsent, switchFromConsent } from './consent.js';
import { buildExperienceConfig } from './experience-config.js';
import { type ExperienceDeps, ExperienceSession } from './experience-session.js';
import { assertRegistrationOpen, assertSignInOpen, identify } from './identification.js';
import { resetPassword, updateProfile } from './profile.js';
import { submitExperience } from './submit.js';
import { sendCodeStep, startSocialStep, verifyCodeStep, verifyPasswordStep, verifySocialStep } from './verifications.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Audit log step of an experience route, e.g. `Verification.Password`. */
    logStep?: InteractionLogStep;
  }
  interface FastifyRequest {
    experienceLog?: { event?: string; userId?: string; applicationId?: string };
  }
}

const tags = ['Experience'];
/** The interaction a page was shown for (see the experience config's `interaction.id`). */
const interactionHeader = 'gatehouse-interaction';
const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
/** The usual errors but 401: no bearer token here, and a lost or expired session is 400 `session.not_found`. */
const { 401: _bearerOnly, ...experienceErrors } = errorResponses;
const noContent = { 204: z.null(), ...experienceErrors };
/** A step that is limited per IP (and per identifier): 429 besides the usual errors. */
const limited = <T>(success: T) => ({ ...success, ...experienceErrors, ...tooManyRequestsResponse });


/**
 * The hosted pages' cookies are SameSite=Lax, and every state-changing call here is JSON. A
 * request that says it comes from another site is refused outright.
 */
const refuseCrossSite = async (request: FastifyRequest) => {
  if (request.method === 'GET' || request.method === 'HEAD') {
    return;
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new ApiError(403, 'session.cross_site_request');
  }
  const origin = request.headers.origin;
  if (origin && origin !== new URL(request.tenantRuntime().baseUrl).origin) {
    throw new ApiError(403, 'session.cross_site_request');
  }
};

/**
 * The flow a log entry belongs to. The consent page's interaction starts after the sign-in (or
 * registration) was submitted, without a flow of its own: the user is signing in to the app.
 */
const logEventOf = (session: ExperienceSession) =>
  session.event ?? (session.interaction.prompt.name === 'consent' || session.interaction.prompt.name === 'select_account' ? 'SignIn' : undefined);

export const experienceRoutes = async (app: ApiInstance, deps: ExperienceDeps) => {
  // The pages' own cookies (see pages.routes.ts): read by GET /experience/config.
  await app.register(cookie);
  // Per-IP limits (ARCHITECTURE §9); per-identifier limits are the sentinel's and the code sender's.
  const signInRateLimit = { max: deps.config.signInRateLimit, timeWindow: '1 minute' };
  const codeRateLimit = { max: deps.config.codeSendRateLimit, timeWindow: '1 minute' };
  const redis = deps.config.redisUrl ? new Redis(deps.config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    keyGenerator: (request) => `${request.tenantId}:${request.ip}`,
    nameSpace: `${deps.config.redisKeyPrefix}rate-limit:`,
    errorResponseBuilder: (_request, context) => new ApiError(429, 'request.rate_limited', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  // Documented without the management API's bearer token: the browser's interaction cookie is the credential.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [] };
  });
  app.addHook('onRequest', refuseCrossSite);
  app.addHook('onResponse', async (request, reply) => {
    const step = request.routeOptions.config.logStep;
    if (!step) {
      return;
    }
    const { event, userId, applicationId } = request.experienceLog ?? {};
    const payload: LogPayload = {
      key: `Interaction.${event ?? 'Unknown'}.${step}`,
      result: reply.statusCode < 400 ? 'Success' : 'Error',
      ...(reply.statusCode >= 400 ? { error: { status: reply.statusCode } } : {}),
      ...(userId ? { userId } : {}),
      ...(applicationId ? { applicationId } : {}),
      ip: request.ip,
      ...(request.headers['user-agent'] ? { userAgent: request.headers['user-agent'] } : {}),
    };
    await deps.auditLog.write(request.tenantId, payload);
  });

  /**
   * Opens the session, runs the step, saves the state, and only then answers (204 when the step
   * returns nothing): the browser's next step must find this one's state.
   */
  const step =
    <T>(run: (session: ExperienceSession, request: FastifyRequest) => Promise<T>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await ExperienceSession.open(request, reply, deps);
      request.experienceLog = { event: logEventOf(session), userId: session.current?.userId, applicationId: session.applicationId };
      try {
        requireShownInteraction(session, headerValue(request.headers[interactionHeader]));
        const result = await run(session, request);
        if (session.current) {
          await session.save();
        }
        return result === undefined ? reply.status(204).send(null) : result;
      } finally {
        request.experienceLog = {
          ...request.experienceLog,
          event: logEventOf(session) ?? request.experienceLog.event,
          userId: session.current?.userId ?? session.concernedUserId ?? request.experienceLog.userId,
        };
      }
    };

  app.get(
    '/experience/config',
    { config: { scope: 'public' }, schema: { tags, summary: 'What the sign-in pages render', response: { 200: experienceConfigSchema, ...experienceErrors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return buildExperienceConfig(request, reply);
    },
  );

  app.put(
    '/experience',
    {
      config: { logStep: 'Create' },
      schema: { tags, summary: 'Start a sign-in, registration or password reset', body: startExperienceSchema, response: noContent },
    },
    step(async (session, request) => {
      const body = request.body as z.infer<typeof startExperienceSchema>;
      if (body.interactionEvent === 'Register') {
        assertRegistrationOpen(session);
      } else if (body.interactionEvent === 'SignIn') {
        assertSignInOpen(session);
      }
      if (session.settings.captchaPolicy.enabled) {
        const captcha = await findCaptchaConfig(session.scope);
        if (captcha) {
          if (!body.captchaToken) {
            throw new ApiError(422, 'captcha.required');
          }
          const hostname = new URL(request.tenantRuntime().baseUrl).hostname;
          if (!(await verifyCaptchaToken(captcha, body.captchaToken, { remoteIp: request.ip, hostname }, deps.config))) {
            throw new ApiError(422, 'captcha.failed');
          }
        }
      }
      session.start(body.interactionEvent);
    }),
  );

  app.put(
    '/experience/interaction-event',
    { schema: { tags, summary: 'Switch the flow, keeping its verifications', body: switchInteractionEventSchema, response: noContent } },
    step(async (session, request) => {
      const { interactionEvent } = request.body as z.infer<typeof switchInteractionEventSchema>;
      if (interactionEvent === 'Register') {
        assertRegistrationOpen(session);
      } else if (interactionEvent === 'SignIn') {
        assertSignInOpen(session);
      }
      session.switchEvent(interactionEvent);
    }),
  );

  app.post(
    '/experience/verification/password',
    {
      config: { logStep: 'Verification.Password', rateLimit: signInRateLimit },
      schema: { tags, summary: 'Verify an identifier and password', body: passwordVerificationSchema, response: limited({ 200: verificationCreatedSchema }) },
    },
    step(async (session, request) => {
      const body = request.body as z.infer<typeof passwordVerificationSchema>;
      return { verificationId: await verifyPasswordStep(session, body.identifier, body.password) };
    }),
  );

  app.post(
    '/experience/verification/verification-code',
    {
      config: { logStep: 'Verification.VerificationCode.Send', rateLimit: codeRateLimit },
      schema: { tags, summary: 'Send a verification code', body: sendCodeSchema, response: { ...limited({ 200: verificationCreatedSchema }), ...providerResponses } },
    },
    step(async (session, request) => ({ verificationId: await sendCodeStep(session, (request.body as z.infer<typeof sendCodeSchema>).identifier) })),
  );

  app.post(
    '/experience/verification/verification-code/verify',
    {
      config: { logStep: 'Verification.VerificationCode.Verify', rateLimit: signInRateLimit },
      schema: { tags, summary: 'Check a verification code', body: verifyCodeSchema, response: limited({ 200: verificationCreatedSchema }) },
    },
    step(async (session, request) => {
      const body = request.body as z.infer<typeof verifyCodeSchema>;
      return { verificationId: await verifyCodeStep(session, body.identifier, body.verificationId, body.code) };
    }),
  );

  const connectorParams = z.object({ connectorId: z.string().min(1).max(128) });
  app.post(
    '/experience/verification/social/:connectorId/authorization-uri',
    {
      config: { logStep: 'Verification.Social.Create', rateLimit: signInRateLimit },
      schema: {
        tags,
        summary: 'Start a social sign-in',
        params: connectorParams,
        body: socialAuthorizationRequestSchema,
        response: { ...limited({ 200: socialAuthorizationSchema }), ...providerResponses },
      },
    },
    step(async (session, request) =>
      startSocialStep(session, (request.params as { connectorId: string }).connectorId, request.body as z.infer<typeof socialAuthorizationRequestSchema>),
    ),
  );

  app.post(
    '/experience/verification/social/:connectorId/verify',
    {
      config: { logStep: 'Verification.Social.Verify', rateLimit: signInRateLimit },
      schema: {
        tags,
        summary: 'Verify the social provider callback',
        params: connectorParams,
        body: socialVerifySchema,
        response: { ...limited({ 200: verificationCreatedSchema }), ...providerResponses },
      },
    },
    step(async (session, request) => {
      const body = request.body as z.infer<typeof socialVerifySchema>;
      const { connectorId } = request.params as z.infer<typeof connectorParams>;
      return { verificationId: await verifySocialStep(session, connectorId, body.verificationId, body.connectorData) };
    }),
  );

  app.post(
    '/experience/identification',
    {
      config: { logStep: 'Identification' },
      schema: { tags, summary: 'Identify the user (or the new account)', body: identificationSchema, response: noContent },
    },
    step(async (session, request) => {
      await identify(session, request.body as z.infer<typeof identificationSchema>);
    }),
  );

  app.post(
    '/experience/profile',
    {
      config: { logStep: 'Profile.Update' },
      schema: { tags, summary: 'Add a missing profile field', body: experienceProfileSchema, response: { ...noContent, ...passwordCheckResponses } },
    },
    step(async (session, request) => {
      await updateProfile(session, request.body as z.infer<typeof experienceProfileSchema>);
    }),
  );

  app.put(
    '/experience/profile/password',
    {
      config: { logStep: 'Profile.Password' },
      schema: { tags, summary: 'Set a new password (forgot password)', body: resetPasswordSchema, response: { ...noContent, ...passwordCheckResponses } },
    },
    step(async (session, request) => {
      await resetPassword(session, (request.body as z.infer<typeof resetPasswordSchema>).password);
    }),
  );

  app.post(
    '/experience/submit',
    {
      config: { logStep: 'Submit' },
      schema: { tags, summary: 'Finish the flow', body: submitExperienceSchema.optional(), response: { 200: redirectSchema, ...experienceErrors } },
    },
    step(async (session, request) => {
      const { userId, redirectTo } = await submitExperience(session, (request.body ?? {}) as z.infer<typeof submitExperienceSchema>);
      request.experienceLog = { ...request.experienceLog, userId };
      return { redirectTo };
    }),
  );

  app.get(
    '/experience/select-account',
    {
      schema: {
        tags,
        summary: 'The signed-in account to continue with (prompt=select_account)',
        description: '400 `session.account_choice_not_required` when the sign-in does not ask to choose an account.',
        response: { 200: accountChoiceSchema, ...experienceErrors },
      },
    },
    step((session) => getAccountChoice(session)),
  );

  app.post(
    '/experience/select-account',
    {
      config: { logStep: 'SelectAccount' },
      schema: {
        tags,
        summary: 'Continue with the signed-in account',
        description: 'With the `interactionId` of `GET /select-account`: 409 `session.interaction_replaced` once another sign-in took over this browser.',
        body: consentDecisionSchema.nullish(),
        response: { 200: redirectSchema, ...experienceErrors },
      },
    },
    step(async (session, request) => ({ redirectTo: await continueWithAccount(session, (request.body ?? {}) as z.infer<typeof consentDecisionSchema>) })),
  );

  app.post(
    '/experience/select-account/switch',
    {
      schema: {
        tags,
        summary: 'Use another account: the authorization request again, with a sign-in',
        description: 'Nothing is granted; the answer is where the browser goes next. 409 `session.interaction_replaced` as for `POST /select-account`.',
        body: consentDecisionSchema.nullish(),
        response: { 200: redirectSchema, ...experienceErrors },
      },
    },
    step(async (session, request) => ({ redirectTo: await switchFromAccountChoice(session, (request.body ?? {}) as z.infer<typeof consentDecisionSchema>) })),
  );

  app.get(
    '/experience/consent',
    { schema: { tags, summary: 'What the application asks the user to grant', response: { 200: consentInfoSchema, ...experienceErrors } } },
    step((session) => getConsentInfo(session)),
  );

  app.post(
    '/experience/consent',
    {
      config: { logStep: 'Consent' },
      schema: {
        tags,
        summary: 'Grant what the application asked for',
        description: 'With the `interactionId` of `GET /consent`: 409 `session.interaction_replaced` once another sign-in took over this browser.',
        body: consentDecisionSchema.nullish(),
        response: { 200: redirectSchema, ...experienceErrors },
      },
    },
    step(async (session, request) => ({ redirectTo: await grantConsent(session, (request.body ?? {}) as z.infer<typeof consentDecisionSchema>) })),
  );

  app.post(
    '/experience/consent/switch-account',
    {
      schema: {
        tags,
        summary: 'Use another account: the authorization request again, with a sign-in',
        description: 'Nothing is granted; the answer is where the browser goes next. 409 `session.interaction_replaced` as for `POST /consent`.',
        body: consentDecisionSchema.nullish(),
        response: { 200: redirectSchema, ...experienceErrors },
      },
    },
    step(async (session, request) => ({ redirectTo: await switchFromConsent(session, (request.body ?? {}) as z.infer<typeof consentDecisionSchema>) })),
  );

  app.delete(
    '/experience',
    {
      config: { logStep: 'Cancel' },
      schema: {
        tags,
        summary: 'Cancel: the application receives access_denied',
        description: 'With the `interactionId` of `GET /consent`: 409 `session.interaction_replaced` once another sign-in took over this browser.',
        querystring: consentDecisionSchema,
        response: { 200: redirectSchema, ...experienceErrors },
      },
    },
    step(async (session, request) => {
      const redirectTo = await denyInteraction(session, request.query as z.infer<typeof consentDecisionSchema>);
      await session.discard();
      return { redirectTo };
    }),
  );
};
