import { useEffect, useState } from 'react';

import { useConsole } from '../app-context.js';
import { hasNewerRelease } from '../lib/version.js';

/**
 * Whether a newer release than this console exists (spec §1): the release information document
 * of the server configuration (`releaseInfoUrl`), fetched once per page load. Unreachable or
 * malformed: a console warning, no dot (spec §8).
 */
export const useNewReleaseAvailable = () => {
  const { config } = useConsole();
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    const url = config.releaseInfoUrl;
    if (!url) {
      return;
    }
    const controller = new AbortController();
    fetch(url, { signal: controller.signal, credentials: 'omit', headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(`HTTP ${response.status}`);
        }
        setAvailable(hasNewerRelease(await response.json(), config.version));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.warn(`The release information at ${url} could not be read:`, error);
        }
      });
    return () => controller.abort();
  }, [config.releaseInfoUrl, config.version]);
  return available;
};
