import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

import type { AuditLogWriter } from '../modules/logs/audit-log-writer.js';
import { tokenLogPayload } from '../modules/logs/token-log.js';
import { issueClientCredentialsToken, tokenResponseHeaders } from './client-credentials-fast-path.js';
import { exchangeClientSecret, type OidcRequest, readFormBody } from './client-secret-exchange.js';
import { chosenLanguageOf, pageContextFor, renderErrorPage } from './provider-pages.js';
import type { TenantRuntime } from './tenant-runtime.js';

/** Endpoints where clients authenticate with a secret. */
const clientAuthPaths = new Set(['/token', '/token/introspection', '/token/revocation']);

const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
const callbackOf = (provider: Provider) => {
  let callback = callbacks.get(provider);
  if (!callback) {
    callback = provider.callback();
    callbacks.set(provider, callback);
  }
  return callback;
};

const isForm = (request: OidcRequest) => request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;

/** A NUL character (which no parameter of the protocol holds, and PostgreSQL cannot store) in the query, the form or Basic credentials. */
const holdsNul = (request: OidcRequest) => {
  const query = request.url!.split('?')[1] ?? '';
  const basic = /^basic (.*)$/i.exec(request.headers.authorization ?? '')?.[1];
  return (
    query.includes('%00') ||
    (request.body !== undefined && (request.body.includes('%00') || request.body.includes('\0'))) ||
    (basic !== undefined && Buffer.from(basic, 'base64').includes(0))
  );
};

/** oidc-provider's `invalid_request`: its error page for a browser, else OAuth's JSON error. */
const refuseRequest = async (request: FastifyRequest, reply: FastifyReply, runtime: TenantRuntime, description: string) => {
  reply.status(400).header('cache-control', 'no-store');
  if (request.headers.accept?.includes('text/html')) {
    const context = await pageContextFor(runtime, { chosen: chosenLanguageOf(request.headers.cookie), acceptLanguage: request.headers['accept-language'] });
    return reply.type('text/html; charset=utf-8').send(renderErrorPage({ error: 'invalid_request', description, ...context }));
  }
  return reply.send({ error: 'invalid_request', error_description: description });
};

const handle = (auditLog: AuditLogWriter) => async (request: FastifyRequest, reply: FastifyReply) => {
  const runtime = request.tenantRuntime();
  const provider = await runtime.provider();
  const raw = request.raw as OidcRequest;
  // oidc-provider derives its mount path from originalUrl minus url.
  raw.originalUrl = request.originalUrl;
  raw.url = request.url.slice('/oidc'.length) || '/';
  const pathname = raw.url.split('?')[0]!;
  if (request.method === 'POST' && isForm(raw) && (await readFormBody(raw)) === undefined) {
    return reply.status(413).header('cache-control', 'no-store').send({ error: 'invalid_request', error_description: 'request body is too large' });
  }
  if (holdsNul(raw)) {
    return refuseRequest(request, reply, runtime, 'the request holds a NUL character');
  }
  if (request.method === 'POST' && clientAuthPaths.has(pathname)) {
    const result = await exchangeClientSecret(raw, runtime);
    if (result?.kind === 'rejected') {
      return reply
        .status(result.status)
        .header('cache-control', 'no-store')
        .send({ error: result.error, error_description: result.description });
    }
    if (result?.kind === 'authenticated' && pathname === '/token') {
      const token = await issueClientCredentialsToken(runtime, result.record, result.params, raw.headers);
      if (token) {
        // Answer only once the audit entry is committed (group commit keeps this cheap).
        await auditLog.write(
          runtime.tenantId,
          tokenLogPayload({
            grantType: 'client_credentials',
            status: 200,
            applicationId: result.record.source.id,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            params: { resource: result.params.get('resource'), scope: result.params.get('scope') ?? undefined },
          }),
        );
        return reply.status(200).headers(tokenResponseHeaders).send(JSON.stringify(token));
      }
    }
  }
  reply.hijack();
  // A hijacked reply never sends the headers set on it (x-request-id): hand them to the raw response.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) {
      reply.raw.setHeader(name, value);
    }
  }
  callbackOf(provider)(raw, reply.raw);
};

/** Serves every tenant's oidc-provider under `/oidc`, leaving request bodies for it to read. */
export const oidcRoutes = async (app: FastifyInstance, { auditLog }: { auditLog: AuditLogWriter }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
  for (const url of ['/oidc', '/oidc/*']) {
    app.route({ method: [...methods], url, schema: { hide: true }, handler: handle(auditLog) });
  }
};
