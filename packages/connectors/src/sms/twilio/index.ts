import { ConnectorError } from '../../kit/errors.js';
import { errorFromResponse, request } from '../../kit/http.js';
import { badgeLogo } from '../../kit/logo.js';
import { type SmsConnector } from '../../kit/types.js';
import { renderSms } from '../templates.js';
import { type TwilioSmsConfig, twilioSmsConfigSchema } from './config.js';

/**
 * Gatehouse keeps phone numbers as digits with their country code (`4915112345678`); Twilio wants
 * E.164 (`+4915112345678`) and would otherwise read the digits as a number of the sender's country.
 * A number that starts with 0 has no country code and is sent as it is.
 */
const toE164 = (to: string) => (/^[1-9]\d*$/.test(to) ? `+${to}` : to);

export const twilioSmsConnector: SmsConnector<TwilioSmsConfig> = {
  type: 'Sms',
  metadata: {
    id: 'twilio-sms',
    target: 'twilio-sms',
    platform: null,
    name: { en: 'Twilio SMS' },
    logo: badgeLogo('#F22F46', 'T'),
    logoDark: null,
    description: { en: 'Sends text messages with the Twilio Programmable Messaging API.' },
    configGuard: twilioSmsConfigSchema,
  },

  async sendMessage(config, message) {
    const form = new URLSearchParams({ To: toE164(message.to), Body: renderSms(message, config.templates) });
    if (config.fromMessagingServiceSID) {
      form.set('MessagingServiceSid', config.fromMessagingServiceSID);
    } else if (config.fromNumber) {
      form.set('From', config.fromNumber);
    }

    const url = new URL(
      `2010-04-01/Accounts/${encodeURIComponent(config.accountSID)}/Messages.json`,
      config.apiBaseUrl.endsWith('/') ? config.apiBaseUrl : `${config.apiBaseUrl}/`,
    );
    const credentials = Buffer.from(`${config.accountSID}:${config.authToken}`).toString('base64');
    const response = await request(
      url.href,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      config.timeoutMs,
    );
    if (response.status === 401) {
      await response.body?.cancel();
      throw new ConnectorError('invalid_config', 'Twilio refused the Account SID or auth token.', { status: 401 });
    }
    if (!response.ok) {
      throw await errorFromResponse(response, 'The Twilio request');
    }
    await response.body?.cancel();
  },
};
