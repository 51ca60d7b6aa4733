import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { shouldRetryRequest } from '../lib/errors.js';
import { handleApiError } from './error-handler.js';

declare module '@tanstack/react-query' {
  interface Register {
    /** `ignoreCodes`: error codes the component shows itself instead of the global toast. */
    queryMeta: { ignoreCodes?: readonly string[] };
    mutationMeta: { ignoreCodes?: readonly string[]; handlesErrors?: boolean };
  }
}

export const createQueryClient = () =>
  new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => handleApiError(error, query.meta?.ignoreCodes),
    }),
    mutationCache: new MutationCache({
      // A form that shows errors next to its fields handles them itself (see useServerErrors).
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.handlesErrors) {
          handleApiError(error, mutation.meta?.ignoreCodes);
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetryRequest, staleTime: 10_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
