import {
  dashboardActiveUsersQuerySchema,
  dashboardActiveUsersSchema,
  dashboardNewUsersSchema,
  dashboardTotalUsersSchema,
  managementScopes,
} from '@gatehouse/schemas';

import { type ApiInstance, errorResponses } from '../../app/api-types.js';
import { countActiveUsers, countNewUsers, countUsers, todayUtc } from './dashboard.service.js';

const tags = ['Dashboard'];

/**
 * User figures of the console's dashboard. Counts of users need `read:users`; active users are
 * derived from the audit log, so they need `read:logs`.
 */
export const dashboardRoutes = async (app: ApiInstance) => {
  app.get(
    '/dashboard/users/total',
    {
      config: { scope: managementScopes.readUsers },
      schema: { tags, summary: 'How many users the tenant has', response: { 200: dashboardTotalUsersSchema, ...errorResponses } },
    },
    async (request) => countUsers(request.tenantScope()),
  );

  app.get(
    '/dashboard/users/new',
    {
      config: { scope: managementScopes.readUsers },
      schema: {
        tags,
        summary: 'New users in the last 24 hours and the last 7 days',
        description: 'Rolling periods ending now; `delta` is the change from the period just before.',
        response: { 200: dashboardNewUsersSchema, ...errorResponses },
      },
    },
    async (request) => countNewUsers(request.tenantScope()),
  );

  app.get(
    '/dashboard/users/active',
    {
      config: { scope: managementScopes.readLogs },
      schema: {
        tags,
        summary: 'Daily, weekly and monthly active users',
        description:
          'Distinct users with a successful sign-in, registration or user token grant in the audit log, on `date` (UTC, default today) and in the 7 and 30 days ending that day, with the daily counts of those 30 days.',
        querystring: dashboardActiveUsersQuerySchema,
        response: { 200: dashboardActiveUsersSchema, ...errorResponses },
      },
    },
    async (request) => countActiveUsers(request.tenantScope(), request.query.date ?? todayUtc()),
  );
};
