import type { IncomingMessage } from 'node:http';

import { safeEqual } from '../crypto/secret-box.js';
import type { ClientRecord, TenantRuntime } from './tenant-runtime.js';

/** The most oidc-provider itself accepts for a form body. */
const bodyLimit = 56 * 1024;

/** Never equal to any application's internal secret (those are 32 random characters). */
const rejectedSecret = '-';

export type OidcRequest = IncomingMessage & { body?: string; originalUrl?: string };

export type ExchangeResult =
  | { kind: 'rejected'; status: number; error: string; description: string }
  /** The client proved one of its unexpired secrets; `params` is the request's form. */
  | { kind: 'authenticated'; record: ClientRecord; params: URLSearchParams }
  | undefined;

const formDecode = (value: string) => decodeURIComponent(value.replaceAll('+', ' '));
const formEncode = (value: string) => encodeURIComponent(value);

/**
 * The form body of a request, read once (oidc-provider takes it already read from `request.body`);
 * undefined when it is larger than oidc-provider would accept.
 */
export const readFormBody = async (request: OidcRequest): Promise<string | undefined> => {
  request.body ??= await readBody(request);
  return request.body;
};

const readBody = async (request: IncomingMessage): Promise<string | undefined> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > bodyLimit) {
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * Lets a confidential client authenticate with any of its unexpired application secrets, sent
 * either as HTTP Basic or in the form body. A matching secret is swapped for the client's internal
 * secret in a Basic header, which is all oidc-provider ever checks; a non-matching one is replaced
 * by a value that cannot match, so the internal secret is never a credential by itself.
 */
export const exchangeClientSecret = async (request: OidcRequest, runtime: TenantRuntime): Promise<ExchangeResult> => {
  if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return undefined;
  }
  const text = await readFormBody(request);
  if (text === undefined) {
    return { kind: 'rejected', status: 413, error: 'invalid_request', description: 'request body is too large' };
  }
  const params = new URLSearchParams(text);
  let clientId: string | undefined;
  let presented: string | undefined;

  const authorization = request.headers.authorization;
  const usesBasic = authorization?.slice(0, 6).toLowerCase() === 'basic ';
  if (usesBasic && params.has('client_secret')) {
    return undefined; // Two mechanisms at once: oidc-provider answers invalid_request.
  }
  try {
    if (usesBasic) {
      const decoded = Buffer.from(authorization!.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) {
        return undefined;
      }
      clientId = formDecode(decoded.slice(0, colon));
      presented = formDecode(decoded.slice(colon + 1));
    } else if (params.has('client_secret')) {
      clientId = params.get('client_id') ?? undefined;
      presented = params.get('client_secret') ?? undefined;
    }
  } catch {
    return undefined; // Malformed percent-encoding: oidc-provider rejects the credentials.
  }
  if (!clientId || presented === undefined) {
    return undefined;
  }

  const record = await runtime.client(clientId);
  const internalSecret = record?.metadata.client_secret;
  if (!record || !internalSecret) {
    return undefined; // Unknown or public client: oidc-provider decides.
  }
  let match: { expiresAt: number | null } | undefined;
  for (const secret of record.secrets) {
    if (safeEqual(secret.value, presented) && !match) {
      match = secret;
    }
  }
  if (match && match.expiresAt !== null && match.expiresAt <= Date.now()) {
    return { kind: 'rejected', status: 401, error: 'invalid_client', description: 'client secret has expired' };
  }
  const secret = match ? internalSecret : rejectedSecret;
  request.headers.authorization = `Basic ${Buffer.from(`${formEncode(clientId)}:${formEncode(secret)}`).toString('base64')}`;
  params.delete('client_secret');
  request.body = params.toString();
  return match ? { kind: 'authenticated', record, params } : undefined;
};
