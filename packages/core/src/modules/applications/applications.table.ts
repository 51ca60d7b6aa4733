import type {
  ApplicationSignInExperience,
  ApplicationType,
  CustomClientMetadata,
  OidcClientMetadata,
  ProtectedAppMetadata,
  UserConsentUserScope,
} from '@gatehouse/schemas';
import { foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, varchar, boolean } from 'drizzle-orm/pg-core';

import { createdAtColumn, tenantIdColumn, tenantIsolationPolicy } from '../../db/tenant-table.js';
import { scopes } from '../resources/resources.table.js';
import { tenants } from '../tenants/tenants.table.js';

export const applications = pgTable(
  'applications',
  {
    tenantId: tenantIdColumn().references(() => tenants.id, { onDelete: 'cascade' }),
    id: varchar('id', { length: 21 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    /** The client secret oidc-provider knows, sealed. Never shown: callers use application secrets. */
    secret: text('secret').notNull(),
    description: text('description'),
    type: varchar('type', { length: 32 }).$type<ApplicationType>().notNull(),
    oidcClientMetadata: jsonb('oidc_client_metadata').$type<OidcClientMetadata>().notNull(),
    customClientMetadata: jsonb('custom_client_metadata').$type<CustomClientMetadata>().notNull(),
    protectedAppMetadata: jsonb('protected_app_metadata').$type<ProtectedAppMetadata>(),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
    isThirdParty: boolean('is_third_party').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('applications_tenant_created_at').on(t.tenantId, t.createdAt),
    tenantIsolationPolicy('applications'),
  ],
);

/** Secrets a confidential client may authenticate with; each may expire. Values are sealed. */
export const applicationSecrets = pgTable(
  'application_secrets',
  {
    tenantId: tenantIdColumn(),
    applicationId: varchar('application_id', { length: 21 }).notNull(),
    name: varchar('name', { length: 256 }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAtColumn(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.applicationId, t.name] }),
    foreignKey({
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    tenantIsolationPolicy('application_secrets'),
  ],
);

/** Branding of the hosted pages for one application's sign-ins; every column overrides the tenant's. */
export const applicationSignInExperiences = pgTable(
  'application_sign_in_experiences',
  {
    tenantId: tenantIdColumn(),
    applicationId: varchar('application_id', { length: 21 }).notNull(),
    displayName: varchar('display_name', { length: 256 }),
    color: jsonb('color').$type<ApplicationSignInExperience['color']>().notNull().default({}),
    branding: jsonb('branding').$type<ApplicationSignInExperience['branding']>().notNull().default({}),
    termsOfUseUrl: varchar('terms_of_use_url', { length: 2048 }),
    privacyPolicyUrl: varchar('privacy_policy_url', { length: 2048 }),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.applicationId] }),
    foreignKey({
      name: 'application_sign_in_experiences_application_fk',
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    tenantIsolationPolicy('application_sign_in_experiences'),
  ],
);

/** User claim scopes (profile, email, …) a third-party application's users may consent to. */
export const applicationUserConsentUserScopes = pgTable(
  'application_user_consent_user_scopes',
  {
    tenantId: tenantIdColumn(),
    applicationId: varchar('application_id', { length: 21 }).notNull(),
    userScope: varchar('user_scope', { length: 64 }).$type<UserConsentUserScope>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    // Explicit names: the generated ones pass PostgreSQL's 63-character limit and collide when cut.
    primaryKey({ name: 'app_consent_user_scopes_pk', columns: [t.tenantId, t.applicationId, t.userScope] }),
    foreignKey({
      name: 'app_consent_user_scopes_application_fk',
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    tenantIsolationPolicy('application_user_consent_user_scopes'),
  ],
);

/** API permissions a third-party application's users may consent to; gone with the permission. */
export const applicationUserConsentResourceScopes = pgTable(
  'application_user_consent_resource_scopes',
  {
    tenantId: tenantIdColumn(),
    applicationId: varchar('application_id', { length: 21 }).notNull(),
    scopeId: varchar('scope_id', { length: 21 }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ name: 'app_consent_resource_scopes_pk', columns: [t.tenantId, t.applicationId, t.scopeId] }),
    foreignKey({
      name: 'app_consent_resource_scopes_application_fk',
      columns: [t.tenantId, t.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'app_consent_resource_scopes_scope_fk',
      columns: [t.tenantId, t.scopeId],
      foreignColumns: [scopes.tenantId, scopes.id],
    }).onDelete('cascade'),
    index('application_user_consent_resource_scopes_scope').on(t.tenantId, t.scopeId),
    tenantIsolationPolicy('application_user_consent_resource_scopes'),
  ],
);
