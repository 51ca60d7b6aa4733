import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { api } from '../../api/client.js';
import { CopyBox } from '../../components/copy-box.js';
import { confirm } from '../../components/dialogs.js';
import { DeleteSection, FormSection } from '../../components/form.js';
import { JsonBlock } from '../../components/json-block.js';
import { BackLink, DocumentTitle } from '../../components/page.js';
import { DetailState } from '../../components/query-state.js';
import { ConsoleError } from '../../lib/errors.js';
import { userDisplayName } from './display-name.js';
import { userQueryKey } from './query-keys.js';

/** `users/{userId}/social-identities/{target}`: one social identity of a user, and its removal. */
export const Component = () => {
  const { t } = useTranslation();
  const { userId = '', target = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userPath = `users/${encodeURIComponent(userId)}`;
  const back = `/users/${encodeURIComponent(userId)}/settings`;
  const user = useQuery({
    queryKey: userQueryKey(userId),
    queryFn: ({ signal }) => api.get<User>(userPath, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`${userPath}/identities/${encodeURIComponent(target)}`),
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: t('identities.removed', { target }) });
      await queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
      navigate(back, { replace: true });
    },
  });
  const identity = user.data?.identities[target];
  if (!user.data || !identity) {
    return (
      <>
        <BackLink to={back}>{t('identities.back')}</BackLink>
        <DetailState
          error={user.data ? new ConsoleError({ kind: 'http', status: 404 }) : user.error}
          onRetry={() => void user.refetch()}
          backTo={back}
        />
      </>
    );
  }
  const name = userDisplayName(user.data);
  const askRemove = async () => {
    if (
      await confirm({
        title: t('identities.remove_title'),
        message: t('identities.remove_message', { target, name }),
        confirmLabel: t('general.remove'),
        danger: true,
      })
    ) {
      remove.mutate();
    }
  };

  return (
    <>
      <DocumentTitle title={`${target} · ${name}`} />
      <BackLink to={back}>{t('identities.back')}</BackLink>
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="md" variant="light">
            <IconLink size={26} />
          </ThemeIcon>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} size="h2" ff="monospace" dir="ltr" style={{ wordBreak: 'break-word' }}>
              {target}
            </Title>
            <Text size="sm" c="dimmed">
              {t('identities.of_user', { name })}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {t('identities.user_id')}
              </Text>
              <CopyBox value={identity.userId} />
            </Group>
          </Stack>
        </Group>
      </Card>
      <Stack>
        <FormSection title={t('identities.details')} description={t('identities.details_description')}>
          <JsonBlock value={identity.details ?? {}} />
        </FormSection>
        <DeleteSection
          title={t('identities.remove_title')}
          description={t('identities.remove_description')}
          actionLabel={t('general.remove')}
          onDelete={() => void askRemove()}
          deleting={remove.isPending}
        />
      </Stack>
    </>
  );
};
