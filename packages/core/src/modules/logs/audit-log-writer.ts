import type { LogPayload } from '@gatehouse/schemas';

import { generateId } from '../../crypto/ids.js';
import type { Database } from '../../db/database.js';
import { logs } from './logs.table.js';

type Pending = { tenantId: string; payload: LogPayload; resolve: () => void; reject: (error: unknown) => void };

/**
 * Group commit for audit logs. `write` resolves only once its row is committed, so a caller that
 * waits for it before answering never acknowledges something the log lacks; rows arriving within
 * `delayMs` of each other share one INSERT per tenant, so the hot path pays a fraction of a write.
 */
export class AuditLogWriter {
  #pending: Pending[] = [];
  #timer: NodeJS.Timeout | undefined;

  constructor(
    readonly database: Database,
    readonly delayMs = 2,
    readonly maxBatch = 500,
  ) {}

  write(tenantId: string, payload: LogPayload): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#pending.push({ tenantId, payload, resolve, reject });
      if (this.#pending.length >= this.maxBatch) {
        void this.flush();
      } else {
        this.#timer ??= setTimeout(() => void this.flush(), this.delayMs);
      }
    });
  }

  async flush(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    const byTenant = new Map<string, Pending[]>();
    for (const entry of batch) {
      byTenant.set(entry.tenantId, [...(byTenant.get(entry.tenantId) ?? []), entry]);
    }
    await Promise.all(
      [...byTenant].map(async ([tenantId, entries]) => {
        try {
          await this.database.withTenantAutocommit(tenantId, (tx) =>
            tx.insert(logs).values(
              entries.map((entry) => ({ tenantId, id: generateId(), key: entry.payload.key, payload: entry.payload })),
            ),
          );
          for (const entry of entries) {
            entry.resolve();
          }
        } catch (error) {
          for (const entry of entries) {
            entry.reject(error);
          }
        }
      }),
    );
  }
}
