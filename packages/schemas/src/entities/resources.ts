import { z } from 'zod';

import { isResourceIndicator, scopeTokenPattern } from '../rules/patterns.js';
import { idSchema, timestampSchema } from './common.js';

export const resourceSchema = z
  .object({
    id: idSchema,
    name: z.string().min(1).max(256),
    indicator: z
      .string()
      .min(1)
      .max(256)
      .refine(isResourceIndicator, { message: 'Must be an absolute URI without a fragment.' }),
    isDefault: z.boolean(),
    /** Seconds an access token for this API stays valid. */
    accessTokenTtl: z.number().int().min(60).max(86_400),
    /** True for the tenant's management API, which cannot be changed or deleted. */
    isBuiltIn: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Resource' });
export type Resource = z.infer<typeof resourceSchema>;

export const resourceCreateSchema = z.object({
  name: resourceSchema.shape.name,
  indicator: resourceSchema.shape.indicator,
  accessTokenTtl: resourceSchema.shape.accessTokenTtl.optional(),
});

/** The indicator is fixed once created: tokens already issued carry it as their audience. */
export const resourcePatchSchema = z
  .object({ name: resourceSchema.shape.name, accessTokenTtl: resourceSchema.shape.accessTokenTtl })
  .partial()
  .strict();

export const resourceIsDefaultSchema = z.object({ isDefault: z.boolean() }).strict();

export const scopeSchema = z
  .object({
    id: idSchema,
    resourceId: idSchema,
    name: z
      .string()
      .min(1)
      .max(256)
      .regex(scopeTokenPattern, { message: 'Must not contain spaces, double quotes or backslashes.' }),
    description: z.string().max(512).nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Scope' });
export type Scope = z.infer<typeof scopeSchema>;

export const scopeCreateSchema = z.object({
  name: scopeSchema.shape.name,
  description: z.string().max(512).nullish(),
});

export const scopePatchSchema = z
  .object({ name: scopeSchema.shape.name, description: z.string().max(512).nullable() })
  .partial()
  .strict();
