import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

import { ApiError } from '../lib/api.js';
import { t } from '../lib/i18n.js';
import de from '../locales/de.js';
import { toFormErrors } from './form.js';

beforeAll(async () => {
  await i18next.init({
    lng: 'de',
    resources: { de: { translation: de } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
});

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

  it("shows the page's phrase, not the request validator's text, for a refused value", () => {
    const error = new ApiError(400, 'guard.invalid_input', 'Die Anfrage ist ungültig: Zu groß: erwartet, dass string <=128 Zeichen hat', [
      { path: 'body.identifier.value', code: 'too_big', message: 'Zu groß: erwartet, dass string <=128 Zeichen hat' },
      { path: 'body.password', code: 'too_small', message: 'Zu klein: erwartet, dass string >=1 Zeichen hat' },
    ]);
    expect(toFormErrors(error, registerFields)).toEqual({
      fields: { identifier: ['Diese Eingabe ist zu lang.'], password: ['Dieses Feld ist erforderlich.'] },
    });
    // With the limit the server names, the phrase names it too.
    const limited = new ApiError(400, 'guard.invalid_input', 'Die Anfrage ist ungültig', [
      { path: 'body.identifier.value', code: 'too_big', message: 'Darf höchstens 128 Zeichen lang sein.', maximum: 128 },
      { path: 'body.password', code: 'too_small', message: 'Muss mindestens 8 Zeichen lang sein.', minimum: 8 },
    ]);
    expect(toFormErrors(limited, registerFields)).toEqual({
      fields: { identifier: [t('errors.max_length', { max: 128 })], password: [t('errors.min_length', { min: 8 })] },
    });
    expect(toFormErrors(limited, registerFields).fields.identifier![0]).toContain('128');
    // A detail of no field on the page: the form's message, in the page's words too.
    const unplaced = new ApiError(400, 'guard.invalid_input', 'Die Anfrage ist ungültig: Ungültige Eingabe', [
      { path: 'body.verificationId', code: 'invalid_type', message: 'Ungültige Eingabe' },
    ]);
    expect(toFormErrors(unplaced, registerFields)).toEqual({
      form: 'Diese Eingabe wird nicht akzeptiert. Prüfen Sie sie und versuchen Sie es erneut.',
      fields: {},
    });
  });
});
