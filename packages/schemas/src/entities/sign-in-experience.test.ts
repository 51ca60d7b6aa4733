import { defaultSignInExperienceLook } from '../constants/sign-in-experience-defaults.js';
import { describe, expect, it } from 'vitest';

import {
  brandingSchema,
  customContentSchema,
  defaultPasswordPolicy,
  defaultSignInExperience,
  deriveDarkPrimaryColor,
  emailBlocklistPolicySchema,
  findSignInExperienceConflicts,
  languageInfoSchema,
  passwordPolicySchema,
  sentinelPolicySchema,
  type SignInExperience,
  type SignInExperienceConflictContext,
  signInExperienceColorSchema,
  signInExperienceMfaSchema,
  signInExperiencePatchSchema,
  signInExperienceSchema,
  signInSchema,
  signUpSchema,
  withVerificationFlags,
} from './sign-in-experience.js';

/** The distinct dotted paths of a failed parse, for asserting *where* it failed. */
const failedPaths = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => {
  expect(result.success).toBe(false);
  return [...new Set((result.error?.issues ?? []).map((issue) => issue.path.map(String).join('.')))];
};

describe('deriveDarkPrimaryColor', () => {
  it('raises HSL lightness by 10 points, keeping hue and saturation', () => {
    expect(deriveDarkPrimaryColor('#6139F6')).toBe('#886af8');
    expect(deriveDarkPrimaryColor('#808080')).toBe('#9a9a9a');
    expect(deriveDarkPrimaryColor('#ff0000')).toBe('#ff3333');
  });

  it('accepts the 3-digit form and clamps at white', () => {
    expect(deriveDarkPrimaryColor('#000')).toBe('#1a1a1a');
    expect(deriveDarkPrimaryColor('#FFF')).toBe('#ffffff');
    expect(deriveDarkPrimaryColor('#f5f5f5')).toBe('#ffffff');
  });

  it('is deterministic and returns a valid colour', () => {
    const color = deriveDarkPrimaryColor('#1E88E5');
    expect(color).toBe(deriveDarkPrimaryColor('#1e88e5'));
    expect(color).toMatch(/^#[\da-f]{6}$/);
  });

  it('throws on a non-hex colour', () => {
    expect(() => deriveDarkPrimaryColor('red')).toThrow(TypeError);
    expect(() => deriveDarkPrimaryColor('#12345')).toThrow(TypeError);
  });
});

describe('part schemas', () => {
  it('checks colours against the hex pattern', () => {
    const valid = { primaryColor: '#abc', isDarkModeEnabled: true, darkPrimaryColor: '#AABBCC' };
    expect(signInExperienceColorSchema.parse(valid)).toEqual(valid);
    expect(failedPaths(signInExperienceColorSchema.safeParse({ ...valid, primaryColor: 'abc', darkPrimaryColor: '#abcd' }))).toEqual(
      ['primaryColor', 'darkPrimaryColor'],
    );
  });

  it('takes http(s) branding URLs or nothing', () => {
    expect(brandingSchema.parse({})).toEqual({});
    expect(brandingSchema.parse({ logoUrl: 'https://cdn.example.com/logo.svg' })).toEqual({
      logoUrl: 'https://cdn.example.com/logo.svg',
    });
    expect(
      failedPaths(
        brandingSchema.safeParse({ favicon: 'ftp://example.com/icon', darkLogoUrl: `https://example.com/${'a'.repeat(2048)}` }),
      ),
    ).toEqual(['darkLogoUrl', 'favicon']);
    expect(failedPaths(brandingSchema.safeParse({ logo: 'https://example.com/logo.png' }))).toEqual(['']);
  });

  it('takes a supported fallback language only', () => {
    expect(languageInfoSchema.parse({ autoDetect: false, fallbackLanguage: 'pt-BR' }).fallbackLanguage).toBe('pt-BR');
    expect(failedPaths(languageInfoSchema.safeParse({ autoDetect: false, fallbackLanguage: 'xx' }))).toEqual(['fallbackLanguage']);
  });

  it('refuses the same identifier twice in sign-in methods and sign-up', () => {
    const method = { identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true } as const;
    expect(failedPaths(signInSchema.safeParse({ methods: [method, method] }))).toEqual(['methods']);
    const signUp = { identifiers: ['email'], password: true, verify: true, secondaryIdentifiers: [] };
    expect(signUpSchema.parse(signUp)).toEqual(signUp);
    expect(signUpSchema.parse({ ...signUp, identifiers: [] }).identifiers).toEqual([]);
    expect(failedPaths(signUpSchema.safeParse({ ...signUp, identifiers: ['email', 'email'] }))).toEqual(['identifiers']);
    expect(
      failedPaths(
        signUpSchema.safeParse({
          ...signUp,
          secondaryIdentifiers: [{ identifier: 'emailOrPhone', verify: true }, { identifier: 'emailOrPhone' }],
        }),
      ),
    ).toEqual(['secondaryIdentifiers']);
  });

  it('keys custom content by page path', () => {
    expect(customContentSchema.parse({ '/sign-in': '<p>Hello</p>' })).toEqual({ '/sign-in': '<p>Hello</p>' });
    expect(customContentSchema.safeParse({ 'sign-in': 'x' }).success).toBe(false);
    expect(customContentSchema.safeParse({ '/sign-in': 'x'.repeat(10_001) }).success).toBe(false);
  });

  it('refuses duplicate MFA factors and unknown policies', () => {
    expect(signInExperienceMfaSchema.parse({ factors: ['Totp', 'BackupCode'], policy: 'Mandatory' })).toEqual({
      factors: ['Totp', 'BackupCode'],
      policy: 'Mandatory',
    });
    expect(
      failedPaths(signInExperienceMfaSchema.safeParse({ factors: ['Totp', 'Totp'], policy: 'Sometimes', organizationRequiredMfaPolicy: 'UserControlled' })),
    ).toEqual(['factors', 'policy', 'organizationRequiredMfaPolicy']);
  });
});

describe('passwordPolicySchema', () => {
  it('resolves {} to the spec defaults', () => {
    expect(passwordPolicySchema.parse({})).toEqual({
      length: { min: 8, max: 256 },
      characterTypes: { min: 1 },
      rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] },
    });
    expect(defaultPasswordPolicy).toEqual(passwordPolicySchema.parse({}));
  });

  it('fills the defaults inside a partly given part', () => {
    expect(passwordPolicySchema.parse({ length: { min: 12 }, rejects: { words: ['acme'] } })).toEqual({
      length: { min: 12, max: 256 },
      characterTypes: { min: 1 },
      rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: ['acme'] },
    });
  });

  it('bounds lengths to 1..256 with min <= max, and character types to 1..4 and the maximum length', () => {
    expect(passwordPolicySchema.parse({ length: { min: 1, max: 1 }, characterTypes: { min: 1 } }).length).toEqual({ min: 1, max: 1 });
    expect(passwordPolicySchema.parse({ length: { min: 4, max: 4 }, characterTypes: { min: 4 } }).characterTypes).toEqual({ min: 4 });
    expect(failedPaths(passwordPolicySchema.safeParse({ length: { min: 3, max: 3 }, characterTypes: { min: 4 } }))).toEqual(['characterTypes.min']);
    expect(failedPaths(passwordPolicySchema.safeParse({ length: { min: 0 } }))).toEqual(['length.min']);
    expect(failedPaths(passwordPolicySchema.safeParse({ length: { max: 257 } }))).toEqual(['length.max']);
    expect(failedPaths(passwordPolicySchema.safeParse({ length: { max: 7 } }))).toEqual(['length.max']);
    expect(failedPaths(passwordPolicySchema.safeParse({ characterTypes: { min: 5 } }))).toEqual(['characterTypes.min']);
    expect(failedPaths(passwordPolicySchema.safeParse({ characterTypes: { min: 0 } }))).toEqual(['characterTypes.min']);
  });

  it('does not share the default words array between parses', () => {
    const first = passwordPolicySchema.parse({});
    first.rejects.words.push('mutated');
    expect(passwordPolicySchema.parse({}).rejects.words).toEqual([]);
  });
});

describe('security policies', () => {
  it('defaults the sentinel to 100 attempts and 60 minutes, within 1..100 and 1..1440', () => {
    expect(sentinelPolicySchema.parse({})).toEqual({ maxAttempts: 100, lockoutDuration: 60 });
    expect(sentinelPolicySchema.parse({ maxAttempts: 1, lockoutDuration: 1440 })).toEqual({ maxAttempts: 1, lockoutDuration: 1440 });
    expect(failedPaths(sentinelPolicySchema.safeParse({ maxAttempts: 101, lockoutDuration: 0.5 }))).toEqual([
      'maxAttempts',
      'lockoutDuration',
    ]);
  });

  it('lowercases blocklist entries and takes addresses or @domains only', () => {
    expect(emailBlocklistPolicySchema.parse({})).toEqual({
      blockDisposableAddresses: false,
      blockSubaddressing: false,
      customBlocklist: [],
    });
    expect(emailBlocklistPolicySchema.parse({ customBlocklist: [' Spam@Example.COM', '@Mailinator.com'] }).customBlocklist).toEqual([
      'spam@example.com',
      '@mailinator.com',
    ]);
    for (const entry of ['example.com', '@localhost', 'a b@example.com', `@${'a'.repeat(256)}.com`]) {
      expect(emailBlocklistPolicySchema.safeParse({ customBlocklist: [entry] }).success).toBe(false);
    }
    expect(emailBlocklistPolicySchema.safeParse({ customBlocklist: ['@x.io', '@X.io'] }).success).toBe(false);
  });
});

describe('signInExperienceSchema', () => {
  it('accepts the default experience unchanged', () => {
    expect(signInExperienceSchema.parse(defaultSignInExperience)).toEqual(defaultSignInExperience);
  });

  it('has the spec defaults', () => {
    expect(defaultSignInExperience).toMatchObject({
      id: 'default',
      color: { primaryColor: '#6139F6', isDarkModeEnabled: false, darkPrimaryColor: deriveDarkPrimaryColor('#6139F6') },
      languageInfo: { autoDetect: true, fallbackLanguage: 'en' },
      termsOfUseUrl: null,
      privacyPolicyUrl: null,
      signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [] },
      signIn: { methods: [{ identifier: 'username', password: true, verificationCode: false, isPasswordPrimary: true }] },
      socialSignInConnectorTargets: [],
      signInMode: 'SignInAndRegister',
      customCss: null,
      customContent: {},
      passwordPolicy: defaultPasswordPolicy,
      mfa: { factors: [], policy: 'UserControlled' },
      captchaPolicy: { enabled: false },
      sentinelPolicy: { maxAttempts: 100, lockoutDuration: 60 },
    });
  });

  it('checks the nullable URLs, the support email and the CSS size', () => {
    const result = signInExperienceSchema.safeParse({
      ...defaultSignInExperience,
      termsOfUseUrl: 'javascript:alert(1)',
      supportEmail: 'nobody',
      unknownSessionRedirectUrl: '/relative',
      customCss: 'a'.repeat(100_001),
    });
    expect(failedPaths(result)).toEqual(['termsOfUseUrl', 'customCss', 'supportEmail', 'unknownSessionRedirectUrl']);
    expect(failedPaths(signInExperienceSchema.safeParse({ ...defaultSignInExperience, id: 'other' }))).toEqual(['id']);
  });
});

describe('signInExperiencePatchSchema', () => {
  it('takes any subset of parts and adds nothing', () => {
    expect(signInExperiencePatchSchema.parse({})).toEqual({});
    expect(signInExperiencePatchSchema.parse({ customCss: null, signInMode: 'SignIn' })).toEqual({ customCss: null, signInMode: 'SignIn' });
  });

  it('resolves a given password policy to a whole part', () => {
    expect(signInExperiencePatchSchema.parse({ passwordPolicy: { characterTypes: { min: 3 } } }).passwordPolicy).toEqual({
      ...defaultPasswordPolicy,
      characterTypes: { min: 3 },
    });
  });

  it('refuses unknown keys, the id, and partial nested parts', () => {
    expect(failedPaths(signInExperiencePatchSchema.safeParse({ colour: {} }))).toEqual(['']);
    expect(failedPaths(signInExperiencePatchSchema.safeParse({ id: 'default' }))).toEqual(['']);
    expect(failedPaths(signInExperiencePatchSchema.safeParse({ signUp: { verify: true } }))).toEqual([
      'signUp.identifiers',
      'signUp.password',
      'signUp.secondaryIdentifiers',
    ]);
  });
});

describe('findSignInExperienceConflicts', () => {
  const noConnectors: SignInExperienceConflictContext = { hasEmailConnector: false, hasSmsConnector: false, socialTargets: [], hasCaptchaProvider: false };
  const allConnectors: SignInExperienceConflictContext = { hasEmailConnector: true, hasSmsConnector: true, socialTargets: ['google'], hasCaptchaProvider: true };

  type Overrides = Partial<Omit<SignInExperience, 'signUp'>> & { signUp?: Partial<SignInExperience['signUp']> };
  const experience = ({ signUp, ...overrides }: Overrides = {}): SignInExperience => ({
    ...defaultSignInExperience,
    ...overrides,
    signUp: { ...defaultSignInExperience.signUp, ...signUp },
  });
  const method = (
    identifier: 'username' | 'email' | 'phone',
    password: boolean,
    verificationCode: boolean,
  ): SignInExperience['signIn']['methods'][number] => ({ identifier, password, verificationCode, isPasswordPrimary: password });

  const codesOf = (value: SignInExperience, context = allConnectors) =>
    findSignInExperienceConflicts(value, context).map(({ path, code, params }) => (params ? { path, code, params } : { path, code }));

  it('finds nothing in the default experience, even without connectors', () => {
    expect(findSignInExperienceConflicts(defaultSignInExperience, noConnectors)).toEqual([]);
  });

  it('finds nothing in a full email and phone setup when the connectors exist', () => {
    const value = experience({
      signUp: { identifiers: ['email', 'phone'], password: true, verify: true, secondaryIdentifiers: [{ identifier: 'username' }] },
      signIn: { methods: [method('email', true, true), method('phone', false, true), method('username', true, false)] },
      socialSignInConnectorTargets: ['google'],
      mfa: { factors: ['EmailVerificationCode', 'PhoneVerificationCode', 'BackupCode'], policy: 'Mandatory' },
    });
    expect(codesOf(value)).toEqual([]);
  });

  describe('missing_email_connector', () => {
    const context = { ...allConnectors, hasEmailConnector: false };
    const code = 'sign_in_experience.missing_email_connector';

    it('when sign-up verifies email or has no password', () => {
      const signIn = { methods: [method('email', true, true)] };
      const verified = experience({ signUp: { identifiers: ['email'], password: true, verify: true }, signIn });
      expect(codesOf(verified, context)).toContainEqual({ path: 'signUp.identifiers', code });
      const passwordless = experience({ signUp: { identifiers: ['email'], password: false, verify: true }, signIn });
      expect(codesOf(passwordless, context)).toContainEqual({ path: 'signUp.identifiers', code });
    });

    it('also when sign-up by email takes a password without verification: an email joins an account by its code only', () => {
      const value = experience({
        signUp: { identifiers: ['email'], password: true, verify: false },
        signIn: { methods: [method('email', true, false)] },
      });
      expect(codesOf(value, context)).toEqual([{ path: 'signUp.identifiers', code }]);
    });

    it('when an email sign-in method uses a code', () => {
      const value = experience({ signIn: { methods: [method('username', true, false), method('email', true, true)] } });
      expect(codesOf(value, context)).toEqual([{ path: 'signIn.methods.1', code }]);
    });

    it('when a secondary identifier is email or emailOrPhone, verified or not', () => {
      const value = experience({
        signUp: { secondaryIdentifiers: [{ identifier: 'email', verify: true }, { identifier: 'emailOrPhone', verify: true }] },
      });
      expect(codesOf(value, context)).toEqual([
        { path: 'signUp.secondaryIdentifiers.0', code },
        { path: 'signUp.secondaryIdentifiers.1', code },
      ]);
      const unverified = experience({ signUp: { secondaryIdentifiers: [{ identifier: 'email' }] } });
      expect(codesOf(unverified, context)).toEqual([{ path: 'signUp.secondaryIdentifiers.0', code }]);
    });

    it('when the email code MFA factor is on', () => {
      const value = experience({ mfa: { factors: ['EmailVerificationCode'], policy: 'UserControlled' } });
      expect(codesOf(value, context)).toEqual([{ path: 'mfa.factors', code }]);
    });
  });

  it('missing_captcha_provider: a required captcha needs a provider', () => {
    const required = experience({ captchaPolicy: { enabled: true } });
    expect(codesOf(required, { ...allConnectors, hasCaptchaProvider: false })).toEqual([
      { path: 'captchaPolicy.enabled', code: 'sign_in_experience.missing_captcha_provider' },
    ]);
    expect(codesOf(required, allConnectors)).toEqual([]);
    expect(codesOf(experience({}), { ...allConnectors, hasCaptchaProvider: false })).toEqual([]);
  });

  describe('missing_sms_connector', () => {
    const context = { ...allConnectors, hasSmsConnector: false };
    const code = 'sign_in_experience.missing_sms_connector';

    it('for phone in sign-up, sign-in, secondary identifiers and MFA', () => {
      const value = experience({
        signUp: {
          identifiers: ['phone'],
          password: false,
          verify: true,
          secondaryIdentifiers: [{ identifier: 'emailOrPhone', verify: true }],
        },
        signIn: { methods: [method('phone', false, true)] },
        mfa: { factors: ['PhoneVerificationCode'], policy: 'UserControlled' },
      });
      expect(codesOf(value, context)).toEqual([
        { path: 'signUp.identifiers', code },
        { path: 'signUp.secondaryIdentifiers.0', code },
        { path: 'signIn.methods.0', code },
        { path: 'mfa.factors', code },
      ]);
    });
  });

  it('sign_up_needs_password_or_verification', () => {
    const value = experience({
      signUp: { identifiers: ['email'], password: false, verify: false },
      signIn: { methods: [method('email', false, true)] },
    });
    expect(codesOf(value)).toEqual([{ path: 'signUp', code: 'sign_in_experience.sign_up_needs_password_or_verification' }]);
    // No sign-up identifier: nothing to secure.
    expect(codesOf(experience({ signUp: { identifiers: [], password: false, verify: false }, signInMode: 'SignIn' }))).toEqual([]);
  });

  it('sign_in_method_without_verification', () => {
    const value = experience({ signIn: { methods: [method('username', true, false), method('email', false, false)] } });
    expect(codesOf(value)).toEqual([{ path: 'signIn.methods.1', code: 'sign_in_experience.sign_in_method_without_verification' }]);
  });

  it('username_needs_password, and nothing that asks a username to take a code', () => {
    const value = experience({ signUp: { identifiers: ['username'], password: false, verify: true } });
    expect(codesOf(value)).toContainEqual({ path: 'signUp.password', code: 'sign_in_experience.username_needs_password' });
    expect(codesOf(value).map(({ code }) => code)).not.toContain('sign_in_experience.sign_in_method_needs_verification_code');
  });

  it('secondary_identifier_already_collected: the only sign-up identifier, again as an additional one', () => {
    const value = experience({ signUp: { identifiers: ['username'], password: true, verify: false, secondaryIdentifiers: [{ identifier: 'username' }] } });
    expect(codesOf(value)).toEqual([
      { path: 'signUp.secondaryIdentifiers.0', code: 'sign_in_experience.secondary_identifier_already_collected', params: { identifier: 'username' } },
    ]);
    // With email or phone to choose from, the other one may be asked for after sign-up.
    const either = experience({
      signUp: { identifiers: ['email', 'phone'], password: true, verify: true, secondaryIdentifiers: [{ identifier: 'email', verify: true }] },
    });
    expect(codesOf(either).map(({ code }) => code)).not.toContain('sign_in_experience.secondary_identifier_already_collected');
  });

  it('username_cannot_use_code', () => {
    const value = experience({ signIn: { methods: [method('username', true, true)] } });
    expect(codesOf(value)).toEqual([{ path: 'signIn.methods.0', code: 'sign_in_experience.username_cannot_use_code' }]);
  });

  it('sign_up_identifier_not_in_sign_in, for email and for username', () => {
    const byEmail = experience({
      signUp: { identifiers: ['email'], password: true, verify: true },
      signIn: { methods: [method('username', true, false)] },
    });
    expect(codesOf(byEmail)).toEqual([
      { path: 'signIn.methods', code: 'sign_in_experience.sign_up_identifier_not_in_sign_in', params: { identifier: 'email' } },
    ]);
    const byUsername = experience({ signIn: { methods: [method('email', true, false)] } });
    expect(codesOf(byUsername)).toEqual([
      { path: 'signIn.methods', code: 'sign_in_experience.sign_up_identifier_not_in_sign_in', params: { identifier: 'username' } },
    ]);
  });

  it('sign_in_method_needs_verification_code when sign-up sets no password', () => {
    const value = experience({
      signUp: { identifiers: ['email'], password: false, verify: true },
      signIn: { methods: [method('email', true, false)] },
    });
    expect(codesOf(value)).toEqual([
      { path: 'signIn.methods', code: 'sign_in_experience.sign_in_method_needs_verification_code', params: { identifier: 'email' } },
    ]);
  });

  it('no_way_to_register unless the mode is SignIn or a social target is usable', () => {
    const value = experience({ signUp: { identifiers: [] } });
    expect(codesOf(value)).toEqual([{ path: 'signUp.identifiers', code: 'sign_in_experience.no_way_to_register' }]);
    expect(codesOf({ ...value, signInMode: 'Register' })).toEqual([
      { path: 'signUp.identifiers', code: 'sign_in_experience.no_way_to_register' },
    ]);
    expect(codesOf({ ...value, signInMode: 'SignIn' })).toEqual([]);
    expect(codesOf({ ...value, socialSignInConnectorTargets: ['google'] })).toEqual([]);
  });

  it('no_way_to_sign_in unless a social target is usable (enterprise SSO has no connectors yet)', () => {
    const value = experience({ signUp: { identifiers: [] }, signIn: { methods: [] }, signInMode: 'SignIn' });
    expect(codesOf(value)).toEqual([{ path: 'signIn.methods', code: 'sign_in_experience.no_way_to_sign_in' }]);
    expect(codesOf({ ...value, singleSignOnEnabled: true })).toEqual([{ path: 'signIn.methods', code: 'sign_in_experience.no_way_to_sign_in' }]);
    expect(codesOf({ ...value, socialSignInConnectorTargets: ['google'] })).toEqual([]);
  });

  it('unknown_social_target, which also does not count as a way in', () => {
    const value = experience({
      signUp: { identifiers: [] },
      signIn: { methods: [] },
      socialSignInConnectorTargets: ['google', 'github'],
    });
    expect(codesOf(value)).toEqual([
      { path: 'socialSignInConnectorTargets.1', code: 'sign_in_experience.unknown_social_target', params: { target: 'github' } },
    ]);
    expect(codesOf(value, noConnectors)).toEqual([
      { path: 'socialSignInConnectorTargets.0', code: 'sign_in_experience.unknown_social_target', params: { target: 'google' } },
      { path: 'socialSignInConnectorTargets.1', code: 'sign_in_experience.unknown_social_target', params: { target: 'github' } },
      { path: 'signUp.identifiers', code: 'sign_in_experience.no_way_to_register' },
      { path: 'signIn.methods', code: 'sign_in_experience.no_way_to_sign_in' },
    ]);
  });

  it('duplicate_sign_in_identifier', () => {
    const value = experience({ signIn: { methods: [method('username', true, false), method('username', true, false)] } });
    expect(codesOf(value)).toEqual([
      { path: 'signIn.methods.1', code: 'sign_in_experience.duplicate_sign_in_identifier', params: { identifier: 'username' } },
    ]);
  });

  it('mfa_mandatory_without_factors and mfa_backup_code_only', () => {
    expect(codesOf(experience({ mfa: { factors: [], policy: 'Mandatory' } }))).toEqual([
      { path: 'mfa.factors', code: 'sign_in_experience.mfa_mandatory_without_factors' },
    ]);
    expect(codesOf(experience({ mfa: { factors: ['BackupCode'], policy: 'UserControlled' } }))).toEqual([
      { path: 'mfa.factors', code: 'sign_in_experience.mfa_backup_code_only' },
    ]);
  });
});

describe('the zod-free defaults of the console', () => {
  it('hold the derived dark colour of the default primary colour', () => {
    expect(defaultSignInExperienceLook.color.darkPrimaryColor).toBe(deriveDarkPrimaryColor(defaultSignInExperienceLook.color.primaryColor));
  });
});

describe('withVerificationFlags', () => {
  it('verifies an email or phone at sign-up, never a username, whatever was sent', () => {
    expect(
      withVerificationFlags({
        identifiers: ['username', 'phone'],
        password: true,
        verify: false,
        secondaryIdentifiers: [{ identifier: 'emailOrPhone', verify: false }, { identifier: 'email' }],
      }),
    ).toEqual({
      identifiers: ['username', 'phone'],
      password: true,
      verify: true,
      secondaryIdentifiers: [{ identifier: 'emailOrPhone', verify: true }, { identifier: 'email', verify: true }],
    });
    expect(withVerificationFlags({ identifiers: ['username'], password: true, verify: true, secondaryIdentifiers: [] }).verify).toBe(false);
  });
});
