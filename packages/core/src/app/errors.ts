import type { ErrorBody } from '@gatehouse/schemas';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import {
  type EntityName,
  type ErrorCode,
  negotiateLocale,
  translateEntity,
  translateError,
  issueLimit,
  translateIssue,
  translateMessage,
  translateTerms,
} from '../i18n/index.js';

/**
 * A detail with a message of its own: a message of the validation catalogue is translated, others
 * are kept. A value too short or too long (`too_small`, `too_big`) also carries the limit it broke.
 */
export type ErrorDetail = { path: string; code: string; message: string; minimum?: number; maximum?: number };
/** A detail whose message is the translation of its own code (filled in the caller's language). */
export type CodedDetail = { path: string; code: ErrorCode; params?: Record<string, string | number> };
/** A detail from a zod issue (code and message as for request validation, in the caller's language). */
export type IssueDetail = { path: string; issue: z.core.$ZodRawIssue };

/** An error meant for the API caller: status, stable code, localized message, optional field details. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    readonly details?: (ErrorDetail | CodedDetail | IssueDetail)[],
    /** The phrase for `message` when it is not the code's own (same code, different situation). */
    readonly messageCode: ErrorCode = code,
  ) {
    super(code);
  }
}

/** `entity` is translated into the caller's language (i18n/entities.ts). */
export const notFound = (entity: EntityName, id: string) => new ApiError(404, 'entity.not_found', { entity, id });

/** Raised by our validator so the handler can translate zod's issues per request. */
export class RequestValidationError extends Error {
  constructor(
    readonly location: string,
    readonly issues: z.core.$ZodRawIssue[],
  ) {
    super(`Invalid ${location}`);
  }
}

const summarize = (details: ErrorDetail[]) =>
  details
    .slice(0, 3)
    .map((detail) => `${detail.path}: ${detail.message}`)
    .join('; ') + (details.length > 3 ? ` (+${details.length - 3} more)` : '');

const fastifyErrorCodes: Partial<Record<string, { status: number; code: ErrorCode }>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'guard.unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'guard.body_too_large' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'guard.invalid_json' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'guard.invalid_json' },
};

/**
 * A value that matches no branch of a union is reported as zod's bare "Invalid input" on the union
 * itself; the issues of the branch it came closest to (fewest issues, the first on a tie) name the
 * fields instead.
 */
const closestUnionBranch = (issue: z.core.$ZodRawIssue): z.core.$ZodRawIssue[] => {
  const branches = issue.code === 'invalid_union' ? (issue as { errors?: z.core.$ZodRawIssue[][] }).errors : undefined;
  if (!branches?.length) {
    return [issue];
  }
  const closest = branches.reduce((best, branch) => (branch.length < best.length ? branch : best));
  if (closest.length === 0) {
    return [issue];
  }
  return closest.flatMap((inner) => closestUnionBranch({ ...inner, path: [...(issue.path ?? []), ...(inner.path ?? [])] }));
};

/** Maps any thrown error to `{ code, message, details? }`. Unknown errors never leak internals. */
export const toErrorResponse = (
  error: unknown,
  request: FastifyRequest,
): { status: number; body: ErrorBody; headers?: Record<string, string> } => {
  const locale = negotiateLocale(request.headers['accept-language']);
  /**
   * Params as the phrase of `code` shows them: entity names and machine values (identifier types,
   * sign-in methods, …; i18n/terms.ts) translated. The error's own params keep the raw values.
   */
  const localized = (code: ErrorCode, params: Record<string, string | number>) =>
    translateTerms(locale, code, typeof params.entity === 'string' ? { ...params, entity: translateEntity(locale, params.entity) } : params);
  const toDetail = (detail: ErrorDetail | CodedDetail | IssueDetail): ErrorDetail => {
    if ('issue' in detail) {
      return {
        path: detail.path,
        code: detail.issue.code ?? 'invalid',
        message: translateIssue(locale, detail.issue),
        ...issueLimit(detail.issue),
      };
    }
    if ('message' in detail) {
      return { ...detail, message: translateMessage(locale, detail.message) ?? detail.message };
    }
    return { path: detail.path, code: detail.code, message: translateError(locale, detail.code, localized(detail.code, detail.params ?? {})) };
  };
  const respond = (
    status: number,
    code: ErrorCode,
    params: Record<string, string | number>,
    details?: (ErrorDetail | CodedDetail | IssueDetail)[],
    messageCode: ErrorCode = code,
  ) => {
    const translated = details?.map(toDetail);
    // A `{{summary}}` or `{{detail}}` the thrower left out is the summary of the details.
    const summary = translated && translated.length > 0 ? summarize(translated) : undefined;
    const filled = summary === undefined ? params : { summary, detail: summary, ...params };
    return {
      status,
      body: {
        code,
        message: translateError(locale, messageCode, localized(messageCode, filled)),
        ...(translated ? { details: translated } : {}),
      },
    };
  };

  if (error instanceof ApiError) {
    return respond(error.status, error.code, error.params, error.details, error.messageCode);
  }
  if (error instanceof RequestValidationError) {
    const details = error.issues
      .flatMap(closestUnionBranch)
      .map((issue) => ({ path: [error.location, ...(issue.path ?? []).map(String)].join('.'), issue }));
    return respond(400, 'guard.invalid_input', {}, details);
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? fastifyErrorCodes[fastifyError.code] : undefined;
  if (mapped) {
    return respond(mapped.status, mapped.code, {
      contentType: request.headers['content-type'] ?? '',
      limit: request.routeOptions.bodyLimit ?? 0,
    });
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // Other client errors raised by Fastify itself (malformed URL, bad headers).
    return respond(fastifyError.statusCode, 'guard.invalid_input', { summary: fastifyError.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return respond(500, 'request.internal_error', { requestId: request.id });
};

export const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  const { status, body } = toErrorResponse(error, request);
  // A 429 that knows how long to wait (`seconds`) says so the standard way too.
  if (error instanceof ApiError && status === 429 && typeof error.params.seconds === 'number') {
    void reply.header('retry-after', String(error.params.seconds));
  }
  return reply.status(status).type('application/json; charset=utf-8').send(body);
};
