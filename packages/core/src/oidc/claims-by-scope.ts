import type { Configuration } from 'oidc-provider';

/** The user claims each standard and product scope releases (spec §6). */
export const claimsByScope: Configuration['claims'] = {
  openid: ['sub'],
  profile: [
    'name',
    'family_name',
    'given_name',
    'middle_name',
    'nickname',
    'preferred_username',
    'profile',
    'picture',
    'website',
    'gender',
    'birthdate',
    'zoneinfo',
    'locale',
    'updated_at',
    'username',
    'created_at',
  ],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
  address: ['address'],
  custom_data: ['custom_data'],
  identities: ['identities', 'sso_identities'],
  roles: ['roles'],
  organizations: ['organizations'],
  organization_roles: ['organization_roles'],
};
