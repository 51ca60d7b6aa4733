import { describe, expect, it } from 'vitest';

import { isSecretConfigKey } from './connectors.js';

describe('isSecretConfigKey', () => {
  it('masks credentials', () => {
    for (const key of ['clientSecret', 'secretKey', 'pass', 'password', 'privateKey', 'apiKey', 'api_key', 'authToken', 'accessToken', 'authorization', 'Authorization']) {
      expect(isSecretConfigKey(key), key).toBe(true);
    }
  });

  it('leaves endpoints and settings that only mention tokens or authorization in clear', () => {
    for (const key of ['tokenEndpoint', 'authorizationEndpoint', 'tokenEndpointAuthMethod', 'idTokenSignedResponseAlg', 'passive', 'user', 'host', 'keyId']) {
      expect(isSecretConfigKey(key), key).toBe(false);
    }
  });
});
