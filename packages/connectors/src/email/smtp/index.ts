import { createTransport } from 'nodemailer';

import { containsUrl } from '../../kit/config-fields.js';
import { ConnectorError } from '../../kit/errors.js';
import { badgeLogo } from '../../kit/logo.js';
import { type EmailConnector } from '../../kit/types.js';
import { renderEmail } from '../templates.js';
import { type SmtpConfig, smtpConfigSchema } from './config.js';
import { toConnectorError } from './smtp-errors.js';

export const smtpConnector: EmailConnector<SmtpConfig> = {
  type: 'Email',
  metadata: {
    id: 'smtp',
    target: 'smtp',
    platform: null,
    name: { en: 'SMTP' },
    logo: badgeLogo('#4B5563', '@'),
    logoDark: null,
    description: { en: 'Sends email through any SMTP server.' },
    configGuard: smtpConfigSchema,
  },

  async sendMessage(config, message) {
    const email = renderEmail(message, config.templates);
    if (email.sendFrom !== undefined && containsUrl(email.sendFrom)) {
      throw new ConnectorError('invalid_request_parameters', 'The sender name must not contain a URL.');
    }

    const transport = createTransport({
      host: config.host,
      port: config.port,
      secure: config.secure,
      auth: config.auth,
      tls: config.tls,
      connectionTimeout: config.connectionTimeoutMs,
      greetingTimeout: config.connectionTimeoutMs,
      socketTimeout: config.connectionTimeoutMs,
    });
    const fromName = email.sendFrom ?? config.fromName;
    try {
      await transport.sendMail({
        from: fromName ? { name: fromName, address: config.fromEmail } : config.fromEmail,
        to: message.to,
        replyTo: email.replyTo ?? config.replyTo,
        subject: email.subject,
        ...(email.contentType === 'text/html' ? { html: email.content } : { text: email.content }),
        headers: config.customHeaders,
      });
    } catch (error) {
      throw toConnectorError(error, `${config.host}:${config.port}`);
    } finally {
      transport.close();
    }
  },
};
