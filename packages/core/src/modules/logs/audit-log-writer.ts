import type { LogPayload } from '@gatehouse/schemas';
import { sql } from 'drizzle-orm';

import { generateId } from '../../crypto/ids.js';
import type { Database } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { logs } from './logs.table.js';

/**
 * One prepared statement for a batch of any size: ids and payloads travel as two arrays that
 * `rows from` zips back into rows, so the statement text (and its plan) stays the same.
 */
const insertBatch = prepared('audit_log_insert', (tx) =>
  tx
    .insert(logs)
    .select(
      sql`select ${sql.placeholder('tenantId')}, row.id, row.payload->>'key', row.payload, now()
          from rows from (unnest(${sql.placeholder('ids')}::varchar[]), jsonb_array_elements(${sql.placeholder('payloads')}::jsonb)) as row(id, payload)`,
    ),
);

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
            insertBatch(tx).execute({
              tenantId,
              ids: entries.map(() => generateId()),
              payloads: JSON.stringify(entries.map((entry) => entry.payload)),
            }),
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
