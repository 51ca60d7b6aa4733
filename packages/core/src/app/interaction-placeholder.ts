import type { FastifyInstance } from 'fastify';

/**
 * Where the OIDC provider sends a browser that needs to sign in. The hosted sign-in pages are not
 * part of this build yet, so the page says so plainly instead of pretending.
 */
export const interactionRoutes = async (app: FastifyInstance) => {
  app.get('/interaction/:uid', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .status(501)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in not configured</title></head>' +
          '<body><main><h1>Sign-in is not configured yet</h1><p>This Gatehouse tenant has no sign-in experience yet, ' +
          'so users cannot sign in through the browser. Machine-to-machine applications can already get tokens.</p></main></body></html>',
      ),
  );
};
