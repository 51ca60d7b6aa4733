import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { ApiError, RequestValidationError, toErrorResponse } from './errors.js';

const requestWith = (headers: Record<string, string> = {}) => {
  const error = vi.fn();
  const request = {
    id: 'req-42',
    headers,
    routeOptions: { bodyLimit: 1024 },
    log: { error },
  } as unknown as FastifyRequest;
  return { request, error };
};

describe('toErrorResponse', () => {
  it('answers an unknown error with a 500 that names the request id and nothing internal', () => {
    const { request, error } = requestWith();
    const response = toErrorResponse(new Error('connection to 10.0.0.5:5432 refused, password=hunter2'), request);
    expect(response.status).toBe(500);
    expect(response.body.code).toBe('request.internal_error');
    expect(response.body.message).toContain('req-42');
    expect(JSON.stringify(response.body)).not.toMatch(/10\.0\.0\.5|hunter2|refused/);
    expect(error).toHaveBeenCalledOnce();
  });

  it('keeps the status, code and details of an ApiError, localized', () => {
    const { request } = requestWith({ 'accept-language': 'fr' });
    const response = toErrorResponse(
      new ApiError(409, 'resource.indicator_exists', { indicator: 'https://x.example.com' }, [
        { path: 'body.indicator', code: 'duplicate', message: 'Already used.' },
      ]),
      request,
    );
    expect(response.status).toBe(409);
    expect(response.body.message).toContain('https://x.example.com');
    expect(response.body.message).not.toMatch(/^An API resource/);
    expect(response.body.details).toEqual([{ path: 'body.indicator', code: 'duplicate', message: 'Already used.' }]);
  });

  it('says identifier types and sign-in methods in words of the language, keeping the raw values on the error', () => {
    const error = new ApiError(422, 'session.sign_in_method_not_enabled', { method: 'username + password' });
    const german = toErrorResponse(error, requestWith({ 'accept-language': 'de' }).request);
    expect(german).toEqual({
      status: 422,
      body: { code: 'session.sign_in_method_not_enabled', message: 'Die Anmeldung mit Benutzername und Passwort ist nicht aktiviert.' },
    });
    expect(error.params).toEqual({ method: 'username + password' });
    const japanese = toErrorResponse(new ApiError(422, 'session.profile_exists', { field: 'username' }), requestWith({ 'accept-language': 'ja' }).request);
    expect(japanese.body.message).toBe('このアカウントには既にユーザー名が設定されています。');
    const english = toErrorResponse(new ApiError(422, 'session.sign_up_identifier_not_enabled', { identifier: 'phone' }), requestWith().request);
    expect(english.body.message).toBe('Registering with a phone number is not enabled.');
  });

  it('translates the machine values of coded details, and of a message told by its own code', () => {
    const unworkable = toErrorResponse(
      new ApiError(422, 'sign_in_experience.unworkable', { count: 1 }, [
        { path: 'signIn.methods', code: 'sign_in_experience.sign_up_identifier_not_in_sign_in', params: { identifier: 'username' } },
      ]),
      requestWith({ 'accept-language': 'de' }).request,
    );
    expect(unworkable.body.details).toEqual([
      {
        path: 'signIn.methods',
        code: 'sign_in_experience.sign_up_identifier_not_in_sign_in',
        message: 'Benutzer, die sich mit Benutzername registrieren, könnten sich nicht anmelden: Fügen Sie eine Anmeldemethode mit Benutzername hinzu.',
      },
    ]);
    const missing = [{ path: 'username', code: 'user.missing_profile_field' as const, params: { field: 'username' } }];
    const offered = toErrorResponse(
      new ApiError(422, 'user.missing_profile', { fields: 'username' }, missing, 'user.optional_profile_offered'),
      requestWith({ 'accept-language': 'ja' }).request,
    );
    expect(offered.body).toEqual({
      code: 'user.missing_profile',
      message: '続行する前にアカウント情報を追加できます（任意）: ユーザー名。',
      details: [{ path: 'username', code: 'user.missing_profile_field', message: '未入力: ユーザー名。' }],
    });
  });

  it('turns validation issues into field details with a summary', () => {
    const { request } = requestWith();
    const response = toErrorResponse(
      new RequestValidationError('body', [
        { code: 'too_small', minimum: 1, origin: 'string', inclusive: true, path: ['name'], input: '' },
      ] as never),
      request,
    );
    expect(response.status).toBe(400);
    expect(response.body.details?.[0]).toMatchObject({ path: 'body.name', code: 'too_small' });
    expect(response.body.message).toContain('body.name');
  });

  it('names the limit a text broke, in the detail and in words of the language', () => {
    const issues = [
      { code: 'too_big', maximum: 128, origin: 'string', inclusive: true, path: ['identifier'], input: 'x'.repeat(129) },
      { code: 'too_small', minimum: 8, origin: 'string', inclusive: true, path: ['password'], input: 'short' },
      { code: 'too_small', minimum: 1, origin: 'string', inclusive: true, path: ['name'], input: '' },
      { code: 'too_big', maximum: 20, origin: 'array', inclusive: true, path: ['list'], input: [] },
    ];
    const english = toErrorResponse(new RequestValidationError('body', issues as never), requestWith().request);
    expect(english.body.details).toEqual([
      { path: 'body.identifier', code: 'too_big', maximum: 128, message: 'Must be at most 128 characters.' },
      { path: 'body.password', code: 'too_small', minimum: 8, message: 'Must be at least 8 characters.' },
      { path: 'body.name', code: 'too_small', minimum: 1, message: 'Must not be empty.' },
      { path: 'body.list', code: 'too_big', maximum: 20, message: expect.stringContaining('20') },
    ]);
    const japanese = toErrorResponse(new RequestValidationError('body', issues as never), requestWith({ 'accept-language': 'ja' }).request);
    expect(japanese.body.details?.[0]).toEqual({ path: 'body.identifier', code: 'too_big', maximum: 128, message: '128 文字以内である必要があります。' });
    expect(japanese.body.details?.[1]?.message).toBe('8 文字以上である必要があります。');
  });

  it('maps Fastify body errors to stable codes', () => {
    const { request } = requestWith({ 'content-type': 'text/plain' });
    const media = toErrorResponse(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), request);
    expect(media).toMatchObject({ status: 415, body: { code: 'guard.unsupported_media_type' } });
    expect(media.body.message).toContain('text/plain');
    const large = toErrorResponse(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 }), request);
    expect(large).toMatchObject({ status: 413, body: { code: 'guard.body_too_large' } });
    expect(large.body.message).toContain('1024');
  });
});
