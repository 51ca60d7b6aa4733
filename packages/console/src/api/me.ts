import type { User } from '@gatehouse/schemas';
import { useQuery } from '@tanstack/react-query';

import { api } from './client.js';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in console user (`GET /api/me`). The user menu reads it too, refreshed when the tab
 * comes back into focus: the profile is edited in another tab.
 */
export const useMe = () =>
  useQuery({ queryKey: meQueryKey, queryFn: ({ signal }) => api.get<User>('me', undefined, { signal }), refetchOnWindowFocus: true });
