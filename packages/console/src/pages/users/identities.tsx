import { Table, Text } from '@mantine/core';
import type { User } from '@gatehouse/schemas';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FormSection } from '../../components/form.js';
import { ClickableRow } from '../../components/list.js';
import { useUserWithSsoIdentities } from './sso-identities.js';

/** The user's social identities, each opening its detail (`users/{id}/social-identities/{target}`). */
export const SocialIdentities = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const identities = Object.entries(user.identities ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <FormSection title={t('identities.title')} description={t('identities.description')}>
      {identities.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('identities.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('identities.target')}</Table.Th>
                <Table.Th>{t('identities.user_id')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {identities.map(([target, identity]) => (
                <ClickableRow
                  key={target}
                  onOpen={() => navigate(`/users/${encodeURIComponent(user.id)}/social-identities/${encodeURIComponent(target)}`)}
                >
                  <Table.Td>
                    <Text size="sm" fw={500} ff="monospace" dir="ltr">
                      {target}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }}>
                      {identity.userId}
                    </Text>
                  </Table.Td>
                </ClickableRow>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FormSection>
  );
};

/**
 * The user's enterprise SSO identities (read-only: they come from the identity provider at
 * sign-in and go with the user), each opening `users/{id}/sso-identities/{connectorId}`.
 */
export const SsoIdentities = ({ userId }: { userId: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const identities = useUserWithSsoIdentities(userId).data?.ssoIdentities ?? [];
  return (
    <FormSection title={t('sso_identities.title')} description={t('sso_identities.description')}>
      {identities.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sso_identities.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sso_identities.issuer')}</Table.Th>
                <Table.Th>{t('sso_identities.identity_id')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {identities.map((identity) => (
                <ClickableRow
                  key={identity.id}
                  onOpen={() => navigate(`/users/${encodeURIComponent(userId)}/sso-identities/${encodeURIComponent(identity.ssoConnectorId)}`)}
                >
                  <Table.Td>
                    <Text size="sm" fw={500} dir="ltr" style={{ wordBreak: 'break-all' }}>
                      {identity.issuer}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" dir="ltr" style={{ wordBreak: 'break-all' }}>
                      {identity.identityId}
                    </Text>
                  </Table.Td>
                </ClickableRow>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FormSection>
  );
};
