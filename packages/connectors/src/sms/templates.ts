import { z } from 'zod';

import { templateTypeSchema } from '../kit/config-fields.js';
import { ConnectorError } from '../kit/errors.js';
import { pickTemplate, renderTemplate } from '../kit/render-template.js';
import { type SmsMessage } from '../kit/types.js';

export const smsTemplateSchema = z.object({
  usageType: templateTypeSchema,
  content: z.string().min(1).max(1600),
});
export type SmsTemplate = z.infer<typeof smsTemplateSchema>;

export const renderSms = (message: SmsMessage, templates: SmsTemplate[]): string => {
  const template = pickTemplate(templates, message.type);
  if (!template) {
    throw new ConnectorError('template_not_found', `No SMS template for ${message.type}.`, {
      usageType: message.type,
    });
  }
  return renderTemplate(template.content, message.payload);
};
