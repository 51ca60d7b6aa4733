import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { GatehouseConfig } from '../config.js';
import { deriveKey } from '../crypto/secret-box.js';

/**
 * The key-encryption key: SECRET_KEY when set; on the embedded database, a key generated into
 * DATA_DIR on first start. With DATABASE_URL it must be set, so that every process shares it.
 */
export const resolveSecretKey = (config: GatehouseConfig): Buffer => {
  if (config.secretKey) {
    return deriveKey(config.secretKey);
  }
  if (config.databaseUrl) {
    throw new Error(
      'SECRET_KEY is required with DATABASE_URL: every process must share it to read encrypted secrets. ' +
        'Generate one with: node -e "console.log(crypto.randomBytes(32).toString(\'base64url\'))"',
    );
  }
  const file = path.join(config.dataDir, 'secret.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return deriveKey(readFileSync(file, 'utf8').trim());
};
