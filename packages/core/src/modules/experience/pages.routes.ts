import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

import { serveBuiltApp } from '../../app/built-app.js';
import { getSignInExperience } from '../sign-in-experience/sign-in-experience.service.js';
import { grantConsent } from './consent.js';
import { rememberApplication } from './experience-config.js';
import { type ExperienceDeps, ExperienceSession, findInteraction } from './experience-session.js';

/** Pages that only make sense inside a sign-in: without one they go to unknownSessionRedirectUrl. */
const flowPages = ['/sign-in', '/register', '/forgot-password', '/continue', '/select-account', '/consent'];
const otherPages = ['/callback/social/:connectorId'];

/** Security headers of a page; only the preview may be framed, and only by its own origin (the console). */
const headersFor = (framing: 'none' | 'self') => ({
  'cache-control': 'no-store',
  'x-frame-options': framing === 'self' ? 'SAMEORIGIN' : 'DENY',
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
    `frame-ancestors '${framing}'`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; '),
});
const pageHeaders = headersFor('none');
const previewHeaders = headersFor('self');

/** The hosted sign-in pages (packages/experience) and their assets. */
export const experiencePageRoutes = async (app: FastifyInstance, deps: ExperienceDeps) => {
  await app.register(formBody);
  // The pages' own cookies (oidc-provider keeps its cookies itself); here only, off the token endpoint's path.
  await app.register(cookie);
  const sendIndex = await serveBuiltApp(app, { name: 'experience', headers: pageHeaders });

  for (const url of flowPages) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const found = await findInteraction(request, reply);
      if (found && typeof found.interaction.params.client_id === 'string') {
        rememberApplication(request, reply, found.interaction.params.client_id);
      }
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
  // Where a page sends the browser once the sign-in is gone: unknownSessionRedirectUrl when set.
  app.get('/unknown-session', { schema: { hide: true } }, async (request, reply) => {
    if (!(await findInteraction(request, reply))) {
      const { unknownSessionRedirectUrl } = await getSignInExperience(request.tenantScope());
      if (unknownSessionRedirectUrl) {
        return reply.redirect(unknownSessionRedirectUrl, 302);
      }
    }
    return sendIndex(reply);
  });
  for (const url of otherPages) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));
  }
  // The console's live preview: the same pages showing a draft it posts, never an interaction.
  app.get('/preview', { schema: { hide: true } }, async (_request, reply) => sendIndex(reply, previewHeaders));

  // Providers that answer with form_post (Apple): turn the POST into the page's query string.
  app.post('/callback/social/:connectorId', { schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const query = new URLSearchParams(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]));
    const { connectorId } = request.params as { connectorId: string };
    return reply.redirect(`${request.tenantRuntime().baseUrl}/callback/social/${encodeURIComponent(connectorId)}?${query}`, 303);
  });
};
