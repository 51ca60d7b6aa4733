import type { ApplicationType } from '@gatehouse/schemas';

/** Every type the server creates; Protected and SAML apps are stored, but their proxy and SAML endpoints are not served yet. */
export const creatableTypes = ['Native', 'SPA', 'Traditional', 'MachineToMachine', 'Protected', 'SAML'] as const satisfies readonly ApplicationType[];

/** Confidential clients hold secrets (README "Application types"). */
export const confidentialTypes: readonly ApplicationType[] = ['Traditional', 'MachineToMachine', 'Protected'];

/** Types that sign users in: redirect URIs, CORS origins and user token settings apply. */
export const userFacingTypes: readonly ApplicationType[] = ['Native', 'SPA', 'Traditional', 'Protected'];
