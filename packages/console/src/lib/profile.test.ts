import { describe, expect, it } from 'vitest';

import { ConsoleError } from './errors.js';
import { passwordChangePath, profileErrorOutcome } from './profile.js';

describe('profile rules', () => {
  it('sends a user with a password to confirm it first', () => {
    expect(passwordChangePath(true)).toBe('/profile/verify-password');
    expect(passwordChangePath(false)).toBe('/profile/change-password');
  });

  it('shows a 422 in an alert, other errors in a toast, and leaves a 401 to the caller', () => {
    const rejected = new ConsoleError({
      kind: 'http',
      status: 422,
      body: { code: 'password.rejected', message: 'The password is not accepted.', details: [{ path: 'password', code: 'too_short', message: 'At least 8 characters.' }] },
    });
    expect(profileErrorOutcome(rejected)).toEqual({ action: 'alert', message: 'The password is not accepted.\nAt least 8 characters.' });
    const conflict = new ConsoleError({ kind: 'http', status: 409, body: { code: 'user.username_already_in_use', message: 'The username "ada" is already in use.' } });
    expect(profileErrorOutcome(conflict)).toEqual({ action: 'toast', message: { text: 'The username "ada" is already in use.' } });
    expect(profileErrorOutcome(new ConsoleError({ kind: 'network' }))).toEqual({ action: 'toast', message: { key: 'errors.network' } });
    expect(profileErrorOutcome(new ConsoleError({ kind: 'http', status: 401 }))).toEqual({ action: 'rethrow' });
    expect(profileErrorOutcome(new Error('bug'))).toEqual({ action: 'rethrow' });
    // A refused account is signed out as anywhere else.
    expect(profileErrorOutcome(new ConsoleError({ kind: 'http', status: 403, body: { code: 'auth.insufficient_scope', message: 'Insufficient permissions.' } }))).toEqual({ action: 'rethrow' });
  });
});
