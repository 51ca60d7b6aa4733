import {
  connectorCreateSchema,
  connectorMetadataOverridesSchema,
  primaryEmailSchema,
  resourceCreateSchema,
  scopeCreateSchema,
  usernameSchema,
} from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';

import { describeIssue, issueMessage, localizeMessage, schemaMessages, type Translate } from './validation-messages.js';

const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

describe('issueMessage', () => {
  it('maps zod issues to phrases', () => {
    expect(issueMessage({ code: 'too_small', origin: 'string', minimum: 1 }, t)).toBe('validation.required');
    expect(issueMessage({ code: 'too_small', origin: 'string', minimum: 8 }, t)).toBe('validation.min_length {"min":8}');
    expect(issueMessage({ code: 'too_big', origin: 'string', maximum: 256 }, t)).toBe('validation.max_length {"max":256}');
    expect(issueMessage({ code: 'too_small', origin: 'number', minimum: 60 }, t)).toBe('validation.min_value {"min":60}');
    expect(issueMessage({ code: 'too_big', origin: 'number', maximum: 86_400 }, t)).toBe('validation.max_value {"max":86400}');
    expect(issueMessage({ code: 'too_big', origin: 'array', maximum: 64 }, t)).toBe('validation.max_items {"max":64}');
    expect(issueMessage({ code: 'invalid_type', expected: 'string', input: undefined }, t)).toBe('validation.required');
    expect(issueMessage({ code: 'invalid_type', expected: 'int', input: 1.5 }, t)).toBe('validation.integer');
    expect(issueMessage({ code: 'invalid_type', expected: 'number', input: 'x' }, t)).toBe('validation.number');
    expect(issueMessage({ code: 'custom' }, t)).toBe('validation.invalid');
    expect(issueMessage({ code: 'invalid_value', input: undefined }, t)).toBe('validation.required');
    expect(issueMessage({ code: 'invalid_value', input: 'Sometimes' }, t)).toBe('validation.invalid');
    expect(issueMessage({ code: 'invalid_union', input: undefined }, t)).toBe('validation.required');
    expect(issueMessage({ code: 'invalid_union', input: { format: 'xml' } }, t)).toBe('validation.invalid');
  });

  it('gets the issue shapes zod really produces', () => {
    const result = resourceCreateSchema.safeParse({ name: '', indicator: 'x'.repeat(300), accessTokenTtl: 10 });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issueMessage(issue as never, t));
    expect(messages).toContain('validation.required');
    expect(messages).toContain('validation.max_length {"max":256}');
    expect(messages).toContain('validation.min_value {"min":60}');
  });
});

describe('schema messages', () => {
  it('covers the messages the schemas really use', () => {
    const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error!.issues[0]!.message;
    expect(schemaMessages[messageOf(usernameSchema.safeParse('1abc'))]).toBe('schema.user.username');
    expect(schemaMessages[messageOf(primaryEmailSchema.safeParse('nope'))]).toBe('schema.email.address');
    expect(schemaMessages[messageOf(scopeCreateSchema.safeParse({ name: 'a b' }))]).toBe('schema.scope.name');
    expect(schemaMessages[messageOf(resourceCreateSchema.shape.indicator.safeParse('https://x.example/#f'))]).toBe('schema.url.absolute_uri');
  });

  it('translates known messages and leaves others alone', () => {
    expect(localizeMessage('Must be an email address.', t)).toBe('schema.email.address {}');
    expect(localizeMessage('Duplicate template for SignIn.', t)).toBe('schema.duplicate.template {"template":"SignIn"}');
    expect(localizeMessage('Déjà localisé.', t)).toBe('Déjà localisé.');
  });
});

describe('describeIssue', () => {
  it('says a rule the schema words itself, such as what a connector id or target may hold', () => {
    const id = connectorCreateSchema.shape.id.safeParse('git hub!').error!.issues[0]!;
    const target = connectorMetadataOverridesSchema.safeParse({ target: 'GitHub' }).error!.issues[0]!;
    expect(describeIssue(id as never, t)).toBe('schema.connector.id {}');
    expect(describeIssue(target as never, t)).toBe('schema.connector.target {}');
  });

  it('falls back to the phrase of zod’s own issue', () => {
    const empty = connectorCreateSchema.shape.id.safeParse('').error!.issues[0]!;
    expect(describeIssue(empty as never, t)).toBe('validation.required');
    expect(describeIssue({ code: 'invalid_format', message: 'Invalid string: must match pattern /x/' }, t)).toBe('validation.invalid');
  });
});
