import { defaultSignInExperience } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { getStartedSteps, isSignInExperienceCustomized, type GetStartedFacts } from './get-started.js';

const fresh: GetStartedFacts = { applications: 0, apiResources: 0, signInExperience: defaultSignInExperience, connectors: 0, roles: 0, users: 0 };
const done = (facts: GetStartedFacts) => getStartedSteps(facts).filter((step) => step.done).map((step) => step.key);

describe('get started', () => {
  it('lists the steps in order, none done on a fresh tenant, each with the page that does it', () => {
    const steps = getStartedSteps(fresh);
    expect(steps.map((step) => [step.key, step.path])).toEqual([
      ['application', '/applications/create'],
      ['sign_in_experience', '/sign-in-experience'],
      ['api_resource', '/api-resources/create'],
      ['role', '/roles/create'],
      ['user', '/users/create'],
    ]);
    expect(done(fresh)).toEqual([]);
  });

  it('checks each step from the tenant data', () => {
    expect(done({ ...fresh, applications: 1 })).toEqual(['application']);
    expect(done({ ...fresh, apiResources: 2, roles: 1 })).toEqual(['api_resource', 'role']);
    expect(done({ ...fresh, users: 3 })).toEqual(['user']);
    expect(done({ ...fresh, connectors: 1 })).toEqual(['sign_in_experience']);
  });

  it('sees a changed sign-in experience, but not the defaults in another key order', () => {
    expect(isSignInExperienceCustomized(defaultSignInExperience)).toBe(false);
    const reordered = { ...defaultSignInExperience, color: { darkPrimaryColor: defaultSignInExperience.color.darkPrimaryColor, isDarkModeEnabled: false, primaryColor: '#6139F6' } };
    expect(isSignInExperienceCustomized(reordered)).toBe(false);
    expect(isSignInExperienceCustomized({ ...defaultSignInExperience, color: { ...defaultSignInExperience.color, primaryColor: '#00AA55' } })).toBe(true);
    expect(isSignInExperienceCustomized({ ...defaultSignInExperience, branding: { logoUrl: 'https://example.com/logo.png' } })).toBe(true);
    expect(isSignInExperienceCustomized({ ...defaultSignInExperience, signUp: { ...defaultSignInExperience.signUp, identifiers: ['email'] } })).toBe(true);
    // Settings outside the look and the sign-in methods do not count.
    expect(isSignInExperienceCustomized({ ...defaultSignInExperience, supportEmail: 'help@example.com' })).toBe(false);
  });
});
