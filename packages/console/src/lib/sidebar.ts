/**
 * The sidebar of the spec ("Sidebar"): sections and items in order. `built` marks the pages that
 * exist in this build; the others are hidden until they land, so no link leads to an empty page.
 */
export type SidebarItemKey =
  | 'get_started'
  | 'dashboard'
  | 'applications'
  | 'sign_in_experience'
  | 'mfa'
  | 'connectors'
  | 'enterprise_sso'
  | 'security'
  | 'api_resources'
  | 'roles'
  | 'organization_template'
  | 'organizations'
  | 'users'
  | 'signing_keys'
  | 'customize_jwt'
  | 'webhooks'
  | 'audit_logs'
  | 'tenant_settings';

export type SidebarSectionKey = 'overview' | 'authentication' | 'authorization' | 'users' | 'developer' | 'tenant';

export type SidebarItem = {
  key: SidebarItemKey;
  /** The first path segment of the item's pages. */
  path: string;
  built: boolean;
};

export type SidebarSection = { key: SidebarSectionKey; items: SidebarItem[]; cloudOnly?: boolean };

const item = (key: SidebarItemKey, built = false): SidebarItem => ({ key, path: key.replaceAll('_', '-'), built });

export const sidebarSections: readonly SidebarSection[] = [
  { key: 'overview', items: [item('get_started', true), item('dashboard', true)] },
  {
    key: 'authentication',
    items: [
      item('applications', true),
      item('sign_in_experience', true),
      item('mfa'),
      item('connectors', true),
      item('enterprise_sso'),
      item('security', true),
    ],
  },
  { key: 'authorization', items: [item('api_resources', true), item('roles', true), item('organization_template')] },
  { key: 'users', items: [item('organizations'), item('users', true)] },
  { key: 'developer', items: [item('signing_keys', true), item('customize_jwt'), item('webhooks'), item('audit_logs', true)] },
  { key: 'tenant', items: [item('tenant_settings')], cloudOnly: true },
];

/** Sections with their visible items; a section with none is left out. The tenant section only in the cloud. */
export const visibleSections = (isCloud: boolean, sections: readonly SidebarSection[] = sidebarSections): SidebarSection[] =>
  sections
    .filter((section) => isCloud || !section.cloudOnly)
    .map((section) => ({ ...section, items: section.items.filter((entry) => entry.built) }))
    .filter((section) => section.items.length > 0);

/** Where the tenant root goes (spec §2: a replace-redirect to the first visible item). */
export const firstVisibleItem = (isCloud: boolean, sections?: readonly SidebarSection[]): SidebarItem => {
  const first = visibleSections(isCloud, sections)[0]?.items[0];
  if (!first) {
    throw new Error('First sidebar item not found');
  }
  return first;
};

/** An item is active when the current path is its slug or below it. */
export const isItemActive = (entry: SidebarItem, pathname: string): boolean => {
  const segment = pathname.replace(/^\/+/, '').split('/')[0];
  return segment === entry.path;
};
