import { logListQuerySchema, logSchema, managementScopes, paginationQuerySchema } from '@gatehouse/schemas';
import { z } from 'zod';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { setPageHeaders } from '../../app/pagination.js';
import { getLog, listLogsPage } from './logs.service.js';

const read = { scope: managementScopes.readLogs } as const;
const tags = ['Audit logs'];

export const logRoutes = async (app: ApiInstance) => {
  app.get(
    '/logs',
    {
      config: read,
      schema: {
        tags,
        summary: 'List audit logs, newest first',
        querystring: logListQuerySchema.extend(paginationQuerySchema.shape),
        response: { 200: z.array(logSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, page_size, ...filter } = request.query;
      const { total, items } = await listLogsPage(request.tenantScope(), filter, { page, page_size });
      setPageHeaders(request, reply, { page, page_size }, total);
      return items;
    },
  );

  app.get(
    '/logs/:id',
    {
      config: read,
      schema: { tags, summary: 'Get an audit log entry', params: z.object({ id: z.string().min(1).max(21) }), response: { 200: logSchema, ...errorResponses } },
    },
    async (request) => getLog(request.tenantScope(), request.params.id),
  );
};
