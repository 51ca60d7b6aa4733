import type { Connector, connectorFactorySchema, EmailTemplate } from '@gatehouse/schemas';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { api, segment } from '../../api/client.js';

export type ConnectorFactory = z.infer<typeof connectorFactorySchema>;

export const connectorQueryKeys = {
  all: ['connectors'] as const,
  list: ['connectors', 'list'] as const,
  detail: (id: string) => ['connectors', 'detail', id] as const,
  factories: ['connector-factories'] as const,
  emailTemplates: ['email-templates'] as const,
};

/** Every connector of the tenant (the API answers them all at once, oldest first). */
export const useConnectors = () =>
  useQuery({
    queryKey: connectorQueryKeys.list,
    queryFn: ({ signal }) => api.get<Connector[]>('connectors', undefined, { signal }),
  });

/** What the server can build, each with its configuration's JSON Schema. They do not change while it runs. */
export const useConnectorFactories = () =>
  useQuery({
    queryKey: connectorQueryKeys.factories,
    queryFn: ({ signal }) => api.get<ConnectorFactory[]>('connector-factories', undefined, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConnector = (id: string) =>
  useQuery({
    queryKey: connectorQueryKeys.detail(id),
    queryFn: ({ signal }) => api.get<Connector>(`connectors/${segment(id)}`, undefined, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });

export const useEmailTemplates = () =>
  useQuery({
    queryKey: connectorQueryKeys.emailTemplates,
    queryFn: ({ signal }) => api.get<EmailTemplate[]>('email-templates', undefined, { signal }),
  });
