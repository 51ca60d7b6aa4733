import { Anchor } from '@mantine/core';
import type { Application, Resource, User } from '@gatehouse/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { api } from '../../api/client.js';
import { isConsoleError, shouldRetryRequest } from '../../lib/errors.js';
import { resourceQueryKey } from '../api-resources/query-keys.js';
import { applicationQueryKey } from '../applications/query-keys.js';
import { userDisplayName } from '../users/display-name.js';
import { userQueryKey } from '../users/query-keys.js';

/** Deleted users and apps keep their log entries: a 404 is an answer, not a failure to retry or report. */
const lookup = {
  meta: { ignoreCodes: ['entity.not_found'] },
  retry: (count: number, error: unknown) => !(isConsoleError(error) && error.status === 404) && shouldRetryRequest(count, error),
} as const;

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** A user named as in the user list (the id while loading, or once deleted), linking to them. */
export const UserLink = ({ id }: { id: string }) => {
  const user = useQuery({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => api.get<User>(`users/${encodeURIComponent(id)}`, undefined, { signal }),
    ...lookup,
  });
  return (
    <Anchor component={Link} to={`/users/${encodeURIComponent(id)}/settings`} size="sm" onClick={stop} onKeyDown={stop}>
      {user.data ? userDisplayName(user.data) : id}
    </Anchor>
  );
};

/** An application by name (the id while loading, or once deleted), linking to it. */
export const ApplicationLink = ({ id }: { id: string }) => {
  const application = useQuery({
    queryKey: applicationQueryKey(id),
    queryFn: ({ signal }) => api.get<Application>(`applications/${encodeURIComponent(id)}`, undefined, { signal }),
    ...lookup,
  });
  return (
    <Anchor component={Link} to={`/applications/${encodeURIComponent(id)}/settings`} size="sm" onClick={stop} onKeyDown={stop}>
      {application.data?.name ?? id}
    </Anchor>
  );
};

/** An API resource by name (the id while loading, or once deleted), linking to it. */
export const ResourceLink = ({ id }: { id: string }) => {
  const resource = useQuery({
    queryKey: resourceQueryKey(id),
    queryFn: ({ signal }) => api.get<Resource>(`resources/${encodeURIComponent(id)}`, undefined, { signal }),
    ...lookup,
  });
  return (
    <Anchor component={Link} to={`/api-resources/${encodeURIComponent(id)}/permissions`} size="sm" onClick={stop} onKeyDown={stop}>
      {resource.data?.name ?? id}
    </Anchor>
  );
};
