import type { AccountChoice, ConsentInfo, ExperienceConfig, InteractionEvent } from '@gatehouse/schemas';

/** A field the server refused; a value too short or too long names the limit it broke. */
export type ErrorDetail = { path: string; code: string; message: string; minimum?: number; maximum?: number };

/** An error answer of the experience API (`{ code, message, details? }`), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetail[] = [],
  ) {
    super(message);
  }
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code || (code.endsWith('.*') && error.code.startsWith(code.slice(0, -1))));

const settings: { base: string; language: () => string; interactionId?: string | undefined } = { base: '', language: () => 'en' };

/** The `/t/{tenantId}` prefix and the current UI language (sent as Accept-Language so messages come back in it). */
export const configureApi = (base: string, language: () => string) => {
  settings.base = base;
  settings.language = language;
};

/**
 * The interaction this page was opened for, sent with every step: once a sign-in started in another
 * tab replaced it in the browser, the server refuses (409 session.interaction_replaced) instead of
 * finishing that tab's request from this one.
 */
export const bindInteraction = (interactionId: string | undefined) => {
  settings.interactionId = interactionId;
};

const request = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': settings.language() };
  if (settings.interactionId) {
    headers['Gatehouse-Interaction'] = settings.interactionId;
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
  }
  let response: Response;
  try {
    response = await fetch(`${settings.base}/api/experience${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'network_error', '');
  }
  const text = response.status === 204 ? '' : await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (data ?? {}) as Partial<{ code: string; message: string; details: ErrorDetail[] }>;
    throw new ApiError(
      response.status,
      typeof error.code === 'string' ? error.code : `http_${response.status}`,
      typeof error.message === 'string' ? error.message : '',
      Array.isArray(error.details) ? error.details : [],
    );
  }
  return data as T;
};

type Identifier = { type: 'username' | 'email' | 'phone'; value: string };
type CodeIdentifier = { type: 'email' | 'phone'; value: string };
type Verification = { verificationId: string };
type Redirect = { redirectTo: string };

export type ProfileUpdate =
  | { type: 'username'; value: string }
  | { type: 'password'; value: string }
  | { type: 'email' | 'phone'; verificationId: string }
  | { type: 'extraProfile'; values: Record<string, unknown> };

/** The experience API (`{base}/api/experience`), one function per endpoint. */
export const api = {
  config: () => request<ExperienceConfig>('GET', '/config'),
  start: (interactionEvent: InteractionEvent, captchaToken?: string) =>
    request<void>('PUT', '', { interactionEvent, ...(captchaToken && { captchaToken }) }),
  switchEvent: (interactionEvent: InteractionEvent) => request<void>('PUT', '/interaction-event', { interactionEvent }),
  verifyPassword: (identifier: Identifier, password: string) =>
    request<Verification>('POST', '/verification/password', { identifier, password }),
  sendCode: (identifier: CodeIdentifier) => request<Verification>('POST', '/verification/verification-code', { identifier }),
  verifyCode: (identifier: CodeIdentifier, verificationId: string, code: string) =>
    request<Verification>('POST', '/verification/verification-code/verify', { identifier, verificationId, code }),
  socialAuthorizationUri: (connectorId: string, state: string, redirectUri: string) =>
    request<Verification & { authorizationUri: string }>(
      'POST',
      `/verification/social/${encodeURIComponent(connectorId)}/authorization-uri`,
      { state, redirectUri },
    ),
  verifySocial: (connectorId: string, verificationId: string, connectorData: Record<string, unknown>) =>
    request<Verification>('POST', `/verification/social/${encodeURIComponent(connectorId)}/verify`, {
      verificationId,
      connectorData,
    }),
  identify: (body: Verification | { identifier: { type: 'username'; value: string } }) =>
    request<void>('POST', '/identification', body),
  updateProfile: (body: ProfileUpdate) => request<void>('POST', '/profile', body),
  resetPassword: (password: string) => request<void>('PUT', '/profile/password', { password }),
  submit: (agreeToTerms?: boolean) =>
    request<Redirect>('POST', '/submit', agreeToTerms === undefined ? {} : { agreeToTerms }),
  accountChoice: () => request<AccountChoice>('GET', '/select-account'),
  continueWithAccount: (interactionId: string) => request<Redirect>('POST', '/select-account', { interactionId }),
  useAnotherAccount: (interactionId: string) => request<Redirect>('POST', '/select-account/switch', { interactionId }),
  consent: () => request<ConsentInfo>('GET', '/consent'),
  grantConsent: (interactionId: string) => request<Redirect>('POST', '/consent', { interactionId }),
  switchAccount: (interactionId: string) => request<Redirect>('POST', '/consent/switch-account', { interactionId }),
  cancel: (interactionId: string) => request<Redirect>('DELETE', `?interactionId=${encodeURIComponent(interactionId)}`),
};
