import type { FastifyBaseLogger } from 'fastify';
import type { Provider } from 'oidc-provider';

import type { EndedSignIn } from '../modules/users/users.service.js';

/** oidc-provider's own sender (a signed logout token POSTed to the app); its types leave it out. */
type LoggingOutClient = { backchannelLogoutUri?: string; backchannelLogout: (sub: string, sid: string) => Promise<void> };

/**
 * Tells each app that has a back-channel logout URI that the user's session with it ended, as
 * oidc-provider does when the user signs out: sessions ended by an administrator (sign out
 * everywhere, suspension, deletion) or by a password reset end in the apps too. Sent after the
 * change committed; an app that cannot be reached is logged and does not undo it.
 */
export const sendBackchannelLogouts = async (provider: Provider, ended: EndedSignIn[], log: FastifyBaseLogger) => {
  await Promise.all(
    ended.map(async ({ userId, clientId, sid }) => {
      const client = (await provider.Client.find(clientId)) as unknown as LoggingOutClient | undefined;
      if (!client?.backchannelLogoutUri) {
        return;
      }
      try {
        await client.backchannelLogout(userId, sid);
      } catch (error) {
        log.warn({ err: error, clientId }, 'back-channel logout failed');
      }
    }),
  );
};
