import { errorBodySchema } from '@gatehouse/schemas';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose routes are typed from their zod schemas. */
export type ApiInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The error answers every management route may give, for the OpenAPI document. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
} as const;

/** Too many requests or attempts: a per-IP limit, a locked identifier, or a provider's own rate limit. */
export const tooManyRequestsResponse = { 429: errorBodySchema } as const;

/** A route that calls an email, SMS or social provider: it may fail (502) or limit us (429). */
export const providerResponses = { ...tooManyRequestsResponse, 502: errorBodySchema } as const;

/** A route that judges a new password: the breached-password service may be required and down. */
export const passwordCheckResponses = { 503: errorBodySchema } as const;
