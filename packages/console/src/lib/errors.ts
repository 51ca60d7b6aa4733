/**
 * The console's error catalogue (spec §8), as pure functions: what a failed request means for the
 * person using the console. The side effects (toast, modal, sign-in, sign-out) live in
 * api/error-handler.ts.
 */

export type ApiErrorDetail = { path: string; code: string; message: string };
/** The management API's error body: `{ code, message, details? }`. */
export type ApiErrorBody = { code?: string; message: string; details?: ApiErrorDetail[] };

/** Errors the console raises itself, each with a phrase `errors.<code>`. */
export const clientErrorCodes = [
  'missing_total_number',
  'invalid_json_format',
  'crypto_subtle_unavailable',
  'unexpected_error',
] as const;
export type ClientErrorCode = (typeof clientErrorCodes)[number];

export type Problem =
  /** An HTTP answer with an error status; `body` is undefined when it could not be parsed. */
  | { kind: 'http'; status: number; body?: ApiErrorBody }
  | { kind: 'network' }
  | { kind: 'timeout' }
  | { kind: 'client'; code: ClientErrorCode };

/** An error of the console's data layer: every failed call is turned into one of these. */
export class ConsoleError extends Error {
  constructor(readonly problem: Problem) {
    super(
      problem.kind === 'http'
        ? (problem.body?.message ?? `HTTP ${problem.status}`)
        : problem.kind === 'client'
          ? problem.code
          : problem.kind,
    );
    this.name = 'ConsoleError';
  }

  get status(): number | undefined {
    return this.problem.kind === 'http' ? this.problem.status : undefined;
  }

  get code(): string | undefined {
    if (this.problem.kind === 'http') {
      return this.problem.body?.code;
    }
    return this.problem.kind === 'client' ? this.problem.code : undefined;
  }

  get body(): ApiErrorBody | undefined {
    return this.problem.kind === 'http' ? this.problem.body : undefined;
  }
}

export const isConsoleError = (error: unknown): error is ConsoleError => error instanceof ConsoleError;

/** Parses an error response's text; undefined unless it is a JSON object with a string `message`. */
export const parseErrorBody = (text: string): ApiErrorBody | undefined => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const { code, message, details } = value as Record<string, unknown>;
  if (typeof message !== 'string') {
    return undefined;
  }
  const body: ApiErrorBody = { message };
  if (typeof code === 'string') {
    body.code = code;
  }
  if (Array.isArray(details)) {
    body.details = details.filter(
      (detail): detail is ApiErrorDetail =>
        typeof detail === 'object' &&
        detail !== null &&
        typeof (detail as ApiErrorDetail).message === 'string' &&
        typeof (detail as ApiErrorDetail).path === 'string',
    );
  }
  return body;
};

/** Standard reason phrases, for error answers whose body is not the API's JSON. */
export const httpStatusNames: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The message the management API sends with a 403 for a token without the route's scope. */
export const insufficientPermissionsMessage = 'Insufficient permissions.';

/** A text to show: the server's own (already localized) words, or one of the console's phrases. */
export type ErrorText =
  | { text: string }
  | { key: 'errors.unknown_server_error' | 'errors.network' | 'errors.timeout' | `errors.${ClientErrorCode}` }
  | { key: 'errors.http_status'; values: { status: number; reason: string } };

export type ErrorOutcome =
  /** 401: the session is gone; sign in again and come back here. */
  | { action: 'sign-in' }
  /** 403 'Insufficient permissions.': this account may not use the console. */
  | { action: 'sign-out' }
  /** auth.forbidden: an alert with a Got it button, then sign-out. */
  | { action: 'alert-then-sign-out'; message: string }
  | { action: 'toast'; message: ErrorText }
  | { action: 'ignore' };

/**
 * The message, then each detail the message does not already say (validation messages quote their
 * first detail), each once: details that differ only by path (one connector missing for sign-up and
 * for a sign-in method) say the same thing.
 */
export const joinMessageAndDetails = (body: ApiErrorBody): string =>
  [
    body.message,
    ...new Set((body.details ?? []).map((detail) => detail.message).filter((text) => text && !body.message.includes(text))),
  ].join('\n');

/**
 * Codes whose message only sums its details up, paths included ("The request is invalid:
 * body.config.issuer: …; …"): where the details are shown on their fields, say it in words instead.
 */
export const detailSummaryCodes: ReadonlySet<string> = new Set(['guard.invalid_input', 'connector.invalid_config']);

/**
 * What to do about a failed call (spec §8). `ignoreCodes` are the codes a caller handles itself
 * (shown inline in a form, for example): they stay silent, but an expired session or a refused
 * account is handled all the same.
 */
export const errorOutcome = (problem: Problem, ignoreCodes: readonly string[] = []): ErrorOutcome => {
  switch (problem.kind) {
    case 'network':
      return { action: 'toast', message: { key: 'errors.network' } };
    case 'timeout':
      return { action: 'toast', message: { key: 'errors.timeout' } };
    case 'client':
      return ignoreCodes.includes(problem.code)
        ? { action: 'ignore' }
        : { action: 'toast', message: { key: `errors.${problem.code}` } };
    case 'http':
      break;
  }
  const { status, body } = problem;
  if (status === 401) {
    return { action: 'sign-in' };
  }
  if (
    status === 403 &&
    (body?.message === insufficientPermissionsMessage || body?.code === 'auth.insufficient_scope')
  ) {
    // The code as well as the message: the message is localized by Accept-Language.
    return { action: 'sign-out' };
  }
  if (body?.code === 'auth.forbidden') {
    return { action: 'alert-then-sign-out', message: body.message };
  }
  if (body?.code && ignoreCodes.includes(body.code)) {
    return { action: 'ignore' };
  }
  if (body) {
    return { action: 'toast', message: { text: joinMessageAndDetails(body) } };
  }
  const reason = httpStatusNames[status];
  return reason
    ? { action: 'toast', message: { key: 'errors.http_status', values: { status, reason } } }
    : { action: 'toast', message: { key: 'errors.unknown_server_error' } };
};

/** OIDC errors after which only a fresh sign-in helps (a refresh that failed, a resource refused). */
const reauthenticationErrors = new Set(['invalid_grant', 'invalid_target', 'login_required', 'interaction_required', 'consent_required']);

export const isReauthenticationError = (error: unknown): boolean => {
  if (error instanceof ConsoleError) {
    return error.status === 401;
  }
  if (typeof error !== 'object' || error === null) {
    return false;
  }
  const code = (error as { error?: unknown }).error;
  return typeof code === 'string' && reauthenticationErrors.has(code);
};

/**
 * Server problems a form can show next to its fields: `details` whose path names a field of the
 * form (`body.name` or `name`), and conflict codes that name one field. Whatever does not fit a
 * field is returned in `rest`.
 */
export const conflictFields: Readonly<Record<string, string>> = {
  'user.username_already_in_use': 'username',
  'user.email_already_in_use': 'primaryEmail',
  'user.phone_already_in_use': 'primaryPhone',
  'application.secret_name_exists': 'name',
  'resource.indicator_exists': 'indicator',
  'scope.name_exists': 'name',
  'custom_profile_field.name_exists': 'name',
};

export type InlineErrors = { fields: Record<string, string>; rest: string[] };

export const inlineErrors = (body: ApiErrorBody, isField: (path: string) => boolean): InlineErrors => {
  const fields: Record<string, string> = {};
  const rest: string[] = [];
  const add = (path: string, message: string) => {
    fields[path] = fields[path] ? `${fields[path]}\n${message}` : message;
  };
  const conflict = body.code ? conflictFields[body.code] : undefined;
  if (conflict && isField(conflict)) {
    add(conflict, body.message);
    return { fields, rest };
  }
  const details = body.details ?? [];
  for (const detail of details) {
    const path = detail.path.replace(/^body\./, '');
    if (isField(path)) {
      add(path, detail.message);
    } else if (!rest.includes(detail.message)) {
      // Several settings can fail for one reason (two places that need the same connector): say it once.
      rest.push(detail.message);
    }
  }
  if (details.length === 0) {
    rest.push(body.message);
  }
  return { fields, rest };
};

/** Spec §7: the data layer retries a failed query (twice), except on 401 and 403, which retrying cannot fix. */
export const shouldRetryRequest = (failureCount: number, error: unknown): boolean => {
  if (isConsoleError(error) && (error.status === 401 || error.status === 403)) {
    return false;
  }
  return failureCount < 2;
};
