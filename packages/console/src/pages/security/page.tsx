import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageHeader, RouteTabs } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { isSecurityTab } from '../../lib/security.js';
import { BlocklistTab } from './blocklist.js';
import { CaptchaTab } from './captcha.js';
import { GeneralTab } from './general.js';
import { PasswordPolicyTab } from './password-policy.js';
import { useSignInExperience } from './queries.js';

/** `security/{tab}`: password policy, email blocklist, captcha and lockout (parts of the sign-in experience). */
export const Component = () => {
  const { t } = useTranslation();
  const { tab } = useParams();
  const experience = useSignInExperience();
  if (!isSecurityTab(tab)) {
    return <PageNotFound />;
  }
  const tabs = [
    { value: 'password-policy', label: t('security.tab_password_policy') },
    { value: 'blocklist', label: t('security.tab_blocklist') },
    { value: 'captcha', label: t('security.tab_captcha') },
    { value: 'general', label: t('security.tab_general') },
  ];
  return (
    <>
      <PageHeader title={t('security.title')} description={t('security.description')} />
      <RouteTabs tabs={tabs} active={tab} basePath="/security" />
      {experience.data ? (
        <>
          {tab === 'password-policy' && <PasswordPolicyTab key={JSON.stringify(experience.data.passwordPolicy)} experience={experience.data} />}
          {tab === 'blocklist' && <BlocklistTab experience={experience.data} />}
          {tab === 'captcha' && <CaptchaTab experience={experience.data} />}
          {tab === 'general' && <GeneralTab experience={experience.data} />}
        </>
      ) : (
        <DetailState error={experience.error} onRetry={() => void experience.refetch()} backTo="/security" />
      )}
    </>
  );
};
