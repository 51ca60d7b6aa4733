import { z } from 'zod';

import { templateContentTypeSchema, templateTypeSchema } from '../kit/config-fields.js';
import { ConnectorError } from '../kit/errors.js';
import { pickTemplate, renderTemplate } from '../kit/render-template.js';
import { type EmailMessage, type EmailTemplateDetails } from '../kit/types.js';

export const emailConfigTemplateSchema = z.object({
  usageType: templateTypeSchema,
  subject: z.string().min(1).max(998),
  content: z.string().min(1).max(65_536),
  contentType: templateContentTypeSchema.default('text/plain'),
});
export type EmailConfigTemplate = z.infer<typeof emailConfigTemplateSchema>;

/** The tenant's stored template wins; otherwise the connector config's template for the type, else its Generic one. */
export const renderEmail = (message: EmailMessage, configTemplates: EmailConfigTemplate[]): EmailTemplateDetails => {
  const details = message.template ?? pickTemplate(configTemplates, message.type);
  if (!details) {
    throw new ConnectorError('template_not_found', `No email template for ${message.type}.`, {
      usageType: message.type,
    });
  }
  return {
    ...details,
    subject: renderTemplate(details.subject, message.payload),
    content: renderTemplate(details.content, message.payload, details.contentType),
  };
};
