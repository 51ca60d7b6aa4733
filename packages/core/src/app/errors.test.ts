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
