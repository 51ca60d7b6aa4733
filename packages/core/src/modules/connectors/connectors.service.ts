import {
  builtInConnectors,
  type ConfigIssue,
  ConnectorError,
  type EmailMessage,
  findConnectorFactory,
  parseConfig,
  type SmsMessage,
} from '@gatehouse/connectors';
import {
  type Connector,
  type ConnectorCreate,
  type ConnectorPatch,
  type ConnectorType,
  isSecretConfigKey,
  primaryEmailSchema,
  primaryPhoneSchema,
  secretMask,
  type SupportedLocale,
} from '@gatehouse/schemas';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

import { ApiError, notFound, RequestValidationError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import type { ErrorCode } from '../../i18n/index.js';
import { assertWorkable, readSignInExperience } from '../sign-in-experience/sign-in-experience.service.js';
import { userSocialTokenSets } from '../users/users.table.js';
import { connectors, emailTemplates } from './connectors.table.js';

type ConnectorRow = typeof connectors.$inferSelect;
export type ConnectorFactory = (typeof builtInConnectors)[number];

const sealContext = (tenantId: string, id: string) => `connector:${tenantId}:${id}`;

/** Fields that name the value beside them in a list of pairs: `[{ "name": "X-Auth-Key", "value": "…" }]`. */
const pairNameFields = ['name', 'key', 'header'] as const;

const pairNameField = (value: unknown) => {
  if (!value || typeof value !== 'object' || Array.isArray(value) || typeof (value as { value?: unknown }).value !== 'string') {
    return undefined;
  }
  return pairNameFields.find((field) => typeof (value as Record<string, unknown>)[field] === 'string');
};

const pairName = (value: unknown) => {
  const field = pairNameField(value);
  return field ? (value as Record<string, string>)[field] : undefined;
};

/**
 * Credentials are never shown back in clear. A value is secret by its key (header and field names
 * inside the config too), by the name beside it in a name/value pair, or as a string item of a list
 * under a secret key.
 */
export const maskSecrets = (value: unknown, key = ''): unknown => {
  if (typeof value === 'string') {
    return isSecretConfigKey(key) ? secretMask : value;
  }
  if (Array.isArray(value)) {
    return value.map((item) => maskSecrets(item, typeof item === 'string' ? key : ''));
  }
  if (value && typeof value === 'object') {
    const nameField = pairNameField(value);
    const name = nameField ? (value as Record<string, string>)[nameField] : undefined;
    return Object.fromEntries(
      Object.entries(value).map(([field, item]) => {
        if (field === nameField) {
          return [field, item];
        }
        return [field, maskSecrets(item, name !== undefined && field === 'value' ? name : field)];
      }),
    );
  }
  return value;
};

/** A patch that sends the mask back keeps the stored secret (pairs are matched by their name). */
export const unmask = (next: unknown, stored: unknown): unknown => {
  if (next === secretMask) {
    return stored;
  }
  if (Array.isArray(next) && Array.isArray(stored)) {
    return next.map((item, index) => {
      const name = pairName(item);
      const sameName = name === undefined ? undefined : stored.find((candidate) => pairName(candidate) === name);
      return unmask(item, sameName ?? stored[index]);
    });
  }
  if (next && typeof next === 'object' && !Array.isArray(next) && stored && typeof stored === 'object' && !Array.isArray(stored)) {
    return Object.fromEntries(
      Object.entries(next).map(([name, item]) => [name, unmask(item, (stored as Record<string, unknown>)[name])]),
    );
  }
  return next;
};

/** Keys that say where a connector sends its requests, and so its credentials. */
const destinationKey = /host|url|uri|endpoint|server|domain|port/i;

/** Dotted paths of the masked values (stored secrets sent back) in a config. */
const maskedPaths = (value: unknown, prefix = ''): string[] => {
  if (value === secretMask) {
    return [prefix.slice(0, -1)];
  }
  return value !== null && typeof value === 'object' ? Object.entries(value).flatMap(([key, item]) => maskedPaths(item, `${prefix}${key}.`)) : [];
};

/** Destination settings (dotted paths) whose value differs between a new config and the stored one. */
const changedDestinations = (next: unknown, stored: unknown, prefix = ''): string[] => {
  if (!next || typeof next !== 'object' || Array.isArray(next)) {
    return [];
  }
  const before = stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.entries(next).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    if (value !== null && typeof value === 'object') {
      return changedDestinations(value, before[key], `${path}.`);
    }
    return destinationKey.test(key) && value !== before[key] ? [path] : [];
  });
};

/**
 * A stored secret (the mask sent back) goes only where it was configured to go: pointing the
 * connector elsewhere needs the secrets typed again. Otherwise anyone who may edit connectors could
 * read a masked password by sending a test to a server of their own.
 */
export const assertSecretsStay = (next: unknown, stored: unknown) => {
  const masked = maskedPaths(next);
  const changed = masked.length > 0 ? changedDestinations(next, stored) : [];
  if (changed.length > 0) {
    // Each masked secret is marked on its field: those are the ones to type again.
    const details = masked.map((path) => ({ path: `config.${path}`, code: 'connector.secret_reenter' as const }));
    throw new ApiError(422, 'connector.secret_required', { fields: changed.join(', ') }, details);
  }
};

/** Failures of the provider or its reachability (502); the rest are about the input or config (422). */
const providerFailures = new Set(['general', 'invalid_response', 'invalid_certificate', 'not_implemented', 'template_not_found', 'template_not_supported', 'unexpected_type']);

/** Maps a connector failure to an API error with the spec's connector code. */
export const toConnectorApiError = (error: unknown) => {
  if (error instanceof ConnectorError) {
    const status = providerFailures.has(error.code) ? 502 : error.code === 'rate_limit_exceeded' ? 429 : 422;
    const issues = (error.data?.issues as ConfigIssue[] | undefined) ?? undefined;
    // Config issues are translated per request; the message's detail is then their summary.
    const apiError = new ApiError(
      status,
      `connector.${error.code}` as ErrorCode,
      issues ? {} : { detail: error.message },
      issues?.map(({ path, ...issue }) => ({ path: `config.${path}`, issue: issue as $ZodRawIssue })),
    );
    apiError.cause = error;
    return apiError;
  }
  return error;
};

/** Connector codes a social sign-in can end with, each with a message of its own for the sign-in pages. */
const socialFailureCodes = new Set<string>([
  'authorization_failed',
  'social_auth_code_invalid',
  'social_invalid_id_token',
  'social_invalid_access_token',
  'insufficient_request_parameters',
  'invalid_request_parameters',
  'invalid_config',
  'invalid_response',
  'rate_limit_exceeded',
  'general',
]);

/** What the sign-in pages say about a failed social sign-in: what went wrong and what to do, without the provider's text. */
const publicSocialMessage = (code: ErrorCode): ErrorCode => {
  const connectorCode = code.slice('connector.'.length);
  return socialFailureCodes.has(connectorCode) ? (`connector.social_failed.${connectorCode}` as ErrorCode) : 'connector.social_sign_in_failed';
};

/**
 * A connector failure as anonymous users of the sign-in pages see it: the same code and status,
 * a message of the sign-in pages' own (per code for a social sign-in). The provider's own text can
 * name internal hosts, ports or gateways, so it is only logged.
 */
export const toPublicConnectorApiError = (error: unknown, log: FastifyBaseLogger, purpose: 'message' | 'social') => {
  const mapped = toConnectorApiError(error);
  if (!(mapped instanceof ApiError) || (mapped.params.detail === undefined && !mapped.details)) {
    return mapped;
  }
  log.warn({ err: mapped.cause ?? error, code: mapped.code, detail: mapped.params.detail }, 'connector failed');
  return new ApiError(mapped.status, mapped.code, {}, undefined, purpose === 'message' ? 'connector.code_not_sent' : publicSocialMessage(mapped.code));
};

const isDevelopmentFactory = (factory: ConnectorFactory) => factory.metadata.id.startsWith('dev-');

const requireFactory = (connectorId: string) => {
  const factory = findConnectorFactory(connectorId);
  if (!factory) {
    throw notFound('connector factory', connectorId);
  }
  return factory;
};

const validConfig = (factory: ConnectorFactory, config: unknown) => {
  try {
    return parseConfig(factory as never, config) as Record<string, unknown>;
  } catch (error) {
    throw toConnectorApiError(error);
  }
};

const openConfig = (scope: TenantScope, row: ConnectorRow) =>
  JSON.parse(scope.box.open(row.configSealed, sealContext(scope.tenantId, row.id))) as Record<string, unknown>;

/** Name and logos: the admin's overrides (generic connectors), else the factory's. */
const presentationOf = (connectorId: string, metadata: Record<string, unknown>) => {
  const factory = findConnectorFactory(connectorId);
  const overrides = metadata as Connector['metadata'];
  return {
    name: overrides.name ?? factory?.metadata.name ?? { en: connectorId },
    logo: overrides.logo ?? factory?.metadata.logo ?? '',
    logoDark: overrides.logoDark ?? factory?.metadata.logoDark ?? null,
  };
};

const toConnector = (scope: TenantScope, row: ConnectorRow): Connector => {
  const factory = findConnectorFactory(row.connectorId);
  const overrides = row.metadata as Connector['metadata'];
  return {
    id: row.id,
    connectorId: row.connectorId,
    type: row.type as Connector['type'],
    target: row.target,
    platform: factory?.metadata.platform ?? null,
    ...presentationOf(row.connectorId, row.metadata),
    config: maskSecrets(openConfig(scope, row)) as Record<string, unknown>,
    metadata: overrides,
    syncProfile: row.syncProfile,
    enableTokenStorage: row.enableTokenStorage,
    createdAt: row.createdAt.getTime(),
  };
};

/** The factories this server can build: the development ones only where DEV_CONNECTORS allows them. */
export const listConnectorFactories = (options: { devConnectors: boolean }) =>
  builtInConnectors.filter((factory) => options.devConnectors || !isDevelopmentFactory(factory)).map((factory) => ({
    id: factory.metadata.id,
    type: factory.type,
    target: factory.metadata.target,
    platform: factory.metadata.platform,
    name: factory.metadata.name,
    description: factory.metadata.description,
    logo: factory.metadata.logo,
    logoDark: factory.metadata.logoDark,
    isStandard: factory.metadata.isStandard ?? false,
    configSchema: z.toJSONSchema(factory.metadata.configGuard as z.ZodType, { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>,
  }));

export const getConnectorFactory = (id: string, options: { devConnectors: boolean }) => {
  const found = listConnectorFactories(options).find((factory) => factory.id === id);
  if (!found) {
    throw notFound('connector factory', id);
  }
  return found;
};

export const listConnectors = (scope: TenantScope, filter: { type?: Connector['type']; target?: string } = {}) =>
  scope.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(connectors)
      .where(and(filter.type ? eq(connectors.type, filter.type) : undefined, filter.target ? eq(connectors.target, filter.target) : undefined))
      .orderBy(connectors.createdAt);
    return rows.map((row) => toConnector(scope, row));
  });

/** What the sign-in pages show of the social connectors: presentation only, secrets left sealed. */
export const listSocialButtons = (scope: TenantScope) =>
  scope.transaction(async (tx) => {
    const rows = await tx
      .select({ id: connectors.id, connectorId: connectors.connectorId, target: connectors.target, metadata: connectors.metadata })
      .from(connectors)
      .where(eq(connectors.type, 'Social'));
    return rows.map((row) => ({ id: row.id, target: row.target, ...presentationOf(row.connectorId, row.metadata) }));
  });

/** Which message connectors exist (email, SMS), without opening their configuration. */
export const messageConnectorTypes = (scope: TenantScope) =>
  scope.transaction(async (tx) =>
    (await tx.select({ type: connectors.type }).from(connectors).where(inArray(connectors.type, ['Email', 'Sms']))).map((row) => row.type),
  );

const requireRow = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(connectors).where(eq(connectors.id, id));
  if (!row) {
    throw notFound('connector', id);
  }
  return row;
};

export const getConnector = (scope: TenantScope, id: string) => scope.transaction(async (tx) => toConnector(scope, await requireRow(tx, id)));

/** One email and one SMS connector per tenant, whatever their factory; one social connector per target. */
const assertTargetFree = async (tx: Tx, type: string, target: string, exceptId?: string) => {
  const [taken] = await tx
    .select({ id: connectors.id })
    .from(connectors)
    .where(type === 'Social' ? and(eq(connectors.type, type), eq(connectors.target, target)) : eq(connectors.type, type));
  if (taken && taken.id !== exceptId) {
    throw new ApiError(409, type === 'Social' ? 'connector.target_exists' : 'connector.type_exists', { type, target });
  }
};

/** Development connectors write files on the server: only where DEV_CONNECTORS allows them. */
const assertAllowed = (factory: ConnectorFactory, options: { devConnectors: boolean }) => {
  if (isDevelopmentFactory(factory) && !options.devConnectors) {
    throw new ApiError(422, 'connector.development_disabled', { connectorId: factory.metadata.id });
  }
};

export const createConnector = async (scope: TenantScope, input: ConnectorCreate, options: { devConnectors: boolean }) => {
  const factory = requireFactory(input.connectorId);
  assertAllowed(factory, options);
  const config = validConfig(factory, input.config);
  if (input.metadata?.target && !factory.metadata.isStandard) {
    throw new ApiError(422, 'connector.target_fixed', { connectorId: input.connectorId });
  }
  const target = (factory.metadata.isStandard ? input.metadata?.target : undefined) ?? factory.metadata.target;
  const id = input.id ?? generateId();
  return scope.transaction(async (tx) => {
    await assertTargetFree(tx, factory.type, target);
    const [existing] = await tx.select({ id: connectors.id }).from(connectors).where(eq(connectors.id, id));
    if (existing) {
      throw new ApiError(409, 'connector.id_exists', { id });
    }
    const [row] = await tx
      .insert(connectors)
      .values({
        tenantId: scope.tenantId,
        id,
        connectorId: factory.metadata.id,
        type: factory.type,
        target,
        configSealed: scope.box.seal(JSON.stringify(config), sealContext(scope.tenantId, id)),
        metadata: input.metadata ?? {},
        syncProfile: input.syncProfile ?? false,
        enableTokenStorage: input.enableTokenStorage ?? false,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // A concurrent create won the race; the unique indexes refused this one. Read committed: the
      // check now sees the winner.
      await assertTargetFree(tx, factory.type, target);
      throw new ApiError(409, 'connector.id_exists', { id });
    }
    return toConnector(scope, row);
  });
};

/** The provider tokens users' sign-ins through a social connector left (token storage). */
const deleteTokenSets = (tx: Tx, connectorId: string) => tx.delete(userSocialTokenSets).where(eq(userSocialTokenSets.connectorId, connectorId));

export const patchConnector = (scope: TenantScope, id: string, patch: ConnectorPatch) =>
  scope.transaction(async (tx) => {
    const row = await requireRow(tx, id);
    const factory = requireFactory(row.connectorId);
    const storedConfig = openConfig(scope, row);
    if (patch.config) {
      assertSecretsStay(patch.config, storedConfig);
    }
    const config = patch.config ? validConfig(factory, unmask(patch.config, storedConfig)) : undefined;
    const metadata = patch.metadata ? { ...(row.metadata as Connector['metadata']), ...patch.metadata } : undefined;
    if (patch.metadata?.target && !factory.metadata.isStandard) {
      throw new ApiError(422, 'connector.target_fixed', { connectorId: row.connectorId });
    }
    const target = metadata?.target ?? row.target;
    if (target !== row.target) {
      await assertTargetFree(tx, row.type, target, id);
    }
    const [updated] = await tx
      .update(connectors)
      .set({
        ...(config ? { configSealed: scope.box.seal(JSON.stringify(config), sealContext(scope.tenantId, id)) } : {}),
        ...(metadata ? { metadata, target } : {}),
        ...(patch.syncProfile === undefined ? {} : { syncProfile: patch.syncProfile }),
        ...(patch.enableTokenStorage === undefined ? {} : { enableTokenStorage: patch.enableTokenStorage }),
      })
      .where(eq(connectors.id, id))
      .returning();
    if (patch.enableTokenStorage === false) {
      // Token storage turned off: the provider tokens kept so far are not kept any longer.
      await deleteTokenSets(tx, id);
    }
    if (target !== row.target) {
      await assertWorkable(tx, await readSignInExperience(tx));
    }
    return toConnector(scope, updated!);
  });

/** Deleting a connector the sign-in experience depends on is refused (users could no longer sign in). */
export const deleteConnector = (scope: TenantScope, id: string) =>
  scope.transaction(async (tx) => {
    await requireRow(tx, id);
    await tx.delete(connectors).where(eq(connectors.id, id));
    await deleteTokenSets(tx, id);
    await assertWorkable(tx, await readSignInExperience(tx));
  });

/** Where a test message may go: an address as users' own are checked (spec §5). */
const recipientSchemas: Partial<Record<ConnectorType, z.ZodType<string>>> = { Email: primaryEmailSchema, Sms: primaryPhoneSchema };

/**
 * Sends a test message with a config that is not saved yet, rendered as a real code message would
 * be (the tenant's email template in `locale`, else English, else the connector's). With `id` (a
 * saved connector of the same factory), masked secrets are filled in from its stored config, as a
 * patch would.
 */
export const testConnector = async (
  scope: TenantScope,
  factoryId: string,
  input: { config: Record<string, unknown>; to: string; locale?: SupportedLocale; id?: string },
  options: { devConnectors: boolean },
) => {
  const factory = requireFactory(factoryId);
  assertAllowed(factory, options);
  const recipient = recipientSchemas[factory.type];
  if (!recipient) {
    throw new ApiError(422, 'connector.test_not_supported', { connectorId: factoryId });
  }
  const to = recipient.safeParse(input.to, { reportInput: true });
  if (!to.success) {
    throw new RequestValidationError(
      'body',
      to.error.issues.map((issue) => ({ ...issue, path: ['to', ...issue.path] })) as $ZodRawIssue[],
    );
  }
  const stored = input.id
    ? await scope.transaction(async (tx) => {
        const row = await requireRow(tx, input.id!);
        if (row.connectorId !== factory.metadata.id) {
          throw notFound('connector', input.id!);
        }
        return openConfig(scope, row);
      })
    : undefined;
  if (stored) {
    assertSecretsStay(input.config, stored);
  }
  const config = validConfig(factory, stored ? unmask(input.config, stored) : input.config);
  await sendThrough(scope, factory, config, { to: input.to, type: 'Generic', locale: input.locale ?? 'en', payload: { code: '000000' } });
};

/** Email template stored by the tenant for a type, in the language or else in English. */
const findEmailTemplate = (scope: TenantScope, type: string, locale: string) =>
  scope.transaction(async (tx) => {
    const rows = await tx.select().from(emailTemplates).where(eq(emailTemplates.templateType, type));
    const row = rows.find((candidate) => candidate.languageTag === locale) ?? rows.find((candidate) => candidate.languageTag === 'en');
    return row?.details as EmailMessage['template'];
  });

type OutgoingMessage = Omit<SmsMessage, 'type'> & { type: EmailMessage['type'] };

/** One message through a connector; an email uses the tenant's stored template when it has one. */
const sendThrough = async (scope: TenantScope, factory: ConnectorFactory, config: Record<string, unknown>, message: OutgoingMessage) => {
  try {
    if (factory.type === 'Email') {
      const template = await findEmailTemplate(scope, message.type, message.locale);
      await factory.sendMessage(config as never, { ...message, ...(template ? { template } : {}) });
    } else if (factory.type === 'Sms') {
      await factory.sendMessage(config as never, message);
    }
  } catch (error) {
    throw toConnectorApiError(error);
  }
};

export type LoadedConnector = { row: ConnectorRow; factory: ConnectorFactory; config: Record<string, unknown> };

const load = (scope: TenantScope, row: ConnectorRow): LoadedConnector => {
  const factory = requireFactory(row.connectorId);
  return { row, factory, config: openConfig(scope, row) };
};

/** The tenant's email or SMS connector, if it has one. */
export const findMessageConnector = (scope: TenantScope, type: 'Email' | 'Sms') =>
  scope.transaction(async (tx) => {
    const [row] = await tx.select().from(connectors).where(eq(connectors.type, type)).orderBy(connectors.createdAt).limit(1);
    return row ? load(scope, row) : undefined;
  });

export const findSocialConnector = (scope: TenantScope, id: string) =>
  scope.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(connectors)
      .where(and(eq(connectors.id, id), eq(connectors.type, 'Social')));
    return row ? load(scope, row) : undefined;
  });

/**
 * Sends a message through the tenant's email or SMS connector. A missing connector or a failing
 * provider surfaces as a clear API error.
 */
export const sendTenantMessage = async (scope: TenantScope, channel: 'email' | 'phone', message: OutgoingMessage) => {
  const type = channel === 'email' ? 'Email' : 'Sms';
  const connector = await findMessageConnector(scope, type);
  if (!connector) {
    throw new ApiError(422, channel === 'email' ? 'connector.email_not_configured' : 'connector.sms_not_configured');
  }
  await sendThrough(scope, connector.factory, connector.config, message);
};
