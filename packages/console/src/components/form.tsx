import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const FormSection = ({ title, description, children }: { title: ReactNode; description?: ReactNode; children: ReactNode }) => (
  <Card withBorder padding="lg" radius="md">
    <Stack gap="md">
      <div>
        <Title order={4}>{title}</Title>
        {description && (
          <Text size="sm" c="dimmed" mt={4}>
            {description}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  </Card>
);

export const FormError = ({ message }: { message: string | undefined }) =>
  message ? (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" style={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  ) : null;

/** Save and discard for a settings form; sticks to the bottom of the window while changes are unsaved. */
export const FormFooter = ({ dirty, submitting, onDiscard }: { dirty: boolean; submitting: boolean; onDiscard: () => void }) => {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      padding="sm"
      radius="md"
      style={{ position: 'sticky', bottom: 'var(--mantine-spacing-md)', zIndex: 5, boxShadow: dirty ? 'var(--mantine-shadow-md)' : undefined }}
    >
      <Group justify="flex-end">
        <Button variant="default" onClick={onDiscard} disabled={!dirty || submitting}>
          {t('general.discard')}
        </Button>
        <Button type="submit" loading={submitting} disabled={!dirty}>
          {t('general.save_changes')}
        </Button>
      </Group>
    </Card>
  );
};
