import { badgeLogo } from '../kit/logo.js';
import { renderTemplate } from '../kit/render-template.js';
import { type EmailConnector } from '../kit/types.js';
import { type DevelopmentConfig, developmentConfigSchema } from './config.js';
import { describePayload, writeMessage } from './write-message.js';

/** Writes emails to files instead of sending them, for local development and tests. */
export const devEmailConnector: EmailConnector<DevelopmentConfig> = {
  type: 'Email',
  metadata: {
    id: 'dev-email',
    target: 'dev-email',
    platform: null,
    name: { en: 'Development email (files)' },
    logo: badgeLogo('#6B7280', '✉'),
    logoDark: null,
    description: { en: 'Writes each email as a JSON file into a directory. Not for production.' },
    configGuard: developmentConfigSchema,
  },

  async sendMessage(config, message) {
    const { template } = message;
    await writeMessage(config.directory, {
      to: message.to,
      type: message.type,
      locale: message.locale,
      payload: message.payload,
      ...(template
        ? {
            subject: renderTemplate(template.subject, message.payload),
            content: renderTemplate(template.content, message.payload, template.contentType),
          }
        : { content: describePayload(message.payload) }),
    });
  },
};
