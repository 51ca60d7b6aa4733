import { describe, expect, it } from 'vitest';

import { ApiError } from '../lib/api.js';
import { toFormErrors } from './form.js';

const registerFields = { identifier: 'identifier', username: 'identifier', email: 'identifier', password: 'password' };

describe('toFormErrors', () => {
  it('puts a refused username on the identifier field, not above the form', () => {
    const error = new ApiError(422, 'session.invalid_username', 'Usernames start with a letter.');
    expect(toFormErrors(error, registerFields)).toEqual({ fields: { identifier: ['Usernames start with a letter.'] } });
  });

  it('puts a reset to the same password on the password field', () => {
    const error = new ApiError(422, 'user.same_password', 'The new password is the same as the current one.');
    expect(toFormErrors(error, registerFields)).toEqual({ fields: { password: ['The new password is the same as the current one.'] } });
  });

  it('keeps an error of no field on the form', () => {
    const error = new ApiError(422, 'session.not_identified', 'Who are you?');
    expect(toFormErrors(error, registerFields).form).toBe('Who are you?');
  });
});
