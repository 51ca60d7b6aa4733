import {
  birthdateFormatMessage,
  builtInProfileFieldTypeMessage,
  type CustomProfileField,
  type CustomProfileFieldCreate,
  type CustomProfileFieldPatch,
  customProfileFieldSchema,
  fitsBirthdateClaim,
  fitsBuiltInProfileField,
} from '@gatehouse/schemas';
import { asc, eq, sql } from 'drizzle-orm';

import { ApiError, notFound, RequestValidationError } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import type { Tx } from '../../db/database.js';
import { isLinearTimeFormat, linearTimeFormatMessage } from './regex-format.js';
import { customProfileFields } from './sign-in-experience.table.js';

type Row = typeof customProfileFields.$inferSelect;

const toField = (row: Row): CustomProfileField =>
  customProfileFieldSchema.parse({
    id: row.id,
    name: row.name,
    type: row.type,
    label: row.label,
    ...(row.description === null ? {} : { description: row.description }),
    required: row.required,
    config: row.config,
    sieOrder: row.sieOrder,
  });

/** In order; sign-in reads them through the tenant runtime's cache. */
export const readCustomProfileFields = async (tx: Tx) => (await tx.select().from(customProfileFields).orderBy(asc(customProfileFields.sieOrder))).map(toField);

export const listCustomProfileFields = (scope: TenantScope) => scope.transaction(readCustomProfileFields);

const requireRow = async (tx: Tx, name: string) => {
  const [row] = await tx.select().from(customProfileFields).where(eq(customProfileFields.name, name));
  if (!row) {
    throw notFound('custom profile field', name);
  }
  return row;
};

export const getCustomProfileField = (scope: TenantScope, name: string) => scope.transaction(async (tx) => toField(await requireRow(tx, name)));

/** What the schema cannot tell: a format RE2 does not take (see regex-format.ts). */
const assertLinearTimeFormat = (field: CustomProfileFieldCreate | CustomProfileField) => {
  if (field.type === 'Regex' && !isLinearTimeFormat(field.config.format)) {
    throw new RequestValidationError('body', [
      { code: 'custom', path: ['config', 'format'], message: linearTimeFormatMessage, input: field.config.format },
    ]);
  }
};

const assertNameFree = async (tx: Tx, name: string) => {
  const [taken] = await tx.select({ id: customProfileFields.id }).from(customProfileFields).where(eq(customProfileFields.name, name));
  if (taken) {
    throw new ApiError(409, 'custom_profile_field.name_exists', { name });
  }
};

/** Commits a change to the fields, then drops every process's cached copy (the sign-in pages read it). */
const changeFields = async <T>(scope: TenantScope, fn: (tx: Tx) => Promise<T>): Promise<T> => {
  const result = await scope.transaction(fn);
  await scope.invalidate();
  return result;
};

export const createCustomProfileField = (scope: TenantScope, input: CustomProfileFieldCreate) =>
  changeFields(scope, async (tx) => {
    assertLinearTimeFormat(input);
    await assertNameFree(tx, input.name);
    const [last] = await tx.select({ max: sql<number | null>`max(${customProfileFields.sieOrder})` }).from(customProfileFields);
    const [row] = await tx
      .insert(customProfileFields)
      .values({
        tenantId: scope.tenantId,
        id: generateId(),
        name: input.name,
        type: input.type,
        label: input.label,
        description: input.description ?? null,
        required: input.required,
        config: input.config as Record<string, unknown>,
        sieOrder: input.sieOrder ?? (last?.max ?? -1) + 1,
      })
      .returning();
    return toField(row!);
  });

export const patchCustomProfileField = (scope: TenantScope, name: string, patch: CustomProfileFieldPatch) =>
  changeFields(scope, async (tx) => {
    const row = await requireRow(tx, name);
    if (patch.name && patch.name !== name) {
      await assertNameFree(tx, patch.name);
    }
    const merged = customProfileFieldSchema.safeParse({ ...toField(row), ...patch });
    if (!merged.success) {
      throw new RequestValidationError('body', merged.error.issues as never);
    }
    const next = merged.data;
    if (!fitsBuiltInProfileField(next)) {
      throw new RequestValidationError('body', [{ code: 'custom', path: ['name'], message: builtInProfileFieldTypeMessage, input: next.name }]);
    }
    if (!fitsBirthdateClaim(next)) {
      throw new RequestValidationError('body', [{ code: 'custom', path: ['config', 'format'], message: birthdateFormatMessage, input: next.config }]);
    }
    assertLinearTimeFormat(next);
    const [updated] = await tx
      .update(customProfileFields)
      .set({
        name: next.name,
        type: next.type,
        label: next.label,
        description: next.description ?? null,
        required: next.required,
        config: next.config as Record<string, unknown>,
        sieOrder: next.sieOrder,
      })
      .where(eq(customProfileFields.id, row.id))
      .returning();
    return toField(updated!);
  });

export const deleteCustomProfileField = (scope: TenantScope, name: string) =>
  changeFields(scope, async (tx) => {
    const row = await requireRow(tx, name);
    await tx.delete(customProfileFields).where(eq(customProfileFields.id, row.id));
  });

/** Puts the named fields first, in the given order; the others keep their relative order after them. */
export const reorderCustomProfileFields = (scope: TenantScope, names: string[]) =>
  changeFields(scope, async (tx) => {
    const fields = await readCustomProfileFields(tx);
    const unknown = names.filter((name) => !fields.some((field) => field.name === name));
    if (unknown.length > 0) {
      throw notFound('custom profile field', unknown.join(', '));
    }
    const ordered = [...names, ...fields.map((field) => field.name).filter((name) => !names.includes(name))];
    for (const [index, name] of ordered.entries()) {
      await tx.update(customProfileFields).set({ sieOrder: index }).where(eq(customProfileFields.name, name));
    }
    return readCustomProfileFields(tx);
  });
