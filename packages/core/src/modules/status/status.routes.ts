import { z } from 'zod';

import type { ApiInstance } from '../../app/api-types.js';
import { ApiError } from '../../app/errors.js';

const statusSchema = z.object({ status: z.literal('ok'), version: z.string() }).meta({ id: 'Status' });

/** Health check for load balancers: answers once the server is ready, 503 while it shuts down. */
export const statusRoutes = async (app: ApiInstance, options: { version: string; isShuttingDown: () => boolean }) => {
  app.get(
    '/status',
    {
      config: { scope: 'public' },
      schema: { tags: ['Status'], summary: 'Health check', security: [], response: { 200: statusSchema } },
    },
    async (_request, reply) => {
      if (options.isShuttingDown()) {
        reply.header('connection', 'close');
        throw new ApiError(503, 'request.service_unavailable');
      }
      return { status: 'ok' as const, version: options.version };
    },
  );
};
