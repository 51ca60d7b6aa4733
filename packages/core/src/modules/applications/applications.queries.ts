import type { Application, ApplicationSecret, ApplicationType } from '@gatehouse/schemas';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';

import type { Queryable } from '../../db/database.js';
import { likePattern } from '../../db/like-pattern.js';
import { applicationSecrets, applications } from './applications.table.js';

type ApplicationRow = typeof applications.$inferSelect;
type SecretRow = typeof applicationSecrets.$inferSelect;

export const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  oidcClientMetadata: row.oidcClientMetadata,
  customClientMetadata: row.customClientMetadata,
  protectedAppMetadata: row.protectedAppMetadata,
  customData: row.customData,
  isThirdParty: row.isThirdParty,
  createdAt: row.createdAt.getTime(),
});

export const toApplicationSecret = (row: SecretRow, value: string): ApplicationSecret => ({
  applicationId: row.applicationId,
  name: row.name,
  value,
  createdAt: row.createdAt.getTime(),
  expiresAt: row.expiresAt?.getTime() ?? null,
});

export type ApplicationFilter = { types?: ApplicationType[]; isThirdParty?: boolean; search?: string };

const filterWhere = (filter: ApplicationFilter): SQL | undefined =>
  and(
    filter.types?.length ? inArray(applications.type, filter.types) : undefined,
    filter.isThirdParty === undefined ? undefined : eq(applications.isThirdParty, filter.isThirdParty),
    filter.search
      ? or(
          ilike(applications.name, likePattern(filter.search)),
          ilike(applications.id, likePattern(filter.search)),
          ilike(applications.description, likePattern(filter.search)),
        )
      : undefined,
  );

export const countApplications = async (tx: Queryable, filter: ApplicationFilter) =>
  (await tx.select({ total: count() }).from(applications).where(filterWhere(filter)))[0]?.total ?? 0;

export const listApplications = (tx: Queryable, filter: ApplicationFilter, limit: number, offset: number) =>
  tx
    .select()
    .from(applications)
    .where(filterWhere(filter))
    .orderBy(desc(applications.createdAt), asc(applications.id))
    .limit(limit)
    .offset(offset);

export const findApplication = async (tx: Queryable, id: string) =>
  (await tx.select().from(applications).where(eq(applications.id, id)))[0];

export const listSecretRows = (tx: Queryable, applicationId: string) =>
  tx
    .select()
    .from(applicationSecrets)
    .where(eq(applicationSecrets.applicationId, applicationId))
    .orderBy(asc(applicationSecrets.createdAt), asc(applicationSecrets.name));

export const findSecretRow = async (tx: Queryable, applicationId: string, name: string) =>
  (
    await tx
      .select()
      .from(applicationSecrets)
      .where(and(eq(applicationSecrets.applicationId, applicationId), eq(applicationSecrets.name, name)))
  )[0];
