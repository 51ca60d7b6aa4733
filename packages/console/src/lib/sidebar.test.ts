import { describe, expect, it } from 'vitest';

import { firstVisibleItem, isItemActive, sidebarSections, visibleSections } from './sidebar.js';

describe('sidebar', () => {
  it('lists the spec sections and items in order', () => {
    expect(sidebarSections.map((section) => [section.key, section.items.map((entry) => entry.key)])).toEqual([
      ['overview', ['get_started', 'dashboard']],
      ['authentication', ['applications', 'sign_in_experience', 'mfa', 'connectors', 'enterprise_sso', 'security']],
      ['authorization', ['api_resources', 'roles', 'organization_template']],
      ['users', ['organizations', 'users']],
      ['developer', ['signing_keys', 'customize_jwt', 'webhooks', 'audit_logs']],
      ['tenant', ['tenant_settings']],
    ]);
  });

  it('uses kebab-case slugs', () => {
    const paths = sidebarSections.flatMap((section) => section.items.map((entry) => entry.path));
    expect(paths).toContain('api-resources');
    expect(paths).toContain('sign-in-experience');
    expect(paths).toContain('audit-logs');
  });

  it('shows only built items, and hides empty sections and the tenant section outside the cloud', () => {
    const sections = [
      { key: 'overview' as const, items: [{ key: 'get_started' as const, path: 'get-started', built: false }] },
      { key: 'users' as const, items: [{ key: 'users' as const, path: 'users', built: true }] },
      { key: 'tenant' as const, items: [{ key: 'tenant_settings' as const, path: 'tenant-settings', built: true }], cloudOnly: true },
    ];
    expect(visibleSections(false, sections).map((section) => section.key)).toEqual(['users']);
    expect(visibleSections(true, sections).map((section) => section.key)).toEqual(['users', 'tenant']);
  });

  it('redirects the root to the first visible item', () => {
    expect(firstVisibleItem(false).key).toBe('get_started');
    expect(() => firstVisibleItem(false, [])).toThrow('First sidebar item not found');
  });

  it('marks an item active by its slug', () => {
    const applications = sidebarSections[1]!.items[0]!;
    expect(isItemActive(applications, '/applications')).toBe(true);
    expect(isItemActive(applications, '/applications/abc/settings')).toBe(true);
    expect(isItemActive(applications, '/applications-extra')).toBe(false);
    expect(isItemActive(applications, '/users')).toBe(false);
  });
});
