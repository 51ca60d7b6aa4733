import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Tx } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { oidcModelInstances as table } from './oidc-model-instances.table.js';

/**
 * The statements on `oidc_model_instances`, prepared (every sign-in and token request runs several).
 * Rows of other tenants are hidden by row-level security, so none filters on the tenant.
 */
const live = sql`${table.expiresAt} > now()`;
const selected = { payload: table.payload, consumedAt: table.consumedAt };
const model = sql.placeholder('model');

const findById = prepared('oidc_find_by_id', (tx) =>
  tx.select(selected).from(table).where(and(eq(table.modelName, model), eq(table.id, sql.placeholder('key')), live)).limit(1),
);
const findByUid = prepared('oidc_find_by_uid', (tx) =>
  tx.select(selected).from(table).where(and(eq(table.modelName, model), eq(table.uid, sql.placeholder('key')), live)).limit(1),
);
const findByUserCode = prepared('oidc_find_by_user_code', (tx) =>
  tx.select(selected).from(table).where(and(eq(table.modelName, model), eq(table.userCode, sql.placeholder('key')), live)).limit(1),
);

export type ModelRow = { payload: Record<string, unknown>; consumedAt: Date | null };

/** The live (unexpired) instance of `modelName` whose id, uid or user code is `key`. */
export const findModelInstance = async (tx: Tx, modelName: string, by: 'id' | 'uid' | 'userCode', key: string): Promise<ModelRow | undefined> => {
  const query = by === 'id' ? findById(tx) : by === 'uid' ? findByUid(tx) : findByUserCode(tx);
  const [row] = await query.execute({ model: modelName, key });
  return row;
};

const companion = sql.placeholder('companion');
const key = sql.placeholder('key');
// Two index lookups rather than `model_name in (…)`: PostgreSQL answers the list form by reading
// every row of the tenant in the key's index (the id is the key's last column), so it slows down
// with the number of live sessions and tokens.
/** Unprepared, so a test can ask PostgreSQL how it runs it. */
export const companionLookup = (tx: Tx) =>
  tx
    .select({ modelName: table.modelName, ...selected })
    .from(table)
    .where(and(eq(table.modelName, model), eq(table.id, key), live))
    .unionAll(
      tx
        .select({ modelName: table.modelName, ...selected })
        .from(table)
        .where(and(eq(table.modelName, companion), eq(table.id, key), live)),
    );
const findWithCompanion = prepared('oidc_find_with_companion', companionLookup);

/** The live instances of two models under one id, in one statement. */
export const findModelInstancePair = async (tx: Tx, modelName: string, companion: string, id: string) => {
  const rows = await findWithCompanion(tx).execute({ model: modelName, companion, key: id });
  const pick = (name: string): ModelRow | undefined => {
    const row = rows.find((each) => each.modelName === name);
    return row && { payload: row.payload, consumedAt: row.consumedAt };
  };
  return { row: pick(modelName), companion: pick(companion) };
};

const upsert = prepared('oidc_upsert', (tx) =>
  tx
    .insert(table)
    .values({
      tenantId: sql.placeholder('tenantId'),
      modelName: model,
      id: sql.placeholder('id'),
      payload: sql.placeholder('payload'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .onConflictDoUpdate({
      target: [table.tenantId, table.modelName, table.id],
      set: { payload: sql`excluded.payload`, expiresAt: sql`excluded.expires_at` },
    }),
);

export const upsertModelInstance = async (
  tx: Tx,
  row: { tenantId: string; modelName: string; id: string; payload: Record<string, unknown>; expiresAt: Date },
) => {
  await upsert(tx).execute({ tenantId: row.tenantId, model: row.modelName, id: row.id, payload: row.payload, expiresAt: row.expiresAt });
};

const consume = prepared('oidc_consume', (tx) =>
  tx
    .update(table)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(table.modelName, model), eq(table.id, sql.placeholder('id')))),
);

export const consumeModelInstance = async (tx: Tx, modelName: string, id: string) => {
  await consume(tx).execute({ model: modelName, id });
};

const destroy = prepared('oidc_destroy', (tx) => tx.delete(table).where(and(eq(table.modelName, model), eq(table.id, sql.placeholder('id')))));

export const destroyModelInstance = async (tx: Tx, modelName: string, id: string) => {
  await destroy(tx).execute({ model: modelName, id });
};

/**
 * The models a grant issues, as oidc-provider's own adapter lists them. An Interaction names the
 * grant it may extend too, but it is not the grant's: a sign-in that ends another account's session
 * (and revokes that session's grants) goes on with it.
 */
const issuedByGrant = ['AccessToken', 'AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest', 'PreAuthorizedCode'];

const revokeByGrant = prepared('oidc_revoke_by_grant', (tx) =>
  tx.delete(table).where(and(eq(table.grantId, sql.placeholder('grantId')), inArray(table.modelName, issuedByGrant))),
);

/** Every token and code of one grant. */
export const destroyGrantInstances = async (tx: Tx, grantId: string) => {
  await revokeByGrant(tx).execute({ grantId });
};
