import { managementApiIndicator } from '@gatehouse/schemas';
import { expect } from 'vitest';

import { createExperienceClient } from './experience-client.js';
import type { TestServer } from './test-server.js';

/** Signs in to the admin tenant as the console does (public client, PKCE, management resource). */
export const signInAsConsoleUser = async (server: TestServer, username: string, password: string) => {
  const browser = await createExperienceClient(`${server.endpoint}/t/admin`, { id: 'admin-console', redirectUri: `${server.endpoint}/console/callback` });
  await browser.authorize({ scope: 'openid profile offline_access all', resource: managementApiIndicator('default'), prompt: 'login' });
  await browser.api('PUT', '', { interactionEvent: 'SignIn' });
  const verified = await browser.api('POST', '/verification/password', { identifier: { type: 'username', value: username }, password });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  await browser.api('POST', '/identification', { verificationId: verified.body.verificationId });
  const submitted = await browser.api('POST', '/submit', {});
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return browser.exchange(await browser.follow(submitted.body.redirectTo));
};
