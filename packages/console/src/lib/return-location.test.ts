import { describe, expect, it } from 'vitest';

import {
  isSafeConsolePath,
  isSignUpRequested,
  saveReturnLocation,
  takeReturnLocation,
  toConsolePath,
} from './return-location.js';
import type { KeyValueStore } from './storage.js';

const memoryStore = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
};

const at = (url: string) => {
  const { pathname, search, hash } = new URL(url, 'http://localhost:3001');
  return { pathname, search, hash };
};

describe('toConsolePath', () => {
  it('keeps path, query and hash relative to the base', () => {
    expect(toConsolePath(at('/console/users?page=2&search=ann#top'), '/console')).toBe('/users?page=2&search=ann#top');
    expect(toConsolePath(at('/console'), '/console')).toBe('/');
    expect(toConsolePath(at('/console/'), '/console/')).toBe('/');
  });

  it('drops sign_up, which only starts the sign-in', () => {
    expect(toConsolePath(at('/console/applications?sign_up=1&page=3'), '/console')).toBe('/applications?page=3');
    expect(toConsolePath(at('/console?sign_up=true'), '/console')).toBe('/');
  });

  it('refuses locations outside the console', () => {
    expect(toConsolePath(at('/consoles/x'), '/console')).toBeUndefined();
    expect(toConsolePath(at('/sign-in'), '/console')).toBeUndefined();
  });
});

describe('isSafeConsolePath', () => {
  it('accepts console paths', () => {
    expect(isSafeConsolePath('/')).toBe(true);
    expect(isSafeConsolePath('/applications/abc/settings?x=1#y')).toBe(true);
    expect(isSafeConsolePath('/callbacks')).toBe(true);
  });

  it('refuses anything that could leave the console or loop', () => {
    expect(isSafeConsolePath('//evil.example/path')).toBe(false);
    expect(isSafeConsolePath('/\\evil.example')).toBe(false);
    expect(isSafeConsolePath('https://evil.example')).toBe(false);
    expect(isSafeConsolePath('applications')).toBe(false);
    expect(isSafeConsolePath('/callback')).toBe(false);
    expect(isSafeConsolePath('/callback?code=1')).toBe(false);
    expect(isSafeConsolePath(undefined)).toBe(false);
    expect(isSafeConsolePath(`/${'a'.repeat(3000)}`)).toBe(false);
  });
});

describe('save and take', () => {
  it('restores the saved location once', () => {
    const store = memoryStore();
    saveReturnLocation(store, 'k', at('/console/api-resources?search=orders#list'), '/console');
    expect(store.data.get('k')).toBe('/api-resources?search=orders#list');
    expect(takeReturnLocation(store, 'k')).toBe('/api-resources?search=orders#list');
    expect(takeReturnLocation(store, 'k')).toBe('/');
  });

  it('never stores the callback, and forgets an older location', () => {
    const store = memoryStore();
    saveReturnLocation(store, 'k', at('/console/users'), '/console');
    saveReturnLocation(store, 'k', at('/console/callback?code=x&state=y'), '/console');
    expect(store.data.has('k')).toBe(false);
  });

  it('answers / for a tampered value', () => {
    const store = memoryStore();
    store.setItem('k', '//evil.example');
    expect(takeReturnLocation(store, 'k')).toBe('/');
    expect(store.data.has('k')).toBe(false);
  });
});

describe('isSignUpRequested', () => {
  it('is true for truthy values', () => {
    expect(isSignUpRequested('?sign_up=1')).toBe(true);
    expect(isSignUpRequested('?sign_up=true')).toBe(true);
    expect(isSignUpRequested('?a=b&sign_up=yes')).toBe(true);
  });

  it('is false when absent or falsy', () => {
    expect(isSignUpRequested('')).toBe(false);
    expect(isSignUpRequested('?sign_up=')).toBe(false);
    expect(isSignUpRequested('?sign_up=0')).toBe(false);
    expect(isSignUpRequested('?sign_up=false')).toBe(false);
  });
});
