import { Badge } from '@mantine/core';
import type { RoleType } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';

export const RoleTypeBadge = ({ type }: { type: RoleType }) => {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={type === 'User' ? 'blue' : 'grape'}>
      {t(`roles.type_${type}`)}
    </Badge>
  );
};
