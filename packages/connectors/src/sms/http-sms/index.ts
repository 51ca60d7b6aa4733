import { errorFromResponse, request } from '../../kit/http.js';
import { badgeLogo } from '../../kit/logo.js';
import { substitutePlaceholders } from '../../kit/render-template.js';
import { type SmsConnector } from '../../kit/types.js';
import { renderSms } from '../templates.js';
import { escapeJsonString, type HttpSmsConfig, httpSmsConfigSchema } from './config.js';

const buildBody = (config: HttpSmsConfig, values: Record<string, string>) => {
  const { bodyTemplate } = config;
  if (bodyTemplate.format === 'json') {
    return {
      contentType: 'application/json',
      body: substitutePlaceholders(bodyTemplate.template, values, escapeJsonString),
    };
  }
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(bodyTemplate.fields)) {
    form.set(name, substitutePlaceholders(value, values));
  }
  return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
};

/** Posts each message to an SMS gateway's HTTP API, shaped by a body template. */
export const httpSmsConnector: SmsConnector<HttpSmsConfig> = {
  type: 'Sms',
  metadata: {
    id: 'http-sms',
    target: 'http-sms',
    platform: null,
    name: { en: 'HTTP SMS gateway' },
    logo: badgeLogo('#0F766E', 'SMS', '#FFFFFF'),
    logoDark: null,
    description: { en: 'Sends text messages through any SMS gateway with an HTTP API.' },
    configGuard: httpSmsConfigSchema,
  },

  async sendMessage(config, message) {
    const content = renderSms(message, config.templates);
    const { body, contentType } = buildBody(config, {
      ...message.payload,
      to: message.to,
      content,
      type: message.type,
      locale: message.locale,
    });
    const headers = new Headers(config.headers);
    headers.set('content-type', contentType);
    if (config.authorization) {
      headers.set('authorization', config.authorization);
    }
    const response = await request(config.endpoint, { method: config.method, headers, body }, config.timeoutMs);
    if (!response.ok) {
      throw await errorFromResponse(response, 'The SMS gateway request');
    }
    await response.body?.cancel();
  },
};
