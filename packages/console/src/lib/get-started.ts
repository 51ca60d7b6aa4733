import type { SignInExperience } from '@gatehouse/schemas';
// Not the package's index: that would bring zod and every schema into the console's first route.
import { defaultSignInExperienceLook } from '@gatehouse/schemas/sign-in-experience-defaults';

import type { SidebarItemKey } from './sidebar.js';

/**
 * The get-started checklist: what a new tenant usually sets up first, each step done when the
 * tenant's data shows it. Pure: the page passes what it read from the management API.
 */
export type GetStartedStepKey = 'application' | 'sign_in_experience' | 'api_resource' | 'role' | 'user';

export type GetStartedFacts = {
  applications: number;
  /** API resources other than the built-in management API. */
  apiResources: number;
  signInExperience: SignInExperience;
  connectors: number;
  /** Roles other than the built-in management role. */
  roles: number;
  users: number;
};

export type GetStartedStep = {
  key: GetStartedStepKey;
  done: boolean;
  /** The sidebar item whose pages do it (the link is offered once those pages exist). */
  item: SidebarItemKey;
  path: string;
};

/** The parts of the sign-in experience people change first: look, ways to sign in and up, social sign-in, terms. */
const customizableParts = ['color', 'branding', 'signIn', 'signUp', 'socialSignInConnectorTargets', 'customCss', 'termsOfUseUrl', 'privacyPolicyUrl'] as const;

/** JSON with object keys sorted, so key order never makes two equal values differ. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );

export const isSignInExperienceCustomized = (current: SignInExperience) =>
  customizableParts.some((part) => canonical(current[part] ?? null) !== canonical(defaultSignInExperienceLook[part] ?? null));

export const getStartedSteps = (facts: GetStartedFacts): GetStartedStep[] => [
  { key: 'application', done: facts.applications > 0, item: 'applications', path: '/applications/create' },
  {
    key: 'sign_in_experience',
    done: facts.connectors > 0 || isSignInExperienceCustomized(facts.signInExperience),
    item: 'sign_in_experience',
    path: '/sign-in-experience',
  },
  { key: 'api_resource', done: facts.apiResources > 0, item: 'api_resources', path: '/api-resources/create' },
  { key: 'role', done: facts.roles > 0, item: 'roles', path: '/roles/create' },
  { key: 'user', done: facts.users > 0, item: 'users', path: '/users/create' },
];
