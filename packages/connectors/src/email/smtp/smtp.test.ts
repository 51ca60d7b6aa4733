import { createServer, type Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ConnectorError } from '../../kit/errors.js';
import { parseConfig } from '../../kit/parse-config.js';
import { captureConnectorError } from '../../test-utils/capture-error.js';
import { startSmtpServer } from '../../test-utils/smtp-server.js';
import { smtpConnector } from './index.js';

const baseConfig = {
  host: '127.0.0.1',
  fromEmail: 'noreply@example.com',
  fromName: 'Example Team',
  templates: [
    { usageType: 'SignIn', subject: 'Your code {{code}}', content: 'Sign in with {{code}}.\n' },
    {
      usageType: 'Register',
      subject: 'Welcome to {{applicationName}}',
      content: '<p>Hello {{name}}, your code is {{code}}.</p>',
      contentType: 'text/html',
    },
  ],
  connectionTimeoutMs: 1000,
};

/** A loopback port nobody listens on. */
const closedPort = async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
};

describe('smtp connector', () => {
  let server: Awaited<ReturnType<typeof startSmtpServer>>;
  let authServer: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    server = await startSmtpServer({ rejectRecipient: 'nobody@example.com' });
    authServer = await startSmtpServer({ user: 'mailer', pass: 'correct-horse' });
  });
  afterAll(async () => {
    await server.close();
    await authServer.close();
  });

  it('delivers a message rendered from the config template', async () => {
    const config = parseConfig(smtpConnector, {
      ...baseConfig,
      port: server.port,
      replyTo: 'support@example.com',
      customHeaders: { 'X-Tenant': 'acme' },
    });
    await smtpConnector.sendMessage(config, {
      to: 'alice@example.com',
      type: 'SignIn',
      locale: 'en',
      payload: { code: '123456' },
    });

    const mail = server.received.at(-1)!;
    expect(mail.from).toBe('noreply@example.com');
    expect(mail.to).toEqual(['alice@example.com']);
    expect(mail.raw).toMatch(/^Subject: Your code 123456\r$/m);
    expect(mail.raw).toMatch(/^From: Example Team <noreply@example\.com>\r$/m);
    expect(mail.raw).toMatch(/^Reply-To: support@example\.com\r$/m);
    expect(mail.raw).toMatch(/^X-Tenant: acme\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail.raw).toContain('Sign in with 123456.');
  });

  it('escapes payload values in an HTML template', async () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: server.port });
    await smtpConnector.sendMessage(config, {
      to: 'bob@example.com',
      type: 'Register',
      locale: 'en',
      payload: { code: '654321', name: '<b>Bob</b>', applicationName: 'Portal' },
    });

    const mail = server.received.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: Welcome to Portal\r$/m);
    expect(mail.raw).toMatch(/^Content-Type: text\/html/m);
    expect(mail.raw).toContain('<p>Hello &lt;b&gt;Bob&lt;/b&gt;, your code is 654321.</p>');
  });

  it('prefers the template the server passes, including its sender name and reply-to', async () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: server.port });
    await smtpConnector.sendMessage(config, {
      to: 'carol@example.com',
      type: 'ForgotPassword',
      locale: 'de',
      payload: { code: '000111' },
      template: {
        subject: 'Passwort zuruecksetzen',
        content: 'Code: {{code}}',
        contentType: 'text/plain',
        replyTo: 'hilfe@example.com',
        sendFrom: 'Acme Hilfe',
      },
    });

    const mail = server.received.at(-1)!;
    expect(mail.raw).toMatch(/^Subject: Passwort zuruecksetzen\r$/m);
    expect(mail.raw).toMatch(/^From: Acme Hilfe <noreply@example\.com>\r$/m);
    expect(mail.raw).toMatch(/^Reply-To: hilfe@example\.com\r$/m);
    expect(mail.raw).toContain('Code: 000111');
  });

  it('reports template_not_found when neither the server nor the config has a template', async () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: server.port });
    const error = await captureConnectorError(
      smtpConnector.sendMessage(config, { to: 'a@example.com', type: 'Generic', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('template_not_found');
  });

  it('refuses a sender name with a URL from the server template', async () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: server.port });
    const error = await captureConnectorError(
      smtpConnector.sendMessage(config, {
        to: 'a@example.com',
        type: 'SignIn',
        locale: 'en',
        payload: {},
        template: { subject: 's', content: 'c', contentType: 'text/plain', sendFrom: 'Visit evil.example' },
      }),
    );
    expect(error.code).toBe('invalid_request_parameters');
  });

  it('authenticates with the configured credentials', async () => {
    const config = parseConfig(smtpConnector, {
      ...baseConfig,
      port: authServer.port,
      auth: { user: 'mailer', pass: 'correct-horse' },
    });
    await smtpConnector.sendMessage(config, { to: 'dan@example.com', type: 'SignIn', locale: 'en', payload: { code: '1' } });
    expect(authServer.received.at(-1)!.to).toEqual(['dan@example.com']);
  });

  it('reports an authentication failure as invalid_config without the password', async () => {
    const config = parseConfig(smtpConnector, {
      ...baseConfig,
      port: authServer.port,
      auth: { user: 'mailer', pass: 'wrong-secret' },
    });
    const error = await captureConnectorError(
      smtpConnector.sendMessage(config, { to: 'dan@example.com', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('invalid_config');
    expect(error.data).toMatchObject({ responseCode: 535 });
    expect(JSON.stringify({ message: error.message, data: error.data })).not.toContain('wrong-secret');
  });

  it('reports a refused recipient with the server reply', async () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: server.port });
    const error = await captureConnectorError(
      smtpConnector.sendMessage(config, { to: 'nobody@example.com', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('general');
    expect(error.data).toMatchObject({ responseCode: 550 });
  });

  it('fails fast when the server is down', async () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: await closedPort() });
    const started = Date.now();
    const error = await captureConnectorError(
      smtpConnector.sendMessage(config, { to: 'a@example.com', type: 'SignIn', locale: 'en', payload: {} }),
    );
    expect(error.code).toBe('general');
    expect(error.message).toMatch(/Could not connect to 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out on a server that never greets', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 1;
    try {
      const config = parseConfig(smtpConnector, { ...baseConfig, port, connectionTimeoutMs: 200 });
      const error = await captureConnectorError(
        smtpConnector.sendMessage(config, { to: 'a@example.com', type: 'SignIn', locale: 'en', payload: {} }),
      );
      expect(error.code).toBe('general');
      expect(error.message).toMatch(/did not answer in time/);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('smtp config', () => {
  const issuePaths = (raw: unknown) => {
    try {
      parseConfig(smtpConnector, raw);
    } catch (error) {
      return ((error as ConnectorError).data?.issues as { path: string }[]).map((issue) => issue.path);
    }
    return [];
  };

  it('accepts a minimal config and fills defaults', () => {
    const config = parseConfig(smtpConnector, { ...baseConfig, port: 587, connectionTimeoutMs: undefined });
    expect(config.connectionTimeoutMs).toBe(10_000);
    expect(config.templates[0]!.contentType).toBe('text/plain');
  });

  it.each(['Example.com team', 'https://evil.test', 'Visit www.example.org'])('refuses sender name %j', (fromName) => {
    expect(issuePaths({ ...baseConfig, port: 25, fromName })).toEqual(['fromName']);
  });

  it('refuses duplicate usage types and an empty template list', () => {
    expect(issuePaths({ ...baseConfig, port: 25, templates: [baseConfig.templates[0], baseConfig.templates[0]] })).toEqual([
      'templates.1.usageType',
    ]);
    expect(issuePaths({ ...baseConfig, port: 25, templates: [] })).toEqual(['templates']);
  });

  it('refuses multi-line header values', () => {
    expect(issuePaths({ ...baseConfig, port: 25, customHeaders: { 'X-A': 'a\r\nBcc: x@example.com' } })).toEqual([
      'customHeaders',
    ]);
  });
});
