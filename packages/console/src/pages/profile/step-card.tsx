import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { BackLink, DocumentTitle } from '../../components/page.js';

/** The frame of one step of the profile flows (password, email): back to the profile, a title, the form. */
export const StepCard = ({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <Stack maw={480}>
      <DocumentTitle title={title} />
      <BackLink to="/profile">{t('profile.title')}</BackLink>
      <Card withBorder radius="md" padding="lg">
        <Stack>
          <div>
            <Title order={1} size="h3">
              {title}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {description}
            </Text>
          </div>
          {children}
        </Stack>
      </Card>
    </Stack>
  );
};
