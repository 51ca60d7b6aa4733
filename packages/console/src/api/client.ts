import ky, { HTTPError, TimeoutError, type Options } from 'ky';

import { ConsoleError, parseErrorBody } from '../lib/errors.js';

/** Spec §7/§9: every request gives up after 20 s. */
export const requestTimeoutMs = 20_000;

type Auth = {
  /** The management API access token, refreshed when needed; undefined when signed out. */
  accessToken: () => Promise<string | undefined>;
  /** The console's current language, sent as Accept-Language (server messages come back in it). */
  language: () => string;
};

let auth: Auth = { accessToken: async () => undefined, language: () => 'en' };

export const configureApi = (next: Auth) => {
  auth = next;
};

const withLanguage = (request: Request) => {
  request.headers.set('Accept-Language', auth.language());
};

const base = { prefixUrl: '/api', timeout: requestTimeoutMs, retry: 0 } as const;

const http = ky.create({
  ...base,
  hooks: {
    beforeRequest: [
      withLanguage,
      async (request) => {
        const token = await auth.accessToken();
        if (token) {
          request.headers.set('Authorization', `Bearer ${token}`);
        }
      },
    ],
  },
});

/** Public calls (console configuration, first administrator) go without a token. */
const publicHttp = ky.create({ ...base, hooks: { beforeRequest: [withLanguage] } });

/** Every failure becomes a ConsoleError; an abort (a cancelled query) stays what it is. */
const toConsoleError = async (error: unknown): Promise<unknown> => {
  if (error instanceof HTTPError) {
    let body;
    try {
      body = parseErrorBody(await error.response.text());
    } catch {
      body = undefined;
    }
    return new ConsoleError({ kind: 'http', status: error.response.status, ...(body ? { body } : {}) });
  }
  if (error instanceof TimeoutError) {
    return new ConsoleError({ kind: 'timeout' });
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return error;
  }
  if (error instanceof TypeError) {
    return new ConsoleError({ kind: 'network' });
  }
  return error;
};

const send = async (path: string, options: Options, isPublic = false): Promise<Response> => {
  try {
    return await (isPublic ? publicHttp : http)(path.replace(/^\/+/, ''), options);
  } catch (error) {
    throw await toConsoleError(error);
  }
};

const json = async <T>(response: Response): Promise<T> => {
  if (response.status === 204) {
    return undefined as T;
  }
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};

export type Query = Record<string, string | number | boolean | undefined | readonly string[]>;

const searchParams = (query: Query = {}) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') {
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) {
      params.append(key, String(item));
    }
  }
  return params;
};

type CallOptions = { signal?: AbortSignal; public?: boolean };

export const api = {
  get: async <T>(path: string, query?: Query, options: CallOptions = {}) =>
    json<T>(await send(path, { method: 'get', searchParams: searchParams(query), signal: options.signal }, options.public)),
  post: async <T>(path: string, body?: unknown, options: CallOptions = {}) =>
    json<T>(await send(path, { method: 'post', json: body ?? {}, signal: options.signal }, options.public)),
  patch: async <T>(path: string, body: unknown, options: CallOptions = {}) =>
    json<T>(await send(path, { method: 'patch', json: body, signal: options.signal }, options.public)),
  put: async <T>(path: string, body: unknown, options: CallOptions = {}) =>
    json<T>(await send(path, { method: 'put', json: body, signal: options.signal }, options.public)),
  /** One file as multipart/form-data, in the field `file` (the asset service, spec §7). */
  upload: async <T>(path: string, file: Blob, options: CallOptions = {}) => {
    const body = new FormData();
    body.append('file', file);
    return json<T>(await send(path, { method: 'post', body, signal: options.signal }, options.public));
  },
  delete: async (path: string, options: CallOptions = {}) => {
    await send(path, { method: 'delete', signal: options.signal }, options.public);
  },
  /**
   * A page of a list: the body plus the `Total-Number` header (spec §7). A list answered without
   * the header is an error (`missing_total_number`), not a list of unknown length.
   */
  list: async <T>(path: string, query: Query & { page: number; page_size: number }, options: CallOptions = {}) => {
    const response = await send(path, { method: 'get', searchParams: searchParams(query), signal: options.signal });
    const header = response.headers.get('Total-Number');
    const total = header === null ? Number.NaN : Number(header);
    if (!Number.isInteger(total) || total < 0) {
      throw new ConsoleError({ kind: 'client', code: 'missing_total_number' });
    }
    // A user search counts its first 1,000 matches; the header says when there are more.
    return { items: await json<T[]>(response), total, capped: response.headers.get('Total-Number-Capped') === 'true' };
  },
};

/** Encodes one path segment (secret names go in the URL path, README "Applications"). */
export const segment = (value: string) => encodeURIComponent(value);
