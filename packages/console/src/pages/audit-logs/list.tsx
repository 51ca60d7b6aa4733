import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/page.js';
import { LogList } from './log-list.js';

/** The tenant's audit log: filters by event, application and user; each entry opens its detail. */
export const Component = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('audit_logs.title')} description={t('audit_logs.description')} />
      <LogList detailPath={(log) => `/audit-logs/${log.id}`} />
    </>
  );
};
