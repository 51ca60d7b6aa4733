import { z } from 'zod';

export const roleTypes = ['User', 'MachineToMachine'] as const;
export const roleTypeSchema = z.enum(roleTypes);
export type RoleType = z.infer<typeof roleTypeSchema>;
