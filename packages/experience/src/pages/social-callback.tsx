import { useEffect, useRef, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { Button, FormAlert, PageLink, useAsyncAction, useFormErrors } from '../components/form.js';
import { Page } from '../components/page.js';
import { Terms } from '../components/terms.js';
import { api, isApiError } from '../lib/api.js';
import { type SocialSession, submitInteraction } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import { sessionStore, storageKeys } from '../lib/storage.js';
import { agreeToTermsFor, termsDisplay } from '../lib/terms.js';

/**
 * Back from the social provider: check `state`, verify the provider's answer, identify. An unknown
 * account signs up instead when registration is allowed (switch to Register, identify again).
 * Then submit.
 */
export default function SocialCallbackPage({ connectorId = '' }: { connectorId?: string }) {
  const { config } = useApp();
  const { busy, run } = useAsyncAction();
  const { errors, setErrors, fail } = useFormErrors({ terms: 'terms' });
  const [session] = useState(() => sessionStore.get<SocialSession>(storageKeys.social));
  const [needsTerms, setNeedsTerms] = useState(false);
  const [agreed, setAgreed] = useState(false);
  const started = useRef(false);
  const termsForm = useRef<HTMLFormElement>(null);
  // The terms appear after the provider's answer (a submit asked for them): they take the focus then.
  useEffect(() => {
    if (needsTerms) {
      termsForm.current?.querySelector<HTMLElement>('input[type="checkbox"]')?.focus();
    }
  }, [needsTerms]);
  const terms = termsDisplay(config, 'register') === 'none' ? 'none' : 'checkbox';

  const submit = async (agreeToTerms: boolean | undefined) => {
    try {
      await submitInteraction(agreeToTerms);
    } catch (error) {
      // Signing up through a provider can need the terms the sign-in page did not ask for.
      if (isApiError(error, 'session.terms_not_agreed')) {
        setNeedsTerms(true);
      }
      throw error;
    }
  };

  useEffect(() => {
    if (started.current) {
      return;
    }
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const connectorData: Record<string, string> = {};
    query.forEach((value, key) => {
      connectorData[key] = value;
    });
    if (!session || session.connectorId !== connectorId || !query.get('state') || query.get('state') !== session.state) {
      setErrors({ form: t('social.state_mismatch'), fields: {} });
      return;
    }
    // The verification can be used once: a reload must not replay it.
    sessionStore.set(storageKeys.social, undefined);
    void run(async () => {
      await api.verifySocial(connectorId, session.verificationId, connectorData);
      try {
        await api.identify({ verificationId: session.verificationId });
      } catch (error) {
        if (!isApiError(error, 'user.identity_not_exist') || config.signInMode === 'SignIn' || session.event === 'Register') {
          throw error;
        }
        await api.switchEvent('Register');
        await api.identify({ verificationId: session.verificationId });
      }
      await submit(session.agreeToTerms);
    }, fail);
  }, []);

  if (needsTerms && terms === 'checkbox') {
    return (
      <Page title={t('social.terms_title')}>
        <form
          ref={termsForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!agreed) {
              setErrors({ fields: { terms: [t('errors.agree_terms')] } });
              return;
            }
            void run(() => submit(agreeToTermsFor('checkbox', agreed)), fail);
          }}
        >
          <Terms display="checkbox" checked={agreed} onChange={setAgreed} errors={errors.fields.terms} />
          <Button busy={busy}>{t('action.continue')}</Button>
        </form>
      </Page>
    );
  }

  const failed = Boolean(errors.form) || Object.keys(errors.fields).length > 0;
  return (
    <Page title={failed ? t('social.failed_title') : t('social.signing_in')}>
      {!failed && (
        <p class="description" role="status">
          <span class="spinner" aria-hidden="true" /> {t('app.loading')}
        </p>
      )}
      <FormAlert message={errors.form ?? Object.values(errors.fields).flat()[0]} />
      {failed && (
        <p class="switch-page">
          <PageLink to={config.signInMode === 'Register' ? '/register' : '/sign-in'}>{t('action.back_to_sign_in')}</PageLink>
        </p>
      )}
    </Page>
  );
}
