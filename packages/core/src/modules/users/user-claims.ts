import type { UserProfile } from '@gatehouse/schemas';

import type { UserIdentities } from './users.table.js';

export type ClaimsSource = {
  id: string;
  username: string | null;
  primaryEmail: string | null;
  primaryPhone: string | null;
  name: string | null;
  avatar: string | null;
  profile: UserProfile;
  customData: Record<string, unknown>;
  identities: UserIdentities;
  createdAt: Date;
  updatedAt: Date;
  /** Loaded only when the `roles` scope was granted. */
  roleNames?: string[];
  /** Loaded only when the `identities` scope was granted. */
  ssoIdentities?: { issuer: string; identityId: string; detail: Record<string, unknown> }[];
};

const withoutEmpty = (claims: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== null && value !== undefined));

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Every claim a user can release, by OIDC name. oidc-provider keeps only those of the granted
 * scopes (see oidc/claims-by-scope.ts) and drops null values.
 */
export const userClaims = (user: ClaimsSource): Record<string, unknown> => {
  const { address, ...profile } = user.profile;
  return withoutEmpty({
    sub: user.id,
    name: user.name,
    picture: user.avatar,
    username: user.username,
    given_name: profile.givenName,
    family_name: profile.familyName,
    middle_name: profile.middleName,
    nickname: profile.nickname,
    preferred_username: profile.preferredUsername,
    profile: profile.profile,
    website: profile.website,
    gender: profile.gender,
    birthdate: profile.birthdate,
    zoneinfo: profile.zoneinfo,
    locale: profile.locale,
    updated_at: seconds(user.updatedAt),
    created_at: seconds(user.createdAt),
    email: user.primaryEmail,
    // Primary identifiers are set by the user after verifying them, or by an administrator.
    email_verified: user.primaryEmail ? true : undefined,
    phone_number: user.primaryPhone,
    phone_number_verified: user.primaryPhone ? true : undefined,
    address: address
      ? withoutEmpty({
          formatted: address.formatted,
          street_address: address.streetAddress,
          locality: address.locality,
          region: address.region,
          postal_code: address.postalCode,
          country: address.country,
        })
      : undefined,
    custom_data: user.customData,
    identities: user.identities,
    sso_identities: user.ssoIdentities,
    roles: user.roleNames,
  });
};
