import {
  type ApplicationSignInExperience,
  type ApplicationSignInExperienceInput,
  brandableApplicationTypes,
  type ExperienceConfig,
} from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';

import { ApiError, notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import type { Queryable } from '../../db/database.js';
import { findApplication } from './applications.queries.js';
import { applicationSignInExperiences } from './applications.table.js';

type Row = typeof applicationSignInExperiences.$inferSelect;

const toApplicationSignInExperience = (row: Row): ApplicationSignInExperience => ({
  applicationId: row.applicationId,
  displayName: row.displayName,
  color: row.color,
  branding: row.branding,
  termsOfUseUrl: row.termsOfUseUrl,
  privacyPolicyUrl: row.privacyPolicyUrl,
});

export const findApplicationSignInExperience = async (tx: Queryable, applicationId: string) => {
  const [row] = await tx
    .select()
    .from(applicationSignInExperiences)
    .where(eq(applicationSignInExperiences.applicationId, applicationId));
  return row ? toApplicationSignInExperience(row) : undefined;
};

const entityName = 'application sign-in experience';

const requireBrandable = async (tx: Queryable, id: string) => {
  const app = await findApplication(tx, id);
  if (!app) {
    throw notFound('application', id);
  }
  if (!brandableApplicationTypes.includes(app.type)) {
    throw new ApiError(422, 'application.branding_not_applicable', { type: app.type });
  }
  return app;
};

export const getApplicationSignInExperience = async (scope: TenantScope, id: string) => {
  const found = await scope.transaction(async (tx) => {
    if (!(await findApplication(tx, id))) {
      throw notFound('application', id);
    }
    return findApplicationSignInExperience(tx, id);
  });
  if (!found) {
    throw notFound(entityName, id);
  }
  return found;
};

/** Creates or replaces the overrides as a whole. */
export const putApplicationSignInExperience = (scope: TenantScope, id: string, input: ApplicationSignInExperienceInput) =>
  scope.transaction(async (tx) => {
    await requireBrandable(tx, id);
    const values = {
      displayName: input.displayName ?? null,
      color: input.color ?? {},
      branding: input.branding ?? {},
      termsOfUseUrl: input.termsOfUseUrl ?? null,
      privacyPolicyUrl: input.privacyPolicyUrl ?? null,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(applicationSignInExperiences)
      .values({ tenantId: scope.tenantId, applicationId: id, ...values })
      .onConflictDoUpdate({
        target: [applicationSignInExperiences.tenantId, applicationSignInExperiences.applicationId],
        set: values,
      })
      .returning();
    return toApplicationSignInExperience(row!);
  });

export const deleteApplicationSignInExperience = async (scope: TenantScope, id: string) => {
  const deleted = await scope.transaction(async (tx) => {
    if (!(await findApplication(tx, id))) {
      throw notFound('application', id);
    }
    return tx
      .delete(applicationSignInExperiences)
      .where(eq(applicationSignInExperiences.applicationId, id))
      .returning({ id: applicationSignInExperiences.applicationId });
  });
  if (deleted.length === 0) {
    throw notFound(entityName, id);
  }
};

type Brandable = Pick<ExperienceConfig, 'color' | 'branding' | 'termsOfUseUrl' | 'privacyPolicyUrl'>;

/**
 * The tenant's branding with one application's overrides on top. A logo set for the app replaces
 * the tenant's pair of logos, so a tenant dark logo never shows beside the app's light one.
 */
export const applyApplicationBranding = <T extends Brandable>(base: T, overrides: ApplicationSignInExperience | undefined): T => {
  if (!overrides) {
    return base;
  }
  const { logoUrl, darkLogoUrl } = overrides.branding;
  const logos = logoUrl ? { logoUrl, darkLogoUrl } : { logoUrl: base.branding.logoUrl, darkLogoUrl: darkLogoUrl ?? base.branding.darkLogoUrl };
  return {
    ...base,
    color: {
      ...base.color,
      primaryColor: overrides.color.primaryColor ?? base.color.primaryColor,
      darkPrimaryColor: overrides.color.darkPrimaryColor ?? base.color.darkPrimaryColor,
    },
    branding: Object.fromEntries(
      Object.entries({ ...base.branding, ...logos }).filter(([, value]) => value !== undefined),
    ) as T['branding'],
    termsOfUseUrl: overrides.termsOfUseUrl ?? base.termsOfUseUrl,
    privacyPolicyUrl: overrides.privacyPolicyUrl ?? base.privacyPolicyUrl,
  };
};
