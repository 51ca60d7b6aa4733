import { defaultSignInExperience } from '@gatehouse/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

import { chosenLanguageOf, pageContextFor, renderNotFoundPage } from '../oidc/provider-pages.js';
import { ApiError, sendError } from './errors.js';

/** The page's headers: nothing runs in it, nothing frames it; its language follows these request headers. */
const pageHeaders = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  vary: 'accept, accept-language, cookie',
};

/**
 * A browser opening an address that is no page (GET or HEAD, preferring HTML to JSON, outside `/api`).
 * API clients, and anything under `/api`, keep the JSON error.
 */
const wantsPage = (request: FastifyRequest) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return false;
  }
  const path = request.url.split('?')[0]!;
  if (path === '/api' || path.startsWith('/api/')) {
    return false;
  }
  // JSON first: `*/*` (what fetch and most clients send) picks it; a browser's `text/html,…,*/*;q=0.8` picks HTML.
  return new Negotiator({ headers: { accept: request.headers.accept ?? '*/*' } }).mediaType(['application/json', 'text/html']) === 'text/html';
};

/**
 * No route matches: a small page in the tenant's language and brand for a browser (as the pages of
 * oidc-provider, see provider-pages.ts), the JSON error `route.not_found` for everyone else.
 */
export const sendNotFound = async (request: FastifyRequest, reply: FastifyReply) => {
  if (!wantsPage(request)) {
    return sendError(new ApiError(404, 'route.not_found', { method: request.method, url: request.url }), request, reply);
  }
  // The tenant's language and brand, or the defaults when they cannot be read.
  let context: Awaited<ReturnType<typeof pageContextFor>>;
  try {
    context = await pageContextFor(request.tenantRuntime(), {
      chosen: chosenLanguageOf(request.headers.cookie),
      acceptLanguage: request.headers['accept-language'],
    });
  } catch {
    context = { locale: 'en', settings: defaultSignInExperience };
  }
  return reply.status(404).headers(pageHeaders).type('text/html; charset=utf-8').send(renderNotFoundPage(context));
};
