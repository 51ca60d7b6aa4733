import type { Adapter, AdapterPayload } from 'oidc-provider';

import type { Database, Tx } from '../db/database.js';
import { companionFound, companionWanted } from './companion-rows.js';
import {
  consumeModelInstance,
  destroyGrantInstances,
  destroyModelInstance,
  findModelInstance,
  findModelInstancePair,
  type ModelRow,
  upsertModelInstance,
} from './oidc-model-instances.queries.js';
import type { TenantRuntime } from './tenant-runtime.js';

const payloadOf = (row: ModelRow | undefined): AdapterPayload | undefined =>
  row && { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };

/**
 * oidc-provider storage for one tenant and model, in `oidc_model_instances`. Clients are not stored
 * here: they are the tenant's applications, read through the runtime's cache.
 */
export class PostgresAdapter implements Adapter {
  constructor(
    readonly name: string,
    readonly runtime: TenantRuntime,
    readonly database: Database,
  ) {}

  /** Every operation is one statement: no transaction around it (one round trip). */
  #run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.database.withTenantAutocommit(this.runtime.tenantId, fn);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    await this.#run((tx) =>
      upsertModelInstance(tx, { tenantId: this.runtime.tenantId, modelName: this.name, id, payload: payload as Record<string, unknown>, expiresAt }),
    );
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.name === 'Client') {
      const record = await this.runtime.client(id);
      return record?.metadata;
    }
    const companion = companionWanted(this.name);
    if (companion) {
      const pair = await this.#run((tx) => findModelInstancePair(tx, this.name, companion, id));
      companionFound(id, pair.companion);
      return payloadOf(pair.row);
    }
    return payloadOf(await this.#run((tx) => findModelInstance(tx, this.name, 'id', id)));
  }

  async findByUid(uid: string) {
    return payloadOf(await this.#run((tx) => findModelInstance(tx, this.name, 'uid', uid)));
  }

  async findByUserCode(userCode: string) {
    return payloadOf(await this.#run((tx) => findModelInstance(tx, this.name, 'userCode', userCode)));
  }

  async consume(id: string): Promise<void> {
    await this.#run((tx) => consumeModelInstance(tx, this.name, id));
  }

  async destroy(id: string): Promise<void> {
    await this.#run((tx) => destroyModelInstance(tx, this.name, id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#run((tx) => destroyGrantInstances(tx, grantId));
  }
}
