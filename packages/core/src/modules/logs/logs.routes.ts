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
        description:
          'Counts the newest 10,000 matching entries: beyond that `Total-Number` is 10000 with `Total-Number-Capped: true`, and page numbers reach those 10,000. Older entries are reached with `endTime`.',
        querystring: logListQuerySchema.extend(paginationQuerySchema.shape),
        response: { 200: z.array(logSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, page_size, ...filter } = request.query;
      const { total, totalCapped, items } = await listLogsPage(request.tenantScope(), filter, { page, page_size });
      setPageHeaders(request, reply, { page, page_size }, total, totalCapped);
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
