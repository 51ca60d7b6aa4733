import {
  defaultSignInExperience,
  deriveDarkPrimaryColor,
  experienceConfigSchema,
  experiencePreviewSchema,
  type Connector,
  type CustomProfileField,
} from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import {
  changedParts,
  draftParts,
  followDarkColor,
  mergedChanges,
  mergeEdits,
  moveItem,
  previewConfig,
  previewMessage,
  removeAt,
  replaceAt,
  sameValue,
  groupProblems,
  pageOfSetting,
  settingOfPath,
  tabOfPath,
  toDraft,
  usableDraft,
} from './draft.js';

const connector = (overrides: Partial<Connector>): Connector => ({
  id: 'c1',
  connectorId: 'google',
  type: 'Social',
  target: 'google',
  platform: 'Universal',
  name: { en: 'Google' },
  logo: 'https://example.com/google.svg',
  logoDark: null,
  config: {},
  metadata: {},
  syncProfile: false,
  enableTokenStorage: false,
  createdAt: 1,
  ...overrides,
});

const field: CustomProfileField = {
  id: 'f1',
  name: 'department',
  type: 'Select',
  label: 'Department',
  required: true,
  sieOrder: 0,
  config: { options: [{ label: 'Sales', value: 'sales' }] },
};

describe('draft', () => {
  it('holds the parts of these pages only', () => {
    const draft = toDraft(defaultSignInExperience);
    expect(Object.keys(draft).sort()).toEqual([...draftParts].sort());
    expect(draft).not.toHaveProperty('mfa');
    expect(draft).not.toHaveProperty('passwordPolicy');
  });

  it('sends only the changed parts', () => {
    const saved = toDraft(defaultSignInExperience);
    expect(changedParts(saved, structuredClone(saved))).toEqual({});
    const values = { ...structuredClone(saved), branding: { logoUrl: 'https://example.com/logo.svg', favicon: undefined } };
    values.color.primaryColor = '#0B7A75';
    expect(changedParts(saved, values)).toEqual({
      color: { ...saved.color, primaryColor: '#0B7A75' },
      branding: { logoUrl: 'https://example.com/logo.svg', favicon: undefined },
    });
  });

  it('treats missing and undefined keys alike, but not array order', () => {
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
    expect(sameValue({ a: { b: 'x' } }, { a: { b: 'x' } })).toBe(true);
  });

  it('names the tab of a server detail', () => {
    expect(tabOfPath('signIn.methods.0')).toBe('sign-up-and-sign-in');
    expect(tabOfPath('body.socialSignInConnectorTargets.1')).toBe('sign-up-and-sign-in');
    expect(tabOfPath('color.primaryColor')).toBe('branding');
    expect(tabOfPath('customCss')).toBe('content');
    expect(tabOfPath('mfa.factors')).toBeUndefined();
  });
});

describe('refusals of an unworkable sign-in experience', () => {
  const missingEmail = 'Email verification codes are used here, but there is no email connector. Add one first.';

  it('says each reason once, with the settings it concerns', () => {
    expect(
      groupProblems([
        { path: 'signUp.identifiers', message: missingEmail },
        { path: 'signIn.methods.1', message: missingEmail },
        { path: 'signIn.methods.2', message: missingEmail },
        { path: 'socialSignInConnectorTargets.0', message: 'There is no social connector for "okta".' },
        { path: 'mfa.factors', message: missingEmail },
      ]),
    ).toEqual([
      { message: missingEmail, settings: ['sign-up', 'sign-in', 'mfa'] },
      { message: 'There is no social connector for "okta".', settings: ['social'] },
    ]);
  });

  it('knows where each setting is changed', () => {
    expect(settingOfPath('body.signInMode')).toBe('mode');
    expect(settingOfPath('captchaPolicy.enabled')).toBe('captcha');
    expect(settingOfPath('customCss')).toBe('content');
    expect(settingOfPath('somethingNew')).toBeUndefined();
    expect(pageOfSetting('social')).toEqual({ tab: 'sign-up-and-sign-in' });
    expect(pageOfSetting('captcha')).toEqual({ security: 'captcha' });
    expect(pageOfSetting('mfa')).toBeUndefined();
  });
});

describe('saving over another tab', () => {
  it('applies the edits onto the stored part key by key, keeping what was saved meanwhile', () => {
    const loaded = { logoUrl: 'https://example.com/old.png' };
    const latest = { logoUrl: 'https://example.com/old.png', favicon: 'https://example.com/new.ico' };
    expect(mergeEdits(loaded, { logoUrl: 'https://example.com/mine.png' }, latest)).toEqual({
      logoUrl: 'https://example.com/mine.png',
      favicon: 'https://example.com/new.ico',
    });
    // A value removed here stays removed; one removed elsewhere stays removed too.
    expect(mergeEdits(loaded, { favicon: 'https://example.com/mine.ico' }, {})).toEqual({ favicon: 'https://example.com/mine.ico' });
    const policy = { length: { min: 8, max: 256 }, rejects: { pwned: true, words: ['acme'] } };
    expect(
      mergeEdits(policy, { ...policy, rejects: { pwned: false, words: ['acme'] } }, { ...policy, length: { min: 12, max: 256 } }),
    ).toEqual({ length: { min: 12, max: 256 }, rejects: { pwned: false, words: ['acme'] } });
    // Lists are one value: the edited list wins whole.
    expect(mergeEdits({ words: ['a'] }, { words: ['a', 'b'] }, { words: ['c'] })).toEqual({ words: ['a', 'b'] });
  });

  it('sends only the edited parts, each merged onto the latest copy', () => {
    const loaded = toDraft(defaultSignInExperience);
    const latest = { ...loaded, branding: { favicon: 'https://example.com/new.ico' }, customCss: '.card {}' };
    const edited = { ...loaded, branding: { logoUrl: 'https://example.com/mine.png' } };
    expect(mergedChanges(loaded, edited, latest)).toEqual({
      branding: { logoUrl: 'https://example.com/mine.png', favicon: 'https://example.com/new.ico' },
    });
  });
});

describe('dark primary colour', () => {
  it('follows the primary colour while it is the derived one', () => {
    const dark = deriveDarkPrimaryColor('#6139F6');
    expect(followDarkColor('#6139F6', '#0B7A75', dark)).toBe(deriveDarkPrimaryColor('#0B7A75'));
    expect(followDarkColor('#6139F6', '#0B7A75', dark.toUpperCase())).toBe(deriveDarkPrimaryColor('#0B7A75'));
  });

  it('keeps a colour picked by hand, and ignores half-typed colours', () => {
    expect(followDarkColor('#6139F6', '#0B7A75', '#ff0000')).toBe('#ff0000');
    expect(followDarkColor('#6139F6', '#0B7A', '#aaaaaa')).toBe('#aaaaaa');
  });
});

describe('moveItem', () => {
  it('moves within bounds', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('removeAt and replaceAt', () => {
  it('change only the item at the index, without touching the list given', () => {
    const list = ['a', 'b', 'c'] as const;
    expect(removeAt(list, 1)).toEqual(['a', 'c']);
    expect(removeAt(list, 5)).toEqual(['a', 'b', 'c']);
    expect(replaceAt<string>(list, 2, 'z')).toEqual(['a', 'b', 'z']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});

describe('preview', () => {
  it('shows valid draft parts and keeps the saved part for an invalid one', () => {
    const draft = toDraft(defaultSignInExperience);
    draft.signInMode = 'Register';
    draft.color = { ...draft.color, primaryColor: '#12' };
    const usable = usableDraft(defaultSignInExperience, draft);
    expect(usable.signInMode).toBe('Register');
    expect(usable.color.primaryColor).toBe(defaultSignInExperience.color.primaryColor);
    expect(usable.mfa).toEqual(defaultSignInExperience.mfa);
  });

  it('builds the configuration the hosted pages read, typed by the schema', () => {
    const experience = { ...defaultSignInExperience, socialSignInConnectorTargets: ['github', 'google'] };
    const connectors = [
      connector({}),
      connector({ id: 'c2', type: 'Email', target: 'smtp' }),
      connector({ id: 'c3', target: 'github', type: 'Email' }),
    ];
    const config = previewConfig({
      tenantId: 'default',
      experience,
      connectors,
      fields: [field],
      phrases: [{ languageTag: 'de', translation: { 'sign_in.submit': 'Los' } }],
    });
    expect(experienceConfigSchema.parse(config)).toEqual(config);
    // Only configured social connectors get a button; github here is an email connector's target.
    expect(config.socialConnectors).toEqual([{ id: 'c1', target: 'google', name: { en: 'Google' }, logo: 'https://example.com/google.svg', logoDark: null }]);
    expect(config.forgotPassword).toEqual({ email: true, phone: false });
    expect(config.phrases).toEqual({ de: { 'sign_in.submit': 'Los' } });
    expect(config.interaction).toBeNull();
    expect(experiencePreviewSchema.parse(previewMessage(config, 'continue', 'dark')).page).toBe('continue');
  });
});
