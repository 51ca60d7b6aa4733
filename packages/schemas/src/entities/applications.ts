import { z } from 'zod';

import { tokenTtl } from '../constants/limits.js';
import { isHttpUrl, isWebOrigin } from '../rules/patterns.js';
import { idSchema, jsonObjectSchema, timestampSchema } from './common.js';

export const applicationTypes = [
  'Native',
  'SPA',
  'Traditional',
  'MachineToMachine',
  'Protected',
  'SAML',
] as const;
export const applicationTypeSchema = z.enum(applicationTypes);
export type ApplicationType = z.infer<typeof applicationTypeSchema>;

/** Types that are OAuth/OIDC clients of the tenant's provider. */
export const oidcApplicationTypes: readonly ApplicationType[] = [
  'Native',
  'SPA',
  'Traditional',
  'MachineToMachine',
  'Protected',
];

/** Types that may be marked third-party (a consent screen is shown to their users). */
export const thirdPartyCapableTypes: readonly ApplicationType[] = ['Traditional', 'SPA', 'Native'];

const httpUrl = z.string().max(2048).refine(isHttpUrl, { message: 'Must be an absolute http(s) URL.' });
const uriList = z.array(z.string().min(1).max(2048)).max(64);

/** No defaults here: a PATCH body is this shape made partial, and defaults would overwrite. */
export const oidcClientMetadataSchema = z.object({
  redirectUris: uriList,
  postLogoutRedirectUris: uriList,
  /** An empty string removes it (a PATCH merges this object key by key). */
  backchannelLogoutUri: httpUrl.or(z.literal('')).optional(),
  backchannelLogoutSessionRequired: z.boolean().optional(),
  logoUri: httpUrl.optional(),
});
export type OidcClientMetadata = z.infer<typeof oidcClientMetadataSchema>;

export const customClientMetadataSchema = z.object({
  corsAllowedOrigins: z
    .array(z.string().max(2048).refine(isWebOrigin, { message: 'Must be an http(s) origin.' }))
    .max(64)
    .optional(),
  /** Seconds. */
  idTokenTtl: z.number().int().min(60).max(86_400).optional(),
  /** Seconds; `refreshTokenTtlInDays` wins when both are set. */
  refreshTokenTtl: z.number().int().min(60).max(tokenTtl.maxRefreshTokenDays * 86_400).optional(),
  refreshTokenTtlInDays: z
    .number()
    .int()
    .min(tokenTtl.minRefreshTokenDays)
    .max(tokenTtl.maxRefreshTokenDays)
    .optional(),
  alwaysIssueRefreshToken: z.boolean().optional(),
  rotateRefreshToken: z.boolean().optional(),
});
export type CustomClientMetadata = z.infer<typeof customClientMetadataSchema>;

export const protectedAppMetadataSchema = z.object({
  host: z.string().min(1).max(256),
  origin: httpUrl,
  /** Seconds. */
  sessionDuration: z.number().int().min(60).max(tokenTtl.maxRefreshTokenDays * 86_400),
  pageRules: z.array(z.object({ path: z.string().min(1).max(256) })).max(64),
  customDomains: z.array(z.object({ domain: z.string().min(1).max(256) })).max(16),
});
export type ProtectedAppMetadata = z.infer<typeof protectedAppMetadataSchema>;

export const applicationSchema = z
  .object({
    id: idSchema,
    name: z.string().min(1).max(256),
    description: z.string().max(2048).nullable(),
    type: applicationTypeSchema,
    oidcClientMetadata: oidcClientMetadataSchema,
    customClientMetadata: customClientMetadataSchema,
    protectedAppMetadata: protectedAppMetadataSchema.nullable(),
    customData: jsonObjectSchema,
    isThirdParty: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Application' });
export type Application = z.infer<typeof applicationSchema>;

export const applicationCreateSchema = z.object({
  name: applicationSchema.shape.name,
  description: z.string().max(2048).nullish(),
  type: applicationTypeSchema,
  oidcClientMetadata: oidcClientMetadataSchema.partial().optional(),
  customClientMetadata: customClientMetadataSchema.optional(),
  protectedAppMetadata: protectedAppMetadataSchema
    .partial({ pageRules: true, customDomains: true })
    .optional(),
  customData: jsonObjectSchema.optional(),
  isThirdParty: z.boolean().optional(),
});
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;

/** PATCH merges `oidcClientMetadata` and `customClientMetadata` into the stored objects. */
export const applicationPatchSchema = z
  .object({
    name: applicationSchema.shape.name,
    description: z.string().max(2048).nullable(),
    oidcClientMetadata: oidcClientMetadataSchema.partial(),
    customClientMetadata: customClientMetadataSchema,
    protectedAppMetadata: protectedAppMetadataSchema.partial(),
    customData: jsonObjectSchema,
  })
  .partial()
  .strict();
export type ApplicationPatch = z.infer<typeof applicationPatchSchema>;

export const applicationListQuerySchema = z.object({
  types: z
    .union([applicationTypeSchema, z.array(applicationTypeSchema)])
    .optional()
    .transform((value) => (value === undefined ? undefined : [value].flat())),
  isThirdParty: z.enum(['true', 'false']).optional(),
  search: z.string().max(256).optional(),
});

export const applicationSecretSchema = z
  .object({
    applicationId: idSchema,
    name: z.string().min(1).max(256),
    value: z.string().min(1).max(64),
    createdAt: timestampSchema,
    expiresAt: timestampSchema.nullable(),
  })
  .meta({ id: 'ApplicationSecret' });
export type ApplicationSecret = z.infer<typeof applicationSecretSchema>;

export const applicationSecretCreateSchema = z.object({
  name: applicationSecretSchema.shape.name,
  /** Millisecond timestamp in the future, or omitted for a secret that never expires. */
  expiresAt: timestampSchema.nullish(),
});

export const applicationSecretPatchSchema = z.object({ name: applicationSecretSchema.shape.name }).strict();
