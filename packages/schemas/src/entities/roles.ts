import { z } from 'zod';

import { idSchema, timestampSchema } from './common.js';
import { userIdSchema } from './users.js';

export const roleTypes = ['User', 'MachineToMachine'] as const;
export const roleTypeSchema = z.enum(roleTypes);
export type RoleType = z.infer<typeof roleTypeSchema>;

export const roleSchema = z
  .object({
    id: idSchema,
    name: z.string().min(1).max(128),
    description: z.string().min(1).max(128),
    type: roleTypeSchema,
    /** Given to every newly created user (User roles only). */
    isDefault: z.boolean(),
    /** The management role: it can be assigned, but not renamed, deleted or given other scopes. */
    isBuiltIn: z.boolean(),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;

/** A role in the list, with how many users and machine-to-machine apps hold it. */
export const roleListItemSchema = roleSchema
  .extend({ usersCount: z.number().int().nonnegative(), applicationsCount: z.number().int().nonnegative() })
  .meta({ id: 'RoleListItem' });
export type RoleListItem = z.infer<typeof roleListItemSchema>;

/** A list of ids to add to a relation, at most 100 at a time. */
const idList = z.array(idSchema).min(1).max(100);

export const roleCreateSchema = z.object({
  name: roleSchema.shape.name,
  description: roleSchema.shape.description,
  type: roleTypeSchema.default('User'),
  isDefault: z.boolean().optional(),
  /** API resource scopes the role starts with. */
  scopeIds: z.array(idSchema).max(100).optional(),
});

export const rolePatchSchema = z
  .object({
    name: roleSchema.shape.name,
    description: roleSchema.shape.description,
    isDefault: z.boolean(),
  })
  .partial()
  .strict();

export const roleListQuerySchema = z.object({
  search: z.string().max(256).optional(),
  type: roleTypeSchema.optional(),
});

export const scopeIdsSchema = z.object({ scopeIds: idList }).strict();
export const applicationIdsSchema = z.object({ applicationIds: idList }).strict();
export const roleIdsSchema = z.object({ roleIds: idList }).strict();
export const userIdsSchema = z.object({ userIds: z.array(userIdSchema).min(1).max(100) }).strict();
