import type { ApplicationType } from '@gatehouse/schemas';

/** Types the console creates today (Protected needs its proxy, SAML its endpoints: not built yet). */
export const creatableTypes = ['Native', 'SPA', 'Traditional', 'MachineToMachine'] as const satisfies readonly ApplicationType[];

/** Confidential clients hold secrets (README "Application types"). */
export const confidentialTypes: readonly ApplicationType[] = ['Traditional', 'MachineToMachine', 'Protected'];

/** Types that sign users in: redirect URIs, CORS origins and user token settings apply. */
export const userFacingTypes: readonly ApplicationType[] = ['Native', 'SPA', 'Traditional', 'Protected'];
