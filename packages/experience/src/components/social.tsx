import type { InteractionEvent } from '@gatehouse/schemas';
import { useState } from 'preact/hooks';

import { api } from '../lib/api.js';
import { type SocialSession, randomState, redirectTo, startFlow } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import { href } from '../lib/router.js';
import { localizedName } from '../lib/social.js';
import { sessionStore, storageKeys } from '../lib/storage.js';
import { useApp } from './app-context.js';
import { FormAlert, useAsyncAction, useFormErrors } from './form.js';

/**
 * "Continue with …" buttons. A click starts the flow, asks the server for the provider's
 * authorization URI, keeps what the callback page needs in session storage, and leaves for the
 * provider.
 */
export const SocialButtons = ({
  event,
  canStart = () => true,
  agreeToTerms,
}: {
  event: InteractionEvent;
  /** Checks the page's own conditions first (the terms checkbox); false stops here. */
  canStart?: () => boolean;
  agreeToTerms?: boolean | undefined;
}) => {
  const { config, language, dark } = useApp();
  const { busy, run } = useAsyncAction();
  const [active, setActive] = useState<string>();
  const { errors, fail, clear } = useFormErrors();

  if (config.socialConnectors.length === 0) {
    return null;
  }

  const start = (connectorId: string) => {
    if (busy || !canStart()) {
      return;
    }
    clear();
    setActive(connectorId);
    void run(async () => {
      await startFlow(event);
      const state = randomState();
      const redirectUri = `${window.location.origin}${href(`/callback/social/${encodeURIComponent(connectorId)}`)}`;
      const { verificationId, authorizationUri } = await api.socialAuthorizationUri(connectorId, state, redirectUri);
      const session: SocialSession = {
        connectorId,
        state,
        verificationId,
        event,
        ...(agreeToTerms && { agreeToTerms }),
      };
      sessionStore.set(storageKeys.social, session);
      await redirectTo(authorizationUri);
    }, fail);
  };

  return (
    <div class="social">
      <FormAlert message={errors.form} />
      {config.socialConnectors.map((connector) => {
        const name = localizedName(connector.name, language, connector.target);
        const isBusy = busy && active === connector.id;
        return (
          <button
            key={connector.id}
            type="button"
            class="button button-social"
            aria-busy={isBusy || undefined}
            aria-disabled={busy || undefined}
            onClick={() => start(connector.id)}
          >
            {isBusy ? (
              <span class="spinner" aria-hidden="true" />
            ) : (
              <img class="social-logo" src={(dark && connector.logoDark) || connector.logo} alt="" width={20} height={20} />
            )}
            <span>{t('social.continue_with', { name })}</span>
          </button>
        );
      })}
    </div>
  );
};

/** The "or" between a form and the social buttons. */
export const Divider = () => (
  <div class="divider" role="separator">
    <span>{t('sign_in.or')}</span>
  </div>
);
