import type { Connector, ConnectorType } from '@gatehouse/schemas';

/** The rules of the connectors pages (spec §2 `connectors`), pure. */

export const connectorTabs = ['passwordless', 'social'] as const;
export type ConnectorTab = (typeof connectorTabs)[number];

/** `{tab}/create/{createType}`: the connector type being created, lower-case in the path. */
export const createTypes = { email: 'Email', sms: 'Sms', social: 'Social' } as const satisfies Record<string, ConnectorType>;
export type CreateType = keyof typeof createTypes;

export const isConnectorTab = (value: string | undefined): value is ConnectorTab => connectorTabs.includes(value as ConnectorTab);

export const isCreateType = (value: string | undefined): value is CreateType => value !== undefined && Object.hasOwn(createTypes, value);

/** The tab a connector type is listed on. */
export const tabOfType = (type: ConnectorType): ConnectorTab => (type === 'Social' ? 'social' : 'passwordless');

export const createTypeOf = (type: ConnectorType): CreateType => (type === 'Email' ? 'email' : type === 'Sms' ? 'sms' : 'social');

/** What the server allows: one email and one SMS connector, one social connector per target. */
export type FactoryAvailability = 'available' | 'type_taken' | 'target_taken';

export type FactoryLike = { id: string; type: ConnectorType; target: string; isStandard: boolean };

export const factoryAvailability = (factory: FactoryLike, connectors: readonly Pick<Connector, 'type' | 'target'>[]): FactoryAvailability => {
  if (factory.type !== 'Social') {
    return connectors.some((connector) => connector.type === factory.type) ? 'type_taken' : 'available';
  }
  // A generic (standard) factory gets a target of the administrator's choosing: always available.
  if (factory.isStandard) {
    return 'available';
  }
  return connectors.some((connector) => connector.type === 'Social' && connector.target === factory.target) ? 'target_taken' : 'available';
};

/** Where the provider sends users back: register this URI at the provider. */
export const socialCallbackUri = (tenantEndpoint: string, connectorId: string) =>
  `${tenantEndpoint.replace(/\/+$/, '')}/callback/social/${encodeURIComponent(connectorId)}`;

/** Connector ids the server accepts (`connectorCreateSchema.id`). */
export const connectorIdPattern = /^[\w-]+$/;

/**
 * The id proposed for a new social connector: its target (so the callback URI is known before
 * saving), with a number added when a connector already has it.
 */
export const suggestConnectorId = (target: string, takenIds: readonly string[]) => {
  const base = target.replaceAll(/[^\w-]+/g, '-').slice(0, 120) || 'social';
  if (!takenIds.includes(base)) {
    return base;
  }
  let suffix = 2;
  while (takenIds.includes(`${base}-${suffix}`)) {
    suffix += 1;
  }
  return `${base}-${suffix}`;
};

/** A name per language tag: the console's language, then its base language, then English, then any. */
export const localizedName = (names: Readonly<Record<string, string>>, language: string) =>
  names[language] ?? names[language.split('-')[0]!] ?? names.en ?? Object.values(names)[0] ?? '';

/**
 * Phrases that show template placeholders to the reader (`{{code}}`) are given these values, so the
 * placeholders come out as written instead of being filled in.
 */
export const literalPlaceholders = { to: '{{to}}', content: '{{content}}', code: '{{code}}' } as const;
