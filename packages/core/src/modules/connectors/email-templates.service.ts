import type { EmailTemplate } from '@gatehouse/schemas';
import { and, asc, eq } from 'drizzle-orm';

import { notFound } from '../../app/errors.js';
import type { TenantScope } from '../../app/tenant-scope.js';
import { generateId } from '../../crypto/ids.js';
import { emailTemplates } from './connectors.table.js';

type Row = typeof emailTemplates.$inferSelect;

const toTemplate = (row: Row): EmailTemplate => ({
  id: row.id,
  languageTag: row.languageTag,
  templateType: row.templateType as EmailTemplate['templateType'],
  details: row.details as EmailTemplate['details'],
  createdAt: row.createdAt.getTime(),
});

export const listEmailTemplates = (scope: TenantScope, filter: { languageTag?: string; templateType?: string }) =>
  scope.transaction(async (tx) =>
    (
      await tx
        .select()
        .from(emailTemplates)
        .where(
          and(
            filter.languageTag ? eq(emailTemplates.languageTag, filter.languageTag) : undefined,
            filter.templateType ? eq(emailTemplates.templateType, filter.templateType) : undefined,
          ),
        )
        .orderBy(asc(emailTemplates.languageTag), asc(emailTemplates.templateType))
    ).map(toTemplate),
  );

/** Creates or replaces templates by (language, type), all in one transaction. */
export const upsertEmailTemplates = (scope: TenantScope, templates: Omit<EmailTemplate, 'id' | 'createdAt'>[]) =>
  scope.transaction(async (tx) => {
    const saved: EmailTemplate[] = [];
    for (const template of templates) {
      const [row] = await tx
        .insert(emailTemplates)
        .values({ tenantId: scope.tenantId, id: generateId(), ...template })
        .onConflictDoUpdate({
          target: [emailTemplates.tenantId, emailTemplates.languageTag, emailTemplates.templateType],
          set: { details: template.details, updatedAt: new Date() },
        })
        .returning();
      saved.push(toTemplate(row!));
    }
    return saved;
  });

export const getEmailTemplate = (scope: TenantScope, id: string) =>
  scope.transaction(async (tx) => {
    const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id));
    if (!row) {
      throw notFound('email template', id);
    }
    return toTemplate(row);
  });

export const patchEmailTemplateDetails = (scope: TenantScope, id: string, details: Partial<EmailTemplate['details']>) =>
  scope.transaction(async (tx) => {
    const [row] = await tx.select().from(emailTemplates).where(eq(emailTemplates.id, id)).for('update');
    if (!row) {
      throw notFound('email template', id);
    }
    const [updated] = await tx
      .update(emailTemplates)
      .set({ details: { ...row.details, ...details }, updatedAt: new Date() })
      .where(eq(emailTemplates.id, id))
      .returning();
    return toTemplate(updated!);
  });

export const deleteEmailTemplates = (scope: TenantScope, filter: { id?: string; languageTag?: string; templateType?: string }) =>
  scope.transaction(async (tx) => {
    const deleted = await tx
      .delete(emailTemplates)
      .where(
        and(
          filter.id ? eq(emailTemplates.id, filter.id) : undefined,
          filter.languageTag ? eq(emailTemplates.languageTag, filter.languageTag) : undefined,
          filter.templateType ? eq(emailTemplates.templateType, filter.templateType) : undefined,
        ),
      )
      .returning({ id: emailTemplates.id });
    if (filter.id && deleted.length === 0) {
      throw notFound('email template', filter.id);
    }
    return deleted.length;
  });
