import { describe, expect, it } from 'vitest';

import { isPreviewMessage, previewMessageType, previewPage } from './preview.js';

describe('preview page', () => {
  it('shows the requested page when the sign-in mode allows it', () => {
    expect(previewPage('sign-in', 'SignInAndRegister')).toBe('sign-in');
    expect(previewPage('register', 'SignInAndRegister')).toBe('register');
    expect(previewPage('continue', 'SignIn')).toBe('continue');
  });

  it('follows the sign-in mode like the real pages', () => {
    expect(previewPage('sign-in', 'Register')).toBe('register');
    expect(previewPage('register', 'SignIn')).toBe('sign-in');
  });
});

describe('preview messages', () => {
  const config = { color: {}, signIn: { methods: [] }, signUp: {} };

  it('accepts the console draft', () => {
    expect(isPreviewMessage({ type: previewMessageType, mode: 'dark', page: 'register', config })).toBe(true);
  });

  it('ignores other messages', () => {
    expect(isPreviewMessage(undefined)).toBe(false);
    expect(isPreviewMessage('gatehouse:experience-preview')).toBe(false);
    expect(isPreviewMessage({ type: 'gatehouse:experience-preview-ready' })).toBe(false);
    expect(isPreviewMessage({ type: previewMessageType, mode: 'sepia', page: 'sign-in', config })).toBe(false);
    expect(isPreviewMessage({ type: previewMessageType, mode: 'light', page: 'consent', config })).toBe(false);
    expect(isPreviewMessage({ type: previewMessageType, mode: 'light', page: 'sign-in', config: { color: {} } })).toBe(false);
  });
});
