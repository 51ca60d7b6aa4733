import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { sendJson, startHttpServer, type TestHttpServer } from '../../test-utils/http-server.js';
import { httpSmsConnector } from './index.js';

const templates = [
  { usageType: 'SignIn', content: 'Your code is {{code}}' },
  { usageType: 'Register', content: 'Welcome "{{name}}", code {{code}}' },
];

describe('http-sms connector', () => {
  let gateway: TestHttpServer;
  let status = 200;

  beforeAll(async () => {
    gateway = await startHttpServer((_request, response) => {
      sendJson(response, status, status === 200 ? { id: 'msg-1' } : { error: 'nope' });
    });
  });
  afterAll(async () => gateway.close());

  it('posts the rendered JSON body with the configured headers', async () => {
    status = 200;
    const config = parseConfig(httpSmsConnector, {
      endpoint: `${gateway.url}/send?account=acme`,
      authorization: 'Bearer gateway-key',
      headers: { 'X-Api-Version': '2', 'Content-Type': 'text/plain' },
      bodyTemplate: { format: 'json', template: '{"to":"{{to}}","text":"{{content}}","kind":"{{type}}"}' },
      templates,
    });
    await httpSmsConnector.sendMessage(config, {
      to: '+4915112345678',
      type: 'Register',
      locale: 'en',
      payload: { code: '123456', name: 'Zoë\n' },
    });

    const sent = gateway.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/send?account=acme');
    expect(sent.headers.authorization).toBe('Bearer gateway-key');
    expect(sent.headers['x-api-version']).toBe('2');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({
      to: '+4915112345678',
      text: 'Welcome "Zoë\n", code 123456',
      kind: 'Register',
    });
  });

  it('posts form fields', async () => {
    status = 200;
    const config = parseConfig(httpSmsConnector, {
      endpoint: `${gateway.url}/form`,
      bodyTemplate: { format: 'form', fields: { phone: '{{to}}', message: '{{content}}', sender: 'Acme' } },
      templates,
    });
    await httpSmsConnector.sendMessage(config, { to: '123', type: 'SignIn', locale: 'en', payload: { code: '42 & 43' } });

    const sent = gateway.requests.at(-1)!;
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent.body))).toEqual({
      phone: '123',
      message: 'Your code is 42 & 43',
      sender: 'Acme',
    });
  });

  it.each([
    [500, 'general'],
    [400, 'general'],
    [401, 'invalid_config'],
    [403, 'invalid_config'],
    [429, 'rate_limit_exceeded'],
  ])('reports HTTP %i as %s with the status, without the authorization', async (answer, code) => {
    status = answer;
    const config = parseConfig(httpSmsConnector, {
      endpoint: `${gateway.url}/send`,
      authorization: 'Bearer gateway-key',
      bodyTemplate: { format: 'form', fields: { to: '{{to}}' } },
      templates,
    });
    const error = await captureConnectorError(
      httpSmsConnector.sendMessage(config, { to: '1', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe(code);
    expect(error.data).toMatchObject({ status: answer, body: '{"error":"nope"}' });
    expect(JSON.stringify(error.data)).not.toContain('gateway-key');
  });

  it('reports a missing template', async () => {
    const config = parseConfig(httpSmsConnector, {
      endpoint: `${gateway.url}/send`,
      bodyTemplate: { format: 'form', fields: { to: '{{to}}' } },
      templates,
    });
    const error = await captureConnectorError(
      httpSmsConnector.sendMessage(config, { to: '1', type: 'ForgotPassword', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('template_not_found');
  });

  it('reports an unreachable gateway without its path or query', async () => {
    const config = parseConfig(httpSmsConnector, {
      endpoint: 'http://127.0.0.1:1/send?apiKey=secret',
      bodyTemplate: { format: 'form', fields: { to: '{{to}}' } },
      templates,
      timeoutMs: 500,
    });
    const error = await captureConnectorError(
      httpSmsConnector.sendMessage(config, { to: '1', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('general');
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain('secret');
  });

  it('refuses a JSON template with a bare placeholder', () => {
    const error = (() => {
      try {
        parseConfig(httpSmsConnector, {
          endpoint: `${gateway.url}/send`,
          bodyTemplate: { format: 'json', template: '{"to": {{to}} }' },
          templates,
        });
      } catch (error) {
        return error as { code: string; data: { issues: { path: string }[] } };
      }
    })();
    expect(error?.code).toBe('invalid_config');
    expect(error?.data.issues.map((issue) => issue.path)).toEqual(['bodyTemplate.template']);
  });
});
