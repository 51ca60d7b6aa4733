import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../kit/parse-config.js';
import { captureConnectorError } from '../test-utils/capture-error.js';
import { devEmailConnector } from './dev-email.js';
import { devSmsConnector } from './dev-sms.js';

const readAll = async (directory: string) => {
  const names = (await readdir(directory)).sort();
  return Promise.all(
    names.map(async (name) => ({ name, message: JSON.parse(await readFile(join(directory, name), 'utf8')) as unknown })),
  );
};

describe('development connectors', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'gatehouse-dev-connectors-'));
  });
  afterAll(async () => rm(root, { recursive: true, force: true }));

  it('dev-email writes one JSON file per message into a new directory', async () => {
    const directory = join(root, 'mail', 'nested');
    const config = parseConfig(devEmailConnector, { directory });
    await devEmailConnector.sendMessage(config, {
      to: 'alice@example.com',
      type: 'SignIn',
      locale: 'en',
      payload: { code: '123456' },
      template: { subject: 'Code {{code}}', content: '<b>{{code}}</b>', contentType: 'text/html' },
    });
    await devEmailConnector.sendMessage(config, {
      to: 'bob@example.com',
      type: 'Register',
      locale: 'fr',
      payload: { code: '654321', link: 'https://app.example.com/verify' },
    });

    const files = await readAll(directory);
    expect(files).toHaveLength(2);
    for (const { name } of files) {
      expect(name).toMatch(/^\d{13}-[\da-f]{12}\.json$/);
    }
    expect(files.map(({ message }) => message)).toEqual(
      expect.arrayContaining([
        {
          to: 'alice@example.com',
          type: 'SignIn',
          locale: 'en',
          payload: { code: '123456' },
          subject: 'Code 123456',
          content: '<b>123456</b>',
        },
        {
          to: 'bob@example.com',
          type: 'Register',
          locale: 'fr',
          payload: { code: '654321', link: 'https://app.example.com/verify' },
          content: 'code: 654321\nlink: https://app.example.com/verify',
        },
      ]),
    );
  });

  it('dev-sms writes the message with its payload', async () => {
    const directory = join(root, 'sms');
    await devSmsConnector.sendMessage(parseConfig(devSmsConnector, { directory }), {
      to: '+4915112345678',
      type: 'ForgotPassword',
      locale: 'de',
      payload: { code: '000111' },
    });

    const [file] = await readAll(directory);
    expect(file?.message).toEqual({
      to: '+4915112345678',
      type: 'ForgotPassword',
      locale: 'de',
      payload: { code: '000111' },
      content: 'code: 000111',
    });
  });

  it('needs an absolute directory', () => {
    expect(() => parseConfig(devSmsConnector, { directory: 'relative/dir' })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });

  it('reports a directory it cannot write to', async () => {
    const blocker = join(root, 'a-file');
    await writeFile(blocker, '');
    const error = await captureConnectorError(
      devSmsConnector.sendMessage({ directory: join(blocker, 'sub') }, { to: '1', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('general');
    expect(error.message).toMatch(/ENOTDIR/);
  });
});
