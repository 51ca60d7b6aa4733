import { describe, expect, it } from 'vitest';

import { decodeJwtPayload, tokenScopes } from './jwt.js';
import { decideScopeSync, scopeRestartWindowMs, shouldRestartForScopes } from './scope-sync.js';

const base64Url = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown) => `${base64Url({ alg: 'ES256', typ: 'at+jwt' })}.${base64Url(payload)}.signature`;

describe('decideScopeSync', () => {
  it('is in sync when the token holds exactly what the server grants', () => {
    expect(decideScopeSync(['all'], ['all'])).toBe('in-sync');
    expect(decideScopeSync([], [])).toBe('in-sync');
    expect(decideScopeSync(['a', 'b'], ['b', 'a'])).toBe('in-sync');
  });

  it('signs in again (with consent) when the token lacks a granted scope', () => {
    expect(decideScopeSync(['all'], [])).toBe('sign-in-again');
    expect(decideScopeSync(['a', 'b'], ['a'])).toBe('sign-in-again');
    // Missing wins over extra: clearing everything also drops the extra scope.
    expect(decideScopeSync(['a', 'b'], ['a', 'c'])).toBe('sign-in-again');
  });

  it('refreshes the access token when it holds a scope the server no longer grants', () => {
    expect(decideScopeSync(['all'], ['all', 'read:users'])).toBe('refresh-access-token');
    expect(decideScopeSync([], ['x'])).toBe('refresh-access-token');
  });
});

describe('shouldRestartForScopes', () => {
  it('restarts the first time, not again right after', () => {
    expect(shouldRestartForScopes(undefined, 1000)).toBe(true);
    expect(shouldRestartForScopes(1000, 2000)).toBe(false);
    expect(shouldRestartForScopes(1000, 1000 + scopeRestartWindowMs + 1)).toBe(true);
    expect(shouldRestartForScopes(Number.NaN, 1000)).toBe(true);
  });
});

describe('tokenScopes', () => {
  it('reads the scope claim of a JWT', () => {
    expect(tokenScopes(jwt({ scope: 'all', aud: 'https://default.gatehouse.app/api' }))).toEqual(['all']);
    expect(tokenScopes(jwt({ scope: 'read:users  write:users' }))).toEqual(['read:users', 'write:users']);
  });

  it('answers [] without a scope claim or a JWT', () => {
    expect(tokenScopes(jwt({ sub: 'u1' }))).toEqual([]);
    expect(tokenScopes('opaque-token')).toEqual([]);
    expect(tokenScopes(undefined)).toEqual([]);
    expect(tokenScopes('a.!!!.c')).toEqual([]);
  });

  it('decodes UTF-8 claims', () => {
    expect(decodeJwtPayload(jwt({ name: 'Zoë 张' }))).toEqual({ name: 'Zoë 张' });
  });
});
