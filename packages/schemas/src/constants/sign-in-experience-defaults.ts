import type { SignInExperience } from '../entities/sign-in-experience.js';

/**
 * The parts of a new tenant's sign-in experience (spec §3) that people change first, without zod:
 * the console's first route compares against them without loading the schemas. The whole default
 * (`defaultSignInExperience`) is built from these; a unit test checks the dark colour against
 * `deriveDarkPrimaryColor`.
 */
export const defaultPrimaryColor = '#6139F6';

export const defaultSignInExperienceLook = {
  color: { primaryColor: defaultPrimaryColor, isDarkModeEnabled: false, darkPrimaryColor: '#886af8' },
  branding: {},
  termsOfUseUrl: null,
  privacyPolicyUrl: null,
  signIn: {
    methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }],
  },
  signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
  socialSignInConnectorTargets: [],
  customCss: null,
} satisfies Pick<
  SignInExperience,
  'color' | 'branding' | 'termsOfUseUrl' | 'privacyPolicyUrl' | 'signIn' | 'signUp' | 'socialSignInConnectorTargets' | 'customCss'
>;
