import { describe, expect, it } from 'vitest';

import {
  ConsoleError,
  errorOutcome,
  inlineErrors,
  isReauthenticationError,
  joinMessageAndDetails,
  parseErrorBody,
  shouldRetryRequest,
} from './errors.js';

const http = (status: number, body?: { code?: string; message: string; details?: { path: string; code: string; message: string }[] }) =>
  ({ kind: 'http', status, ...(body ? { body } : {}) }) as const;

describe('errorOutcome', () => {
  it('signs in again on 401, whatever the body', () => {
    expect(errorOutcome(http(401, { code: 'auth.invalid_token', message: 'expired' }))).toEqual({ action: 'sign-in' });
    expect(errorOutcome(http(401))).toEqual({ action: 'sign-in' });
    // Even when the caller ignores the code: an expired session is never a form error.
    expect(errorOutcome(http(401, { code: 'auth.invalid_token', message: 'x' }), ['auth.invalid_token'])).toEqual({ action: 'sign-in' });
  });

  it("signs out on 403 'Insufficient permissions.'", () => {
    expect(errorOutcome(http(403, { message: 'Insufficient permissions.' }))).toEqual({ action: 'sign-out' });
    // Localized message, same code.
    expect(errorOutcome(http(403, { code: 'auth.insufficient_scope', message: 'Unzureichende Berechtigungen.' }))).toEqual({ action: 'sign-out' });
  });

  it('shows an alert then signs out on auth.forbidden', () => {
    expect(errorOutcome(http(403, { code: 'auth.forbidden', message: 'Your account is not allowed here.' }))).toEqual({
      action: 'alert-then-sign-out',
      message: 'Your account is not allowed here.',
    });
  });

  it('toasts other errors with message and details joined', () => {
    expect(
      errorOutcome(
        http(422, {
          code: 'password.rejected',
          message: 'The password does not meet the password policy.',
          details: [
            { path: 'password', code: 'a', message: 'At least 8 characters.' },
            { path: 'password', code: 'b', message: 'Not in a breach.' },
          ],
        }),
      ),
    ).toEqual({
      action: 'toast',
      message: { text: 'The password does not meet the password policy.\nAt least 8 characters.\nNot in a breach.' },
    });
    expect(errorOutcome(http(403, { code: 'console.setup_done', message: 'Done.' }))).toEqual({ action: 'toast', message: { text: 'Done.' } });
  });

  it('stays silent for ignored codes', () => {
    expect(errorOutcome(http(409, { code: 'scope.name_exists', message: 'x' }), ['scope.name_exists'])).toEqual({ action: 'ignore' });
    expect(errorOutcome({ kind: 'client', code: 'missing_total_number' }, ['missing_total_number'])).toEqual({ action: 'ignore' });
  });

  it('falls back to the HTTP status name, then unknown_server_error, for an unparsable body', () => {
    expect(errorOutcome(http(502))).toEqual({
      action: 'toast',
      message: { key: 'errors.http_status', values: { status: 502, reason: 'Bad Gateway' } },
    });
    expect(errorOutcome(http(599))).toEqual({ action: 'toast', message: { key: 'errors.unknown_server_error' } });
  });

  it('has phrases for network problems and console errors', () => {
    expect(errorOutcome({ kind: 'network' })).toEqual({ action: 'toast', message: { key: 'errors.network' } });
    expect(errorOutcome({ kind: 'timeout' })).toEqual({ action: 'toast', message: { key: 'errors.timeout' } });
    expect(errorOutcome({ kind: 'client', code: 'missing_total_number' })).toEqual({
      action: 'toast',
      message: { key: 'errors.missing_total_number' },
    });
  });
});

describe('parseErrorBody', () => {
  it('reads the API error shape', () => {
    expect(parseErrorBody('{"code":"entity.not_found","message":"Gone.","details":[{"path":"body.name","code":"x","message":"Bad."},{"nope":1}]}')).toEqual({
      code: 'entity.not_found',
      message: 'Gone.',
      details: [{ path: 'body.name', code: 'x', message: 'Bad.' }],
    });
  });

  it('refuses anything else', () => {
    expect(parseErrorBody('<html>Bad gateway</html>')).toBeUndefined();
    expect(parseErrorBody('')).toBeUndefined();
    expect(parseErrorBody('[]')).toBeUndefined();
    expect(parseErrorBody('{"code":"x"}')).toBeUndefined();
  });
});

describe('joinMessageAndDetails', () => {
  it('does not repeat a detail equal to the message', () => {
    expect(joinMessageAndDetails({ message: 'A', details: [{ path: 'p', code: 'c', message: 'A' }] })).toBe('A');
  });

  it('says details that differ only by path once', () => {
    const missing = 'Email verification codes are used here, but there is no email connector. Add one first.';
    const body = {
      message: 'This sign-in experience would leave users unable to register or sign in (2 problems; see details).',
      details: [
        { path: 'signUp.identifiers', code: 'sign_in_experience.missing_email_connector', message: missing },
        { path: 'signIn.methods.1', code: 'sign_in_experience.missing_email_connector', message: missing },
      ],
    };
    expect(joinMessageAndDetails(body)).toBe(`${body.message}\n${missing}`);
  });

  it('adds only the details the message does not already quote, one per line', () => {
    const body = {
      message: 'The request is invalid: body.name: Too short',
      details: [
        { path: 'body.name', code: 'too_small', message: 'Too short' },
        { path: 'body.type', code: 'invalid_value', message: 'Unknown type' },
      ],
    };
    expect(joinMessageAndDetails(body)).toBe('The request is invalid: body.name: Too short\nUnknown type');
  });
});

describe('isReauthenticationError', () => {
  it('recognizes OIDC errors that need a new sign-in, and 401s', () => {
    expect(isReauthenticationError({ error: 'invalid_grant' })).toBe(true);
    expect(isReauthenticationError({ error: 'invalid_target' })).toBe(true);
    expect(isReauthenticationError({ error: 'server_error' })).toBe(false);
    expect(isReauthenticationError(new ConsoleError({ kind: 'http', status: 401 }))).toBe(true);
    expect(isReauthenticationError(new ConsoleError({ kind: 'http', status: 500 }))).toBe(false);
    expect(isReauthenticationError(null)).toBe(false);
  });
});

describe('inlineErrors', () => {
  const fields = new Set(['name', 'username', 'primaryEmail', 'password', 'oidcClientMetadata.redirectUris.0']);
  const isField = (path: string) => fields.has(path);

  it('puts details next to the fields they name', () => {
    expect(
      inlineErrors(
        {
          code: 'guard.invalid_input',
          message: 'The request is invalid.',
          details: [
            { path: 'body.name', code: 'too_big', message: 'Too long.' },
            { path: 'body.oidcClientMetadata.redirectUris.0', code: 'invalid_uri', message: 'Not a URL.' },
            { path: 'body.other', code: 'x', message: 'Elsewhere.' },
          ],
        },
        isField,
      ),
    ).toEqual({ fields: { name: 'Too long.', 'oidcClientMetadata.redirectUris.0': 'Not a URL.' }, rest: ['Elsewhere.'] });
  });

  it('says a reason shared by several settings once', () => {
    const missing = 'Email verification codes are used here, but there is no email connector.';
    expect(
      inlineErrors(
        {
          code: 'sign_in_experience.unworkable',
          message: 'Unworkable.',
          details: [
            { path: 'signUp.identifiers', code: 'sign_in_experience.missing_email_connector', message: missing },
            { path: 'signIn.methods.0', code: 'sign_in_experience.missing_email_connector', message: missing },
          ],
        },
        isField,
      ).rest,
    ).toEqual([missing]);
  });

  it('joins several messages for one field', () => {
    expect(
      inlineErrors(
        {
          code: 'password.rejected',
          message: 'Rejected.',
          details: [
            { path: 'password', code: 'a', message: 'Too short.' },
            { path: 'password', code: 'b', message: 'Breached.' },
          ],
        },
        isField,
      ).fields,
    ).toEqual({ password: 'Too short.\nBreached.' });
  });

  it('maps conflict codes to their field', () => {
    expect(inlineErrors({ code: 'user.email_already_in_use', message: 'Taken.' }, isField)).toEqual({
      fields: { primaryEmail: 'Taken.' },
      rest: [],
    });
  });

  it('keeps the message when nothing fits a field', () => {
    expect(inlineErrors({ code: 'console.setup_done', message: 'Done.' }, isField)).toEqual({ fields: {}, rest: ['Done.'] });
  });
});

describe('shouldRetryRequest', () => {
  it('retries twice, but never a 401 or a 403', () => {
    const status = (code: number) => new ConsoleError({ kind: 'http', status: code });
    expect(shouldRetryRequest(0, status(500))).toBe(true);
    expect(shouldRetryRequest(1, new ConsoleError({ kind: 'network' }))).toBe(true);
    expect(shouldRetryRequest(2, status(500))).toBe(false);
    expect(shouldRetryRequest(0, status(401))).toBe(false);
    expect(shouldRetryRequest(0, status(403))).toBe(false);
    expect(shouldRetryRequest(0, status(404))).toBe(true);
  });
});
