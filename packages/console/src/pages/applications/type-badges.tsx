import { Badge } from '@mantine/core';
import type { Application } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

/** The application's type, and whether it is a third-party app. */
export const ApplicationTypeBadges = ({ application }: { application: Application }) => {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light">{t(`application_type.${application.type}.title`)}</Badge>
      {application.isThirdParty && (
        <Badge variant="outline" color="gray">
          {t('applications.third_party')}
        </Badge>
      )}
    </>
  );
};
