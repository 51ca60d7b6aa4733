import { ConnectorError } from './errors.js';

const defaultRequestTimeoutMs = 10_000;

/** Origin only: paths and queries of configured endpoints may carry API keys. */
const safeOrigin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'the configured endpoint';
  }
};

/** `fetch` with a timeout; network failures become a `general` ConnectorError. */
export const request = async (
  url: string,
  init: RequestInit,
  timeoutMs = defaultRequestTimeoutMs,
): Promise<Response> => {
  try {
    return await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ConnectorError(
      'general',
      timedOut ? `${safeOrigin(url)} did not answer within ${timeoutMs} ms.` : `Could not reach ${safeOrigin(url)}.`,
      { endpoint: safeOrigin(url) },
      { cause: error },
    );
  }
};

const maxBodyExcerpt = 500;

const readBodyExcerpt = async (response: Response) => {
  const text = await response.text().catch(() => '');
  return text.length > maxBodyExcerpt ? `${text.slice(0, maxBodyExcerpt)}…` : text;
};

/**
 * HTTP 401 and 403 from a provider endpoint the connector authenticates to with its configured
 * credentials (an API, a token endpoint): the credentials were refused, a configuration to fix.
 */
export const refusesCredentials = (status: number) => status === 401 || status === 403;

/**
 * A non-2xx answer from a provider API: 401 and 403 refuse the configured credentials (a
 * configuration to fix), 429 is a rate limit, anything else a general failure.
 */
export const errorFromResponse = async (response: Response, what: string) => {
  const data = { status: response.status, body: await readBodyExcerpt(response) };
  if (refusesCredentials(response.status)) {
    return new ConnectorError('invalid_config', `${what} was refused with HTTP ${response.status}: check the credentials.`, data);
  }
  return new ConnectorError(response.status === 429 ? 'rate_limit_exceeded' : 'general', `${what} failed with HTTP ${response.status}.`, data);
};
