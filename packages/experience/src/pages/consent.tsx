import type { ConsentInfo } from '@gatehouse/schemas';
import { useEffect, useState } from 'preact/hooks';

import { useApp } from '../components/app-context.js';
import { Button, FormAlert, useAsyncAction, useAutoFocus, useFormErrors } from '../components/form.js';
import { Page } from '../components/page.js';
import { SignedInUser } from '../components/signed-in-user.js';
import { api } from '../lib/api.js';
import { redirectTo } from '../lib/flow.js';
import { t } from '../lib/i18n.js';
import type { PhraseKey } from '../locales/en.js';

/** Plain-language text for the OIDC scopes a user can grant. */
const scopePhrases: Record<string, PhraseKey> = {
  openid: 'scope.openid',
  profile: 'scope.profile',
  email: 'scope.email',
  phone: 'scope.phone',
  address: 'scope.address',
  offline_access: 'scope.offline_access',
  custom_data: 'scope.custom_data',
  identities: 'scope.identities',
  roles: 'scope.roles',
  organizations: 'scope.organizations',
  organization_roles: 'scope.organization_roles',
};

const scopeText = (scope: { name: string; description: string | null }) =>
  scopePhrases[scope.name] ? t(scopePhrases[scope.name]!) : scope.description || scope.name;

type Decision = 'authorize' | 'cancel' | 'switch';

/** Each button's call, for the interaction the page was shown for (another tab may have started one since). */
const decisionCalls = { authorize: api.grantConsent, cancel: api.cancel, switch: api.switchAccount } satisfies Record<Decision, unknown>;

/**
 * Consent: what the app asks for (user claims, API permissions per API), who is signed in, and
 * Authorize (`POST /consent`), Cancel (`DELETE /`, the app receives access_denied) or another account
 * (`POST /consent/switch-account`, the app's request again with a sign-in).
 */
export default function ConsentPage() {
  const { config, dark } = useApp();
  const [info, setInfo] = useState<ConsentInfo>();
  const [choice, setChoice] = useState<Decision>();
  const { busy, run } = useAsyncAction();
  const { errors, fail } = useFormErrors();
  // Once the details are shown, the heading takes the focus (not Authorize: Enter must not grant by mistake).
  const headingRef = useAutoFocus<HTMLHeadingElement>(Boolean(info), Boolean(info));

  useEffect(() => {
    void run(async () => setInfo(await api.consent()), fail);
  }, []);

  const appName = info?.application.name ?? config.interaction?.application.name ?? '';
  const decide = (decision: Decision) => {
    setChoice(decision);
    void run(async () => {
      const { redirectTo: url } = await decisionCalls[decision](info!.interactionId);
      await redirectTo(url);
    }, fail);
  };

  if (!info) {
    return (
      <Page title={t('consent.title', { app: appName })}>
        <FormAlert message={errors.form} />
        {busy && <p class="description">{t('app.loading')}</p>}
      </Page>
    );
  }

  const { application, user } = info;
  const logo = (dark && application.darkLogoUri) || application.logoUri;
  const userScopes = info.missingScopes.filter((scope) => scope.name !== 'openid');

  return (
    <Page title={t('consent.title', { app: application.name })} contentKey="/consent" headingRef={headingRef}>
      {logo && <img class="consent-app-logo" src={logo} alt="" width={48} height={48} />}
      <SignedInUser user={user} />
      <div class="consent-switch">
        <Button type="button" variant="link" busy={busy && choice === 'switch'} onClick={() => decide('switch')}>
          {t('consent.switch_account')}
        </Button>
      </div>
      {(userScopes.length > 0 || info.missingResourceScopes.length > 0) && (
        <p>{t('consent.requests', { app: application.name })}</p>
      )}
      {userScopes.length > 0 && (
        <section class="scope-group" aria-labelledby="scopes-user">
          <h2 id="scopes-user">{t('consent.user_data')}</h2>
          <ul>
            {userScopes.map((scope) => (
              <li key={scope.name}>{scopeText(scope)}</li>
            ))}
          </ul>
        </section>
      )}
      {info.missingResourceScopes.map((resource, index) => (
        <section key={resource.indicator} class="scope-group" aria-labelledby={`scopes-api-${index}`}>
          <h2 id={`scopes-api-${index}`}>{t('consent.api_permissions', { api: resource.name || resource.indicator })}</h2>
          <ul>
            {resource.scopes.map((scope) => (
              <li key={scope.name}>
                <span class="scope-name">{scope.name}</span>
                {scope.description && <span class="scope-description">{scope.description}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <FormAlert message={errors.form} />
      <div class="consent-actions">
        <Button type="button" busy={busy && choice === 'authorize'} onClick={() => decide('authorize')}>
          {t('consent.authorize')}
        </Button>
        <Button type="button" variant="secondary" busy={busy && choice === 'cancel'} onClick={() => decide('cancel')}>
          {t('consent.cancel')}
        </Button>
      </div>
      {(application.termsOfUseUrl || application.privacyPolicyUrl) && (
        <p class="consent-app-links">
          {application.termsOfUseUrl && (
            <a href={application.termsOfUseUrl} target="_blank" rel="noopener noreferrer">
              {t('consent.app_terms', { app: application.name })}
            </a>
          )}
          {application.privacyPolicyUrl && (
            <a href={application.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
              {t('consent.app_privacy', { app: application.name })}
            </a>
          )}
        </p>
      )}
    </Page>
  );
}
