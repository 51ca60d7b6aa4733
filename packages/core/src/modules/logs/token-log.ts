import type { LogKey, LogPayload } from '@gatehouse/schemas';

const keysByGrant: Record<string, LogKey> = {
  authorization_code: 'ExchangeTokenBy.AuthorizationCode',
  refresh_token: 'ExchangeTokenBy.RefreshToken',
  client_credentials: 'ExchangeTokenBy.ClientCredentials',
  'urn:ietf:params:oauth:grant-type:token-exchange': 'ExchangeTokenBy.TokenExchange',
};

/** The audit log entry of one token request (secrets and token values are never logged). */
export const tokenLogPayload = (input: {
  grantType: string | undefined;
  status: number;
  error?: { error?: unknown; error_description?: unknown };
  applicationId?: string;
  userId?: string;
  ip?: string;
  userAgent?: string;
  params: { resource?: unknown; scope?: unknown };
  /** A token exchange's subject token context (who asked, why). */
  context?: Record<string, unknown> | undefined;
}): LogPayload => ({
  key: keysByGrant[input.grantType ?? ''] ?? 'ExchangeTokenBy.Unknown',
  result: input.status < 400 ? 'Success' : 'Error',
  ...(input.status >= 400 && input.error ? { error: { code: input.error.error, description: input.error.error_description } } : {}),
  ...(input.applicationId ? { applicationId: input.applicationId } : {}),
  ...(input.userId ? { userId: input.userId } : {}),
  ...(input.ip ? { ip: input.ip } : {}),
  ...(input.userAgent ? { userAgent: input.userAgent } : {}),
  params: {
    grantType: input.grantType,
    ...(input.params.resource === undefined ? {} : { resource: input.params.resource }),
    ...(input.params.scope === undefined ? {} : { scope: input.params.scope }),
    ...(input.context ? { subjectTokenContext: input.context } : {}),
  },
});
