import { Grid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { BackLink, PageHeader } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { captchaGuides, captchaProviderNames, isCaptchaGuideId } from '../../lib/security.js';
import { CaptchaGuideSteps, CaptchaProviderForm } from './captcha.js';

/** `security/captcha/guide/{guideId}`: how to get a provider's keys, beside the form that saves them. */
export const Component = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { guideId } = useParams();
  if (!isCaptchaGuideId(guideId)) {
    return <PageNotFound />;
  }
  const type = captchaGuides[guideId];
  return (
    <>
      <BackLink to="/security/captcha">{t('security.captcha.back')}</BackLink>
      <PageHeader title={captchaProviderNames[type]} description={t('security.captcha.guide_description')} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CaptchaGuideSteps type={type} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <CaptchaProviderForm type={type} onSaved={() => navigate('/security/captcha/details', { replace: true })} />
        </Grid.Col>
      </Grid>
    </>
  );
};
