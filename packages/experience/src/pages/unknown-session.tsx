import { useApp } from '../components/app-context.js';
import { Trans } from '../components/form.js';
import { Page } from '../components/page.js';
import { t } from '../lib/i18n.js';

/** No live sign-in (expired, used, or opened directly): nothing to do here but go back to the app (linked when known). */
export default function UnknownSessionPage() {
  const { config } = useApp();
  const { supportEmail, supportWebsiteUrl, lastApplication } = config;
  return (
    <Page title={t('unknown_session.title')} contentKey="/unknown-session">
      <p>{t('unknown_session.description')}</p>
      {lastApplication && (
        <p>
          <a class="button button-primary" href={lastApplication.url}>
            {t('unknown_session.back_to_app', { app: lastApplication.name })}
          </a>
        </p>
      )}
      {supportEmail && (
        <p>
          <Trans phrase="support.email" nodes={{ email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a> }} />
        </p>
      )}
      {supportWebsiteUrl && (
        <p>
          <a href={supportWebsiteUrl} target="_blank" rel="noopener noreferrer">
            {t('support.website')}
          </a>
        </p>
      )}
    </Page>
  );
}
