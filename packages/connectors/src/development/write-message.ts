import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { ConnectorError } from '../kit/errors.js';
import { type TemplateType } from '../kit/types.js';

export type WrittenMessage = {
  to: string;
  type: TemplateType;
  locale: string;
  payload: Record<string, string>;
  subject?: string;
  content: string;
};

/** Without a template, the payload itself is the readable content. */
export const describePayload = (payload: Record<string, string>) =>
  Object.entries(payload)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');

/** Writes one message as `<timestamp>-<random>.json`; the rename means readers never see a partial file. */
export const writeMessage = async (directory: string, message: WrittenMessage): Promise<string> => {
  const name = `${Date.now()}-${randomBytes(6).toString('hex')}.json`;
  const path = join(directory, name);
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(`${path}.tmp`, `${JSON.stringify(message, null, 2)}\n`, { flag: 'wx' });
    await rename(`${path}.tmp`, path);
  } catch (error) {
    throw new ConnectorError(
      'general',
      `Could not write the message to ${directory} (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}).`,
      { directory },
      { cause: error },
    );
  }
  return path;
};
