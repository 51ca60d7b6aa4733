import type { Resource, Scope } from '@gatehouse/schemas';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../api/client.js';

/** The API's page size limit: pickers show the first 100 entries. */
const pickerPage = { page: 1, page_size: 100 } as const;

/** The tenant's own APIs (not the built-in management API), for pickers. */
export const useOwnResources = (enabled = true) =>
  useQuery({
    queryKey: ['resources', 'list', { picker: true }],
    queryFn: ({ signal }) => api.list<Resource>('resources', pickerPage, { signal }),
    select: (data) => data.items.filter((resource) => !resource.isBuiltIn),
    enabled,
  });

/** The permissions of one API, for pickers. */
export const useResourceScopes = (resourceId: string | undefined) =>
  useQuery({
    queryKey: ['resources', 'detail', resourceId ?? '', 'scopes', { picker: true }],
    queryFn: ({ signal }) => api.list<Scope>(`resources/${encodeURIComponent(resourceId!)}/scopes`, pickerPage, { signal }),
    select: (data) => data.items,
    enabled: Boolean(resourceId),
  });
