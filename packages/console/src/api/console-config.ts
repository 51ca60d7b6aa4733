import type { Edition } from '@gatehouse/schemas';

import { api } from './client.js';

/** `GET /api/console/config`: what the console needs before anyone signs in. */
export type ConsoleConfig = {
  version: string;
  edition: Edition;
  /** The admin tenant's issuer, where console users sign in. */
  issuer: string;
  clientId: string;
  /** The managed (default) tenant's management API indicator: the audience of the console's tokens. */
  managementResource: string;
  tenantId: string;
  /** The managed tenant's base URL: its sign-in pages and social callback URIs live under it. */
  tenantEndpoint: string;
  firstAdminNeeded: boolean;
  /** Docs, release notes and help dialog targets set by the operator; null ones are not shown. */
  links: ConsoleLinks;
  /** A JSON document whose `latestRelease` is compared with `version` for the new-version dot; null: no check. */
  releaseInfoUrl: string | null;
};

export type ConsoleLinks = {
  docs: string | null;
  releases: string | null;
  community: string | null;
  issues: string | null;
  email: string | null;
  contact: string | null;
};

export const fetchConsoleConfig = () => api.get<ConsoleConfig>('console/config', undefined, { public: true });

export type FirstAdminInput = { username: string; password: string; primaryEmail?: string };

export const createFirstAdmin = (input: FirstAdminInput) =>
  api.post<{ id: string; username: string }>('console/first-admin', input, { public: true });
