import { AsyncLocalStorage } from 'node:async_hooks';

import type { ModelRow } from './oidc-model-instances.queries.js';

/** What one `withCompanionRow` call asked for, and what the adapter found. */
type Request = { modelName: string; companion: string; found?: { id: string; row: ModelRow | undefined } };

const requests = new AsyncLocalStorage<Request>();

/**
 * Some state is stored beside an oidc-provider model under the same id (the experience state
 * beside its Interaction). While `fn` runs, the adapter's lookup of `modelName` reads the companion
 * row in the same statement and leaves it here: the caller then has both for one round trip.
 * `companion` is undefined when the adapter did not look the model up (no interaction cookie).
 */
export const withCompanionRow = async <T>(modelName: string, companion: string, fn: () => Promise<T>) => {
  const request: Request = { modelName, companion };
  const result = await requests.run(request, fn);
  return { result, companion: request.found };
};

/** The adapter asks: should a lookup of `modelName` also fetch a companion, and which? */
export const companionWanted = (modelName: string): string | undefined => {
  const request = requests.getStore();
  return request && request.modelName === modelName && !request.found ? request.companion : undefined;
};

export const companionFound = (id: string, row: ModelRow | undefined) => {
  const request = requests.getStore();
  if (request) {
    request.found = { id, row };
  }
};
