import type { CustomProfileField, SignInExperience, SigningKeyAlgorithm } from '@gatehouse/schemas';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type Provider from 'oidc-provider';

import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../db/database.js';
import { findApplication, listSecretRows } from '../modules/applications/applications.queries.js';
import { appSealContext, secretSealContext } from '../modules/applications/applications.service.js';
import { resources, scopes } from '../modules/resources/resources.table.js';
import { applicationsRoles, rolesScopes } from '../modules/roles/roles.table.js';
import { readCustomProfileFields } from '../modules/sign-in-experience/custom-profile-fields.service.js';
import { readSignInExperience } from '../modules/sign-in-experience/sign-in-experience.service.js';
import { keySealContext, listKeys } from '../modules/signing-keys/oidc-keys.queries.js';
import { type ClientSource, toClientMetadata } from './client-metadata.js';
import { NodeSigningKey } from './node-signing-key.js';

/** A cached load that failed (database hiccup) must not stay cached: the next caller retries. */
const forgetOnFailure = <T>(promise: Promise<T>, forget: () => unknown): Promise<T> => {
  promise.catch(forget);
  return promise;
};

export type ClientRecord = {
  source: ClientSource;
  metadata: ReturnType<typeof toClientMetadata>;
  /** Application secrets that may authenticate this client (values in clear, in memory only). */
  secrets: { value: string; expiresAt: number | null }[];
};

export type ResourceInfo = { id: string; indicator: string; accessTokenTtl: number; isBuiltIn: boolean };
export type ResourceIndex = { byIndicator: Map<string, ResourceInfo>; defaultIndicator: string | undefined };

export type TenantKeys = {
  signing: { id: string; algorithm: SigningKeyAlgorithm; privatePem: string; publicJwk: Record<string, unknown> }[];
  cookie: string[];
};

export type RuntimeDeps = {
  database: Database;
  box: SecretBox;
  /** The tenant's public base URL, e.g. http://localhost:3001 or http://localhost:3001/t/acme. */
  baseUrl: (tenantId: string) => string;
  createProvider: (runtime: TenantRuntime) => Promise<Provider>;
};

/**
 * Everything the hot paths need about one tenant, loaded once and kept until the tenant changes:
 * its OIDC provider, keys, clients, API resources and the scopes each client's roles grant. Any
 * committed change to those drops the whole runtime (see TenantRuntimes.invalidate), so nothing
 * here is ever updated in place.
 */
export class TenantRuntime {
  readonly issuer: string;
  #provider?: Promise<Provider>;
  #keys?: Promise<TenantKeys>;
  #signingKeys?: Promise<NodeSigningKey[]>;
  #resources?: Promise<ResourceIndex>;
  #signInExperience?: Promise<SignInExperience>;
  #customProfileFields?: Promise<CustomProfileField[]>;
  #verifyKeys?: Promise<ReturnType<typeof createLocalJWKSet>>;
  readonly #clients = new LRUCache<string, Promise<ClientRecord | null>>({ max: 10_000 });
  readonly #grantedScopes = new LRUCache<string, Promise<Map<string, string[]>>>({ max: 10_000 });
  /**
   * Access tokens already verified, by audience and exact token text, until they expire: an API
   * client sends the same token with every call, and an ES256 verification costs more than the rest
   * of a simple request. Dropped with the runtime whenever the tenant's keys change.
   */
  readonly #verifiedTokens = new LRUCache<string, JWTPayload>({ max: 10_000 });

  constructor(
    readonly tenantId: string,
    readonly deps: RuntimeDeps,
  ) {
    this.issuer = `${deps.baseUrl(tenantId)}/oidc`;
  }

  get baseUrl() {
    return this.deps.baseUrl(this.tenantId);
  }

  provider(): Promise<Provider> {
    this.#provider ??= forgetOnFailure(this.deps.createProvider(this), () => (this.#provider = undefined));
    return this.#provider;
  }

  keys(): Promise<TenantKeys> {
    this.#keys ??= forgetOnFailure(this.#loadKeys(), () => (this.#keys = undefined));
    return this.#keys;
  }

  #loadKeys(): Promise<TenantKeys> {
    return this.deps.database.withTenant(this.tenantId, async (tx) => {
      const { box } = this.deps;
      const signingRows = await listKeys(tx, 'private-keys');
      const cookieRows = await listKeys(tx, 'cookie-keys');
      return {
        signing: signingRows.map((row) => ({
          id: row.id,
          algorithm: row.algorithm!,
          privatePem: box.open(row.secret, keySealContext(this.tenantId, row.id)),
          publicJwk: row.publicJwk!,
        })),
        cookie: cookieRows.map((row) => box.open(row.secret, keySealContext(this.tenantId, row.id))),
      };
    });
  }

  /** Signing keys, current first; the provider and the client-credentials fast path share them. */
  signingKeys(): Promise<NodeSigningKey[]> {
    this.#signingKeys ??= this.keys().then((keys) =>
      keys.signing.map((key) => new NodeSigningKey(key.privatePem, key.id, key.algorithm)),
    );
    return this.#signingKeys;
  }

  client(id: string): Promise<ClientRecord | null> {
    let record = this.#clients.get(id);
    if (!record) {
      record = forgetOnFailure(this.#loadClient(id), () => this.#clients.delete(id));
      this.#clients.set(id, record);
    }
    return record;
  }

  async #loadClient(id: string): Promise<ClientRecord | null> {
    if (id.length > 21) {
      return null;
    }
    const { box } = this.deps;
    return this.deps.database.withTenant(this.tenantId, async (tx) => {
      const app = await findApplication(tx, id);
      if (!app || app.type === 'SAML') {
        return null;
      }
      const secretRows = await listSecretRows(tx, id);
      return {
        source: app,
        metadata: toClientMetadata(app, box.open(app.secret, appSealContext(this.tenantId, id))),
        secrets: secretRows.map((row) => ({
          value: box.open(row.value, secretSealContext(this.tenantId, id)),
          expiresAt: row.expiresAt?.getTime() ?? null,
        })),
      };
    });
  }

  /** The sign-in experience settings, read on every sign-in step (a change drops the runtime). */
  signInExperience(): Promise<SignInExperience> {
    this.#signInExperience ??= forgetOnFailure(
      this.deps.database.withTenant(this.tenantId, readSignInExperience),
      () => (this.#signInExperience = undefined),
    );
    return this.#signInExperience;
  }

  /** The custom profile fields, checked at every submit (a change drops the runtime). */
  customProfileFields(): Promise<CustomProfileField[]> {
    this.#customProfileFields ??= forgetOnFailure(
      this.deps.database.withTenantAutocommit(this.tenantId, readCustomProfileFields),
      () => (this.#customProfileFields = undefined),
    );
    return this.#customProfileFields;
  }

  resources(): Promise<ResourceIndex> {
    this.#resources ??= forgetOnFailure(this.#loadResources(), () => (this.#resources = undefined));
    return this.#resources;
  }

  #loadResources(): Promise<ResourceIndex> {
    return this.deps.database.withTenant(this.tenantId, async (tx) => {
      const rows = await tx.select().from(resources);
      return {
        byIndicator: new Map(
          rows.map((row) => [
            row.indicator,
            { id: row.id, indicator: row.indicator, accessTokenTtl: row.accessTokenTtl, isBuiltIn: row.isBuiltIn },
          ]),
        ),
        defaultIndicator: rows.find((row) => row.isDefault)?.indicator,
      };
    });
  }

  /** Scope names of a resource that an application's (machine-to-machine) roles grant. */
  async applicationScopes(applicationId: string, resourceId: string): Promise<string[]> {
    let byResource = this.#grantedScopes.get(applicationId);
    if (!byResource) {
      byResource = forgetOnFailure(this.deps.database.withTenant(this.tenantId, async (tx) => {
        const rows = await tx
          .selectDistinct({ resourceId: scopes.resourceId, name: scopes.name })
          .from(applicationsRoles)
          .innerJoin(
            rolesScopes,
            eq(rolesScopes.roleId, applicationsRoles.roleId),
          )
          .innerJoin(scopes, eq(scopes.id, rolesScopes.scopeId))
          .where(eq(applicationsRoles.applicationId, applicationId));
        const map = new Map<string, string[]>();
        for (const row of rows) {
          map.set(row.resourceId, [...(map.get(row.resourceId) ?? []), row.name]);
        }
        return map;
      }), () => this.#grantedScopes.delete(applicationId));
      this.#grantedScopes.set(applicationId, byResource);
    }
    return (await byResource).get(resourceId) ?? [];
  }

  /** Verifies an access token this tenant issued for `audience`. Throws when it is not one. */
  async verifyAccessToken(token: string, audience: string): Promise<JWTPayload> {
    const cacheKey = `${audience}\n${token}`;
    const verified = this.#verifiedTokens.get(cacheKey);
    if (verified && (verified.exp ?? 0) * 1000 > Date.now()) {
      return verified;
    }
    this.#verifyKeys ??= this.keys().then((keys) => createLocalJWKSet({ keys: keys.signing.map((key) => key.publicJwk) }));
    const { payload } = await jwtVerify(token, await this.#verifyKeys, {
      issuer: this.issuer,
      audience,
      typ: 'at+jwt',
      algorithms: ['ES256', 'RS256'],
      requiredClaims: ['exp'],
    });
    // Frozen: every later request shares this object.
    this.#verifiedTokens.set(cacheKey, Object.freeze(payload), { ttl: Math.max(1, payload.exp! * 1000 - Date.now()) });
    return payload;
  }
}

/** Per-tenant runtimes, least recently used first out. */
export class TenantRuntimes {
  readonly #runtimes: LRUCache<string, TenantRuntime>;

  constructor(
    readonly deps: RuntimeDeps,
    max: number,
  ) {
    this.#runtimes = new LRUCache({ max });
  }

  get(tenantId: string): TenantRuntime {
    let runtime = this.#runtimes.get(tenantId);
    if (!runtime) {
      runtime = new TenantRuntime(tenantId, this.deps);
      this.#runtimes.set(tenantId, runtime);
    }
    return runtime;
  }

  invalidate(tenantId: string) {
    this.#runtimes.delete(tenantId);
  }

  clear() {
    this.#runtimes.clear();
  }
}
