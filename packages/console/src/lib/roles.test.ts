import { describe, expect, it } from 'vitest';

import { roleTabs } from './roles.js';

describe('role tabs', () => {
  it('shows users for User roles and machine-to-machine apps for MachineToMachine roles, never both', () => {
    expect(roleTabs('User')).toEqual(['permissions', 'users', 'general']);
    expect(roleTabs('MachineToMachine')).toEqual(['permissions', 'machine-to-machine-apps', 'general']);
  });
});
