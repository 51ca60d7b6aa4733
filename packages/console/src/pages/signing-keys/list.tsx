import { Alert, Badge, Button, Card, Group, Radio, Stack, Table, Text } from '@mantine/core';
import { signingKeyAlgorithms, type SigningKeyAlgorithm, type SigningKeyInfo } from '@gatehouse/schemas';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, segment } from '../../api/client.js';
import { useConsole } from '../../app-context.js';
import { CopyBox } from '../../components/copy-box.js';
import { confirm, confirmDelete } from '../../components/dialogs.js';
import { DeleteRowAction, ListTable } from '../../components/list.js';
import { PageHeader } from '../../components/page.js';
import { InlineError } from '../../components/query-state.js';
import { formatDateTime } from '../../lib/dates.js';

type KeyType = 'private-keys' | 'cookie-keys';

const keysQueryKey = (keyType: KeyType) => ['oidc-keys', keyType] as const;

/** The algorithm picker inside the rotate confirmation (the confirm dialog renders it, so it keeps its own state). */
const AlgorithmChoice = ({ initial, onChange }: { initial: SigningKeyAlgorithm; onChange: (value: SigningKeyAlgorithm) => void }) => {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  return (
    <Radio.Group
      value={value}
      onChange={(next) => {
        setValue(next as SigningKeyAlgorithm);
        onChange(next as SigningKeyAlgorithm);
      }}
      label={t('signing_keys.algorithm')}
    >
      <Stack gap="xs" mt="xs">
        {signingKeyAlgorithms.map((algorithm) => (
          <Radio key={algorithm} value={algorithm} label={algorithm} description={t(`signing_keys.algorithm_${algorithm}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
};

const KeySet = ({ keyType }: { keyType: KeyType }) => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { config } = useConsole();
  const isSigning = keyType === 'private-keys';
  const keys = useQuery({
    queryKey: keysQueryKey(keyType),
    queryFn: ({ signal }) => api.get<SigningKeyInfo[]>(`configs/oidc/${keyType}`, undefined, { signal }),
  });
  const rotate = useMutation({
    mutationFn: (algorithm: SigningKeyAlgorithm | undefined) =>
      api.post<SigningKeyInfo[]>(`configs/oidc/${keyType}/rotate`, algorithm ? { signingKeyAlgorithm: algorithm } : {}),
    onSuccess: (saved) => {
      queryClient.setQueryData(keysQueryKey(keyType), saved);
      notifications.show({ color: 'teal', message: t('signing_keys.rotated') });
    },
  });
  const remove = useMutation({
    mutationFn: (key: SigningKeyInfo) => api.delete(`configs/oidc/${keyType}/${segment(key.id)}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keysQueryKey(keyType) });
      notifications.show({ color: 'teal', message: t('signing_keys.deleted') });
    },
  });
  const items = keys.data ?? [];
  const currentAlgorithm = items.find((key) => key.status === 'current')?.signingKeyAlgorithm ?? 'ES256';

  const askRotate = async () => {
    let algorithm: SigningKeyAlgorithm = currentAlgorithm;
    const message = (
      <Stack>
        <Text size="sm">{isSigning ? t('signing_keys.rotate_message_private') : t('signing_keys.rotate_message_cookie')}</Text>
        {isSigning && <AlgorithmChoice initial={algorithm} onChange={(value) => (algorithm = value)} />}
      </Stack>
    );
    if (await confirm({ title: isSigning ? t('signing_keys.rotate_title_private') : t('signing_keys.rotate_title_cookie'), message, confirmLabel: t('signing_keys.rotate') })) {
      rotate.mutate(isSigning ? algorithm : undefined);
    }
  };
  const askDelete = async (key: SigningKeyInfo) => {
    if (
      await confirmDelete({
        title: t('signing_keys.delete_title'),
        message: isSigning ? t('signing_keys.delete_message_private', { id: key.id }) : t('signing_keys.delete_message_cookie', { id: key.id }),
      })
    ) {
      remove.mutate(key);
    }
  };
  const columns = [
    { title: t('signing_keys.key_id') },
    ...(isSigning ? [{ title: t('signing_keys.algorithm') }] : []),
    { title: t('signing_keys.status') },
    { title: t('field.created_at') },
    { width: 60 },
  ];

  return (
    <Card withBorder radius="md" padding="lg" data-testid={`keys-${keyType}`}>
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Text fw={600} size="lg">
              {isSigning ? t('signing_keys.private_title') : t('signing_keys.cookie_title')}
            </Text>
            <Text size="sm" c="dimmed" maw={640}>
              {isSigning ? t('signing_keys.private_description') : t('signing_keys.cookie_description')}
            </Text>
            {isSigning && (
              <Group gap="xs" mt={6} wrap="nowrap">
                <Text size="sm" c="dimmed">
                  {t('signing_keys.jwks_uri')}
                </Text>
                <CopyBox value={`${config.tenantEndpoint}/oidc/jwks`} />
              </Group>
            )}
          </div>
          <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void askRotate()} loading={rotate.isPending} disabled={!keys.data}>
            {isSigning ? t('signing_keys.rotate_private') : t('signing_keys.rotate_cookie')}
          </Button>
        </Group>
        {keys.error ? (
          <InlineError error={keys.error} onRetry={() => void keys.refetch()} />
        ) : (
          <ListTable columns={columns} minWidth={560} loading={keys.isPending} empty={items.length === 0}>
            {items.map((key) => (
              <Table.Tr key={key.id}>
                <Table.Td>
                  <Text size="sm" ff="monospace" dir="ltr">
                    {key.id}
                  </Text>
                </Table.Td>
                {isSigning && (
                  <Table.Td>
                    <Text size="sm">{key.signingKeyAlgorithm ?? '—'}</Text>
                  </Table.Td>
                )}
                <Table.Td>
                  {key.status === 'current' ? (
                    <Badge color="teal" variant="light">
                      {t('signing_keys.status_current')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light">
                      {t('signing_keys.status_previous')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(key.createdAt, i18n.language)}</Text>
                </Table.Td>
                <Table.Td>
                  {key.status === 'previous' && (
                    <DeleteRowAction
                      tooltip={t('signing_keys.delete_title')}
                      label={t('signing_keys.delete_key', { id: key.id })}
                      onClick={() => void askDelete(key)}
                      loading={remove.isPending && remove.variables?.id === key.id}
                    />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </Stack>
    </Card>
  );
};

/** `signing-keys`: token signing keys and cookie keys, rotation and removal of previous keys. */
export const Component = () => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('signing_keys.title')} description={t('signing_keys.description')} />
      <Alert icon={<IconInfoCircle size={18} />} mb="lg" title={t('signing_keys.current_vs_previous_title')}>
        {t('signing_keys.current_vs_previous')}
      </Alert>
      <Stack gap="lg">
        <KeySet keyType="private-keys" />
        <KeySet keyType="cookie-keys" />
      </Stack>
    </>
  );
};
