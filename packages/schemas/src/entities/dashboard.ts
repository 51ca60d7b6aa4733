import { z } from 'zod';

/** A count over a period and its change from the period just before. */
export const periodCountSchema = z.object({ count: z.number().int().nonnegative(), delta: z.number().int() });
export type PeriodCount = z.infer<typeof periodCountSchema>;

export const dashboardTotalUsersSchema = z.object({ totalUserCount: z.number().int().nonnegative() }).meta({ id: 'DashboardTotalUsers' });
export type DashboardTotalUsers = z.infer<typeof dashboardTotalUsersSchema>;

/** Users created in the last 24 hours and the last 7 days (rolling), each against the period before. */
export const dashboardNewUsersSchema = z.object({ today: periodCountSchema, last7Days: periodCountSchema }).meta({ id: 'DashboardNewUsers' });
export type DashboardNewUsers = z.infer<typeof dashboardNewUsersSchema>;

/** A calendar day in UTC, `YYYY-MM-DD`. */
export const dashboardDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Must be a date as YYYY-MM-DD.' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    message: 'Must be a date as YYYY-MM-DD.',
  });

export const dashboardActiveUsersQuerySchema = z.object({ date: dashboardDateSchema.optional() });

/** How many days the daily active users curve covers, ending on the asked date. */
export const activeUsersCurveDays = 30;

/**
 * Distinct users active (a successful sign-in or token grant) on the day (`dau`), in the 7 days
 * (`wau`) and the 30 days (`mau`) ending on the asked date, each against the period before, and the
 * daily counts of the 30 days ending on that date. Days are UTC.
 */
export const dashboardActiveUsersSchema = z
  .object({
    date: z.string(),
    dauCurve: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
    dau: periodCountSchema,
    wau: periodCountSchema,
    mau: periodCountSchema,
  })
  .meta({ id: 'DashboardActiveUsers' });
export type DashboardActiveUsers = z.infer<typeof dashboardActiveUsersSchema>;
