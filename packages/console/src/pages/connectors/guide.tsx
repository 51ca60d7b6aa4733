import { Alert, Grid } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';

import { BackLink, DocumentTitle } from '../../components/page.js';
import { PageNotFound } from '../../components/page-not-found.js';
import { DetailState } from '../../components/query-state.js';
import { factoryAvailability, isConnectorTab, localizedName, suggestConnectorId, tabOfType } from '../../lib/connectors.js';
import { ConnectorForm } from './connector-form.js';
import { FactoryGuide } from './factory-guide.js';
import { useConnectorFactories, useConnectors } from './queries.js';

/** `connectors/{tab}/guide/{factoryId}`: the set-up guide of a factory beside the form that creates the connector. */
export const Component = () => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { tab, factoryId = '' } = useParams();
  const factories = useConnectorFactories();
  const connectors = useConnectors();
  // The id typed in the form, so the guide shows the callback URI that will be real.
  const [draftId, setDraftId] = useState<string>();
  const backTo = `/connectors/${isConnectorTab(tab) ? tab : 'passwordless'}`;
  if (!isConnectorTab(tab)) {
    return <PageNotFound />;
  }
  if (!factories.data || !connectors.data) {
    return <DetailState error={factories.error ?? connectors.error} onRetry={() => void (factories.error ? factories.refetch() : connectors.refetch())} backTo={backTo} />;
  }
  const factory = factories.data.find((candidate) => candidate.id === factoryId);
  if (!factory || tabOfType(factory.type) !== tab) {
    return <PageNotFound />;
  }
  const takenIds = connectors.data.map((connector) => connector.id);
  const availability = factoryAvailability(factory, connectors.data);
  const name = localizedName(factory.name, i18n.language);

  return (
    <>
      <DocumentTitle title={t('connectors.guide.title', { name })} />
      <BackLink to={backTo}>{t('connectors.back')}</BackLink>
      {availability !== 'available' && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} mb="lg">
          {availability === 'type_taken' ? t('connectors.guide.type_taken') : t('connectors.guide.target_taken', { target: factory.target })}
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <FactoryGuide factory={factory} {...(factory.type === 'Social' ? { suggestedId: draftId || suggestConnectorId(factory.target, takenIds) } : {})} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ConnectorForm
            factory={factory}
            takenIds={takenIds}
            onConnectorIdChange={setDraftId}
            onSaved={(connector) => navigate(`/connectors/${tab}/${connector.id}`, { replace: true })}
          />
        </Grid.Col>
      </Grid>
    </>
  );
};
