import { badgeLogo } from '../kit/logo.js';
import { type SmsConnector } from '../kit/types.js';
import { type DevelopmentConfig, developmentConfigSchema } from './config.js';
import { describePayload, writeMessage } from './write-message.js';

/** Writes text messages to files instead of sending them, for local development and tests. */
export const devSmsConnector: SmsConnector<DevelopmentConfig> = {
  type: 'Sms',
  metadata: {
    id: 'dev-sms',
    target: 'dev-sms',
    platform: null,
    name: { en: 'Development SMS (files)' },
    logo: badgeLogo('#6B7280', '#'),
    logoDark: null,
    description: { en: 'Writes each text message as a JSON file into a directory. Not for production.' },
    configGuard: developmentConfigSchema,
  },

  async sendMessage(config, message) {
    await writeMessage(config.directory, {
      to: message.to,
      type: message.type,
      locale: message.locale,
      payload: message.payload,
      content: describePayload(message.payload),
    });
  },
};
