import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const PageNotFound = () => {
  const { t } = useTranslation();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="xs">
        <IconMapQuestion size={48} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Title order={1} size="h2">
          {t('not_found.title')}
        </Title>
        <Text c="dimmed">{t('not_found.description')}</Text>
        <Button component={Link} to="/" mt="md" variant="light">
          {t('not_found.back')}
        </Button>
      </Stack>
    </Center>
  );
};
