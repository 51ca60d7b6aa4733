import type { RoleType } from '@gatehouse/schemas';

export type RoleTab = 'permissions' | 'users' | 'machine-to-machine-apps' | 'general';

/** Tabs of a role (spec §2): users for User roles, machine-to-machine apps for MachineToMachine roles, never both. */
export const roleTabs = (type: RoleType): RoleTab[] => ['permissions', type === 'User' ? 'users' : 'machine-to-machine-apps', 'general'];
