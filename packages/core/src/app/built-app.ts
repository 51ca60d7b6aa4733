import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A front end built by Vite (`packages/{name}/dist`): found beside the bundled server
 * (`packages/cli/dist/{name}`) or in the workspace, its hashed assets served as immutable under
 * `/{name}/assets/`, and a sender for its index.html with the page's security headers (or others
 * given to it).
 */
export const serveBuiltApp = async (
  app: FastifyInstance,
  options: { name: string; headers: Record<string, string> },
) => {
  const dir = [new URL(`./${options.name}/`, import.meta.url), new URL(`../../../${options.name}/dist/`, import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((candidate) => existsSync(`${candidate}index.html`));
  const index = dir ? readFileSync(`${dir}index.html`, 'utf8') : undefined;
  if (dir) {
    await app.register(fastifyStatic, {
      root: `${dir}assets`,
      prefix: `/${options.name}/assets/`,
      immutable: true,
      maxAge: '365d',
      index: false,
      decorateReply: false,
    });
  }
  return (reply: FastifyReply, headers = options.headers) =>
    index
      ? reply.headers(headers).type('text/html; charset=utf-8').send(index)
      : reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send(`The ${options.name} app is not built. Run \`npm run build\` (or \`npm start\`, which builds it).`);
};
