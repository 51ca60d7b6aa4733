import { devEmailConnector } from './development/dev-email.js';
import { devSmsConnector } from './development/dev-sms.js';
import { smtpConnector } from './email/smtp/index.js';
import { type ConnectorFactory } from './kit/types.js';
import { httpSmsConnector } from './sms/http-sms/index.js';
import { twilioSmsConnector } from './sms/twilio/index.js';
import { appleConnector } from './social/apple/index.js';
import { githubConnector } from './social/github/index.js';
import { googleConnector } from './social/google/index.js';
import { microsoftConnector } from './social/microsoft/index.js';
import { oauth2Connector } from './social/oauth2/index.js';
import { oidcConnector } from './social/oidc/index.js';

export const builtInConnectors: readonly ConnectorFactory[] = [
  smtpConnector,
  httpSmsConnector,
  twilioSmsConnector,
  devEmailConnector,
  devSmsConnector,
  oidcConnector,
  oauth2Connector,
  googleConnector,
  githubConnector,
  microsoftConnector,
  appleConnector,
];

export const findConnectorFactory = (id: string): ConnectorFactory | undefined =>
  builtInConnectors.find((factory) => factory.metadata.id === id);
