import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { sendJson, startHttpServer, type TestHttpServer } from '../../test-utils/http-server.js';
import { twilioSmsConnector } from './index.js';

const accountSID = `AC${'a1'.repeat(16)}`;
const authToken = 'twilio-auth-token';
const messagingServiceSID = `MG${'b2'.repeat(16)}`;
const templates = [{ usageType: 'SignIn', content: 'Code {{code}}' }];

describe('twilio-sms connector', () => {
  let twilio: TestHttpServer;

  beforeAll(async () => {
    twilio = await startHttpServer((request, response) => {
      const expected = `Basic ${Buffer.from(`${accountSID}:${authToken}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        sendJson(response, 401, { code: 20003, message: 'Authenticate', status: 401 });
      } else if (new URLSearchParams(request.body).get('To') === '+15005550009') {
        sendJson(response, 400, { code: 21614, message: "'To' number is not a valid mobile number", status: 400 });
      } else if (new URLSearchParams(request.body).get('To') === '+15005550010') {
        sendJson(response, 429, { code: 20429, message: 'Too Many Requests', status: 429 });
      } else {
        sendJson(response, 201, { sid: 'SM123', status: 'queued' });
      }
    });
  });
  afterAll(async () => twilio.close());

  const config = (overrides: Record<string, unknown> = {}) =>
    parseConfig(twilioSmsConnector, {
      accountSID,
      authToken,
      fromNumber: '+15005550006',
      templates,
      apiBaseUrl: twilio.url,
      ...overrides,
    });

  it('posts To, From and Body form-encoded with basic auth', async () => {
    await twilioSmsConnector.sendMessage(config(), {
      to: '+4915112345678',
      type: 'SignIn',
      locale: 'en',
      payload: { code: '123456' },
    });

    const sent = twilio.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe(`/2010-04-01/Accounts/${accountSID}/Messages.json`);
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      To: '+4915112345678',
      From: '+15005550006',
      Body: 'Code 123456',
    });
  });

  it('sends a number kept as digits (country code first) in E.164 form', async () => {
    await twilioSmsConnector.sendMessage(config(), { to: '4915112345678', type: 'SignIn', locale: 'en', payload: { code: '1' } });
    expect(new URLSearchParams(twilio.requests.at(-1)!.body).get('To')).toBe('+4915112345678');
  });

  it('sends MessagingServiceSid instead of From when configured', async () => {
    await twilioSmsConnector.sendMessage(
      config({ fromNumber: undefined, fromMessagingServiceSID: messagingServiceSID }),
      { to: '+15551234567', type: 'SignIn', locale: 'en', payload: { code: '1' } },
    );
    expect(Object.fromEntries(new URLSearchParams(twilio.requests.at(-1)!.body))).toEqual({
      To: '+15551234567',
      MessagingServiceSid: messagingServiceSID,
      Body: 'Code 1',
    });
  });

  it('reports refused credentials as invalid_config without the token', async () => {
    const error = await captureConnectorError(
      twilioSmsConnector.sendMessage(config({ authToken: 'wrong-token' }), {
        to: '+15551234567',
        type: 'SignIn',
        locale: 'en',
        payload: {},
      }),
    );
    expect(error.code).toBe('invalid_config');
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain('wrong-token');
  });

  it('reports a refused message with Twilio’s error body', async () => {
    const error = await captureConnectorError(
      twilioSmsConnector.sendMessage(config(), { to: '+15005550009', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('general');
    expect(error.data).toMatchObject({ status: 400 });
    expect(error.data?.body).toContain('21614');
  });

  it('reports HTTP 429 as rate_limit_exceeded', async () => {
    const error = await captureConnectorError(
      twilioSmsConnector.sendMessage(config(), { to: '+15005550010', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('rate_limit_exceeded');
  });

  it('needs exactly one sender', () => {
    expect(() => config({ fromNumber: undefined })).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    expect(() => config({ fromMessagingServiceSID: messagingServiceSID })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });

  it('defaults the API base URL to Twilio and refuses plain http elsewhere', () => {
    expect(config({ apiBaseUrl: undefined }).apiBaseUrl).toBe('https://api.twilio.com');
    expect(() => config({ apiBaseUrl: 'http://api.twilio.com' })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });
});
