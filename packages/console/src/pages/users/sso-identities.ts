import type { UserDetail } from '@gatehouse/schemas';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../api/client.js';
import { userSsoQueryKey } from './query-keys.js';

/** The user with their enterprise SSO identities. */
export const useUserWithSsoIdentities = (userId: string) =>
  useQuery({
    queryKey: userSsoQueryKey(userId),
    queryFn: ({ signal }) => api.get<UserDetail>(`users/${encodeURIComponent(userId)}`, { includeSsoIdentities: true }, { signal }),
    meta: { ignoreCodes: ['entity.not_found'] },
  });
