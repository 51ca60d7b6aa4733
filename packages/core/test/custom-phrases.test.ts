import { experiencePhraseKeys } from '@gatehouse/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestServer, type TestServer } from './setup/test-server.js';

/** Custom phrases override the hosted pages' phrases by key: a key the pages do not have is a typo. */
let server: TestServer;
let admin: Awaited<ReturnType<TestServer['api']>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.api();
});
afterAll(async () => {
  await server?.close();
});

describe('PUT /api/custom-phrases/:languageTag', () => {
  it('refuses keys the sign-in pages have no phrase for, naming each one in the caller’s language', async () => {
    const response = await admin.put('/custom-phrases/de', { 'sign_in.submit': 'Los', 'sign_in.titel': 'Anmelden', nope: 'x' }, { 'accept-language': 'de' });
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body).toEqual({
      code: 'custom_phrase.unknown_keys',
      message: 'Einige Schlüssel sind keine Texte der Anmeldeseiten und würden nichts ändern: sign_in.titel, nope.',
      details: [
        { path: 'body.sign_in.titel', code: 'custom_phrase.unknown_key', message: 'Die Anmeldeseiten haben keinen Text "sign_in.titel".' },
        { path: 'body.nope', code: 'custom_phrase.unknown_key', message: 'Die Anmeldeseiten haben keinen Text "nope".' },
      ],
    });
    // Nothing was saved, not even the known key.
    expect((await admin.get('/custom-phrases/de')).status).toBe(404);

    const english = await admin.put('/custom-phrases/fr', { 'Sign_in.submit': 'Entrer' });
    expect(english.status).toBe(422);
    expect(english.body.details).toEqual([
      { path: 'body.Sign_in.submit', code: 'custom_phrase.unknown_key', message: 'The sign-in pages have no phrase "Sign_in.submit".' },
    ]);
  });

  it('names at most ten keys in the message and every one in the details', async () => {
    const translation = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`unknown.key_${index}`, 'x']));
    const response = await admin.put('/custom-phrases/it', translation);
    expect(response.status).toBe(422);
    expect(response.body.details).toHaveLength(12);
    expect(response.body.message).toContain('unknown.key_9, …');
    expect(response.body.message).not.toContain('unknown.key_10');
  });

  it('accepts every phrase key of the pages, and an empty set', async () => {
    const all = Object.fromEntries(experiencePhraseKeys.map((key) => [key, `custom ${key}`]));
    const saved = await admin.put('/custom-phrases/ja', all);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Object.keys(saved.body.translation)).toHaveLength(experiencePhraseKeys.length);
    expect((await admin.get('/custom-phrases/ja')).body.translation['sign_in.submit']).toBe('custom sign_in.submit');
    expect((await admin.put('/custom-phrases/ja', {})).status).toBe(200);
  });
});
