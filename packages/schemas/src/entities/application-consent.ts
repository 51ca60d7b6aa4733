import { z } from 'zod';

import { hexColorPattern, isHttpUrl } from '../rules/patterns.js';
import type { ApplicationType } from './applications.js';
import { idSchema } from './common.js';

/**
 * Per-application settings of the hosted pages: branding that replaces the tenant's for this app's
 * sign-in (`/applications/:id/sign-in-experience`), and, for third-party apps, the scopes its users
 * may consent to (`/applications/:id/user-consent-scopes`).
 */

/** Types whose users sign in through the hosted pages: the only ones an app branding applies to. */
export const brandableApplicationTypes: readonly ApplicationType[] = ['SPA', 'Native', 'Traditional', 'Protected'];

const httpUrl = z.string().max(2048).refine(isHttpUrl, { message: 'Must be an absolute http(s) URL.' });
const hexColor = z.string().regex(hexColorPattern, { message: 'Must be # plus 3 or 6 hex digits.' });

export const applicationSignInExperienceColorSchema = z
  .object({ primaryColor: hexColor.optional(), darkPrimaryColor: hexColor.optional() })
  .strict();

export const applicationBrandingSchema = z
  .object({ logoUrl: httpUrl.optional(), darkLogoUrl: httpUrl.optional() })
  .strict();

/** Every field is an override: unset (null, or absent in `color` and `branding`) keeps the tenant's value. */
export const applicationSignInExperienceSchema = z
  .object({
    applicationId: idSchema,
    /** Shown instead of the application's name on the sign-in and consent pages. */
    displayName: z.string().min(1).max(256).nullable(),
    color: applicationSignInExperienceColorSchema,
    branding: applicationBrandingSchema,
    termsOfUseUrl: httpUrl.nullable(),
    privacyPolicyUrl: httpUrl.nullable(),
  })
  .meta({ id: 'ApplicationSignInExperience' });
export type ApplicationSignInExperience = z.infer<typeof applicationSignInExperienceSchema>;

/** `PUT` replaces the whole document; omitted fields are not overridden. */
export const applicationSignInExperienceInputSchema = z
  .object({
    displayName: applicationSignInExperienceSchema.shape.displayName.optional(),
    color: applicationSignInExperienceColorSchema.optional(),
    branding: applicationBrandingSchema.optional(),
    termsOfUseUrl: httpUrl.nullish(),
    privacyPolicyUrl: httpUrl.nullish(),
  })
  .strict();
export type ApplicationSignInExperienceInput = z.infer<typeof applicationSignInExperienceInputSchema>;

/** User claim scopes a third-party application may ask its users for (spec §6, without organizations). */
export const userConsentUserScopes = ['profile', 'email', 'phone', 'address', 'custom_data', 'identities', 'roles'] as const;
export const userConsentUserScopeSchema = z.enum(userConsentUserScopes);
export type UserConsentUserScope = z.infer<typeof userConsentUserScopeSchema>;

/** Scopes every application may ask for without being listed: sign-in itself and refresh tokens. */
export const alwaysConsentableScopes: readonly string[] = ['openid', 'offline_access'];

export const userConsentScopesSchema = z
  .object({
    userScopes: z.array(userConsentUserScopeSchema),
    /** API permissions, grouped by their API resource. */
    resourceScopes: z.array(
      z.object({
        resource: z.object({ id: idSchema, name: z.string(), indicator: z.string() }),
        scopes: z.array(z.object({ id: idSchema, name: z.string(), description: z.string().nullable() })),
      }),
    ),
  })
  .meta({ id: 'UserConsentScopes' });
export type UserConsentScopes = z.infer<typeof userConsentScopesSchema>;

export const userConsentScopesAddSchema = z
  .object({
    userScopes: z.array(userConsentUserScopeSchema).max(userConsentUserScopes.length).optional(),
    /** Permission (scope) ids of the tenant's API resources. */
    resourceScopes: z.array(idSchema).max(100).optional(),
  })
  .strict()
  .refine((body) => (body.userScopes?.length ?? 0) + (body.resourceScopes?.length ?? 0) > 0, {
    message: 'Give at least one user scope or resource scope.',
  });
export type UserConsentScopesAdd = z.infer<typeof userConsentScopesAddSchema>;

export const userConsentScopeTypes = ['user-scopes', 'resource-scopes'] as const;
export const userConsentScopeTypeSchema = z.enum(userConsentScopeTypes);
