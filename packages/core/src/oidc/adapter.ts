import { and, eq, gt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';

import type { Database, Tx } from '../db/database.js';
import { oidcModelInstances } from './oidc-model-instances.table.js';
import type { TenantRuntime } from './tenant-runtime.js';

const table = oidcModelInstances;

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

  #tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.database.withTenant(this.runtime.tenantId, fn);
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    await this.#tx((tx) =>
      tx
        .insert(table)
        .values({ tenantId: this.runtime.tenantId, modelName: this.name, id, payload: payload as Record<string, unknown>, expiresAt })
        .onConflictDoUpdate({
          target: [table.tenantId, table.modelName, table.id],
          set: { payload: payload as Record<string, unknown>, expiresAt },
        }),
    );
  }

  async #findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.#tx((tx) =>
      tx
        .select({ payload: table.payload, consumedAt: table.consumedAt })
        .from(table)
        .where(and(eq(table.modelName, this.name), condition, gt(table.expiresAt, sql`now()`)))
        .limit(1),
    );
    if (!row) {
      return undefined;
    }
    return { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.name === 'Client') {
      const record = await this.runtime.client(id);
      return record?.metadata;
    }
    return this.#findWhere(eq(table.id, id));
  }

  findByUid(uid: string) {
    return this.#findWhere(eq(table.uid, uid));
  }

  findByUserCode(userCode: string) {
    return this.#findWhere(eq(table.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.#tx((tx) =>
      tx
        .update(table)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(table.modelName, this.name), eq(table.id, id))),
    );
  }

  async destroy(id: string): Promise<void> {
    await this.#tx((tx) => tx.delete(table).where(and(eq(table.modelName, this.name), eq(table.id, id))));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.#tx((tx) => tx.delete(table).where(eq(table.grantId, grantId)));
  }
}
