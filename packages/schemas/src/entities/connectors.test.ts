import { describe, expect, it } from 'vitest';

import { supportedLocales } from '../constants/locales.js';
import { validationPhrasesByLocale } from '../validation-messages/all.js';
import { localizeValidationMessage } from '../validation-messages/index.js';
import {
  connectorCreateSchema,
  connectorMetadataOverridesSchema,
  emailTemplateDetailsSchema,
  emailTemplateSchema,
  emailTemplateUpsertSchema,
  isSecretConfigKey,
} from './connectors.js';

describe('isSecretConfigKey', () => {
  it('masks credentials', () => {
    for (const key of ['clientSecret', 'secretKey', 'pass', 'password', 'privateKey', 'apiKey', 'api_key', 'authToken', 'accessToken', 'authorization', 'Authorization']) {
      expect(isSecretConfigKey(key), key).toBe(true);
    }
  });

  it('masks header and field names that carry credentials, in any case', () => {
    for (const key of [
      'X-Auth-Key',
      'x-auth-key',
      'Ocp-Apim-Subscription-Key',
      'key',
      'KEY',
      'X-Api-Key',
      'x-apikey',
      'X-Access-Token',
      'refresh_token',
      'X-Auth',
      'Proxy-Authorization',
      'credentials',
      'X-Signature',
      'private',
      'client_secret',
      'db_password',
      'Cookie',
      'apiKeys',
    ]) {
      expect(isSecretConfigKey(key), key).toBe(true);
    }
  });

  it('leaves endpoints and settings that only mention tokens or authorization in clear', () => {
    for (const key of [
      'tokenEndpoint',
      'authorizationEndpoint',
      'tokenEndpointAuthMethod',
      'idTokenSignedResponseAlg',
      'passive',
      'user',
      'host',
      'keyId',
      'accessKeyId',
      'jwksUri',
      'Content-Type',
      'to',
      'text',
    ]) {
      expect(isSecretConfigKey(key), key).toBe(false);
    }
  });
});

describe('email templates', () => {
  const details = { subject: 'Code', content: 'Your code is {{code}}', contentType: 'text/plain' } as const;

  it('refuses a sender name with a URL and a reply-to that is not an email address', () => {
    const result = emailTemplateDetailsSchema.safeParse({ ...details, sendFrom: 'Visit www.evil-example.com', replyTo: 'not an email' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['replyTo', 'sendFrom']);
    expect(emailTemplateDetailsSchema.partial().safeParse({ sendFrom: 'https://x.test' }).success).toBe(false);
    expect(emailTemplateDetailsSchema.safeParse({ ...details, sendFrom: 'Acme Inc.', replyTo: 'help@acme.test' }).success).toBe(true);
  });

  it('keeps the subject on one line: it becomes a mail header', () => {
    for (const subject of ['Code\r\nBcc: x@evil.example', 'Code\nBcc: x@evil.example']) {
      const result = emailTemplateDetailsSchema.safeParse({ ...details, subject });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['subject', 'Header values must be on one line.']]);
    }
  });

  it('still reads back a template stored before these checks', () => {
    const stored = { id: 'a', languageTag: 'en', templateType: 'SignIn', createdAt: 1, details: { ...details, sendFrom: 'acme.com', replyTo: 'x' } };
    expect(emailTemplateSchema.safeParse(stored).success).toBe(true);
  });

  it('refuses the same language and type twice in one request, naming the duplicate', () => {
    const result = emailTemplateUpsertSchema.safeParse({
      templates: [
        { languageTag: 'fr', templateType: 'SignIn', details },
        { languageTag: 'fr', templateType: 'Register', details },
        { languageTag: 'fr', templateType: 'SignIn', details: { ...details, subject: 's2' } },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['templates.2.templateType']);
  });
});

describe('connector rules', () => {
  const messagesOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

  it('says what a connector id and a target may hold, in every language', () => {
    const id = messagesOf(connectorCreateSchema.safeParse({ connectorId: 'github', id: 'git hub!', config: {} }));
    const target = messagesOf(connectorMetadataOverridesSchema.safeParse({ target: 'GitHub' }));
    expect(id).toEqual(['Must be letters, digits, "-" or "_".']);
    expect(target).toEqual(['Must be lowercase letters, digits, "-" or "_", starting with a letter or digit.']);
    expect(connectorCreateSchema.safeParse({ connectorId: 'github', id: 'git_hub-2', config: {} }).success).toBe(true);
    expect(connectorMetadataOverridesSchema.safeParse({ target: 'okta_eu-2' }).success).toBe(true);
    for (const locale of supportedLocales) {
      for (const message of [...id, ...target]) {
        expect(localizeValidationMessage(message, validationPhrasesByLocale[locale]), `${locale}: ${message}`).toBeTruthy();
      }
    }
  });
});
