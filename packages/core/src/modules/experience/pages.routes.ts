import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import formBody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { getSignInExperience } from '../sign-in-experience/sign-in-experience.service.js';
import { grantConsent } from './consent.js';
import { type ExperienceDeps, ExperienceSession, findInteraction } from './experience-session.js';

/** Built pages: beside the bundled server (packages/cli/dist/experience), or the workspace build. */
const findPagesDir = () =>
  [new URL('./experience/', import.meta.url), new URL('../../../../experience/dist/', import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(`${dir}index.html`));

/** Pages that only make sense inside a sign-in: without one they go to unknownSessionRedirectUrl. */
const flowPages = ['/sign-in', '/register', '/forgot-password', '/continue', '/consent'];
const otherPages = ['/unknown-session', '/callback/social/:connectorId'];

const pageHeaders = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  // Captcha providers load their own scripts and frames; custom CSS needs inline styles.
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self' https://challenges.cloudflare.com https://www.google.com https://www.gstatic.com",
    "frame-src https://challenges.cloudflare.com https://www.google.com",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data:',
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; '),
};

/** The hosted sign-in pages (packages/experience) and their assets. */
export const experiencePageRoutes = async (app: FastifyInstance, deps: ExperienceDeps) => {
  const dir = findPagesDir();
  const index = dir ? readFileSync(`${dir}index.html`, 'utf8') : undefined;
  const sendIndex = (reply: FastifyReply) => {
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The sign-in pages are not built. Run `npm run build` (or `npm start`, which builds them).');
    }
    return reply.headers(pageHeaders).type('text/html; charset=utf-8').send(index);
  };

  await app.register(formBody);
  if (dir) {
    await app.register(fastifyStatic, {
      root: `${dir}assets`,
      prefix: '/experience/assets/',
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      decorateReply: false,
    });
  }

  for (const url of flowPages) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const found = await findInteraction(request, reply);
      if (found?.interaction.prompt.name === 'consent' && url === '/consent') {
        // The tenant's own apps never show a consent screen (e.g. for prompt=consent): grant and go on.
        const client = await request.tenantRuntime().client(String(found.interaction.params.client_id));
        if (client && !client.source.isThirdParty) {
          const session = await ExperienceSession.open(request, reply, deps);
          return reply.redirect(await grantConsent(session), 303);
        }
      }
      if (!found) {
        const { unknownSessionRedirectUrl } = await getSignInExperience(request.tenantScope());
        if (unknownSessionRedirectUrl) {
          return reply.redirect(unknownSessionRedirectUrl, 302);
        }
      }
      return sendIndex(reply);
    });
  }
  for (const url of otherPages) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
  }

  // Providers that answer with form_post (Apple): turn the POST into the page's query string.
  app.post('/callback/social/:connectorId', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = new URLSearchParams(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
    const { connectorId } = request.params as { connectorId: string };
    return reply.redirect(`${request.tenantRuntime().baseUrl}/callback/social/${encodeURIComponent(connectorId)}?${query}`, 303);
  });
};
