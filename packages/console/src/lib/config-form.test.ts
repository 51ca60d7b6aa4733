import { secretMask } from '@gatehouse/schemas';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import {
  configLabelKeyOf,
  describeConfigSchema,
  fieldAt,
  fieldPathOf,
  formErrorCodes,
  getAt,
  humanizeKey,
  isSecretMapValue,
  type JsonSchema,
  newListItem,
  serverDetailPath,
  setAt,
  toConfig,
  toFormState,
  validateConfig,
} from './config-form.js';
import { issueMessage } from './validation-messages.js';

/** A configuration shaped like the email and SMS factories', through zod's own JSON Schema output (as the server does). */
const guard = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
  secure: z.boolean().optional(),
  enablePkce: z.boolean().default(true),
  auth: z.object({ user: z.string().min(1), pass: z.string().min(1) }).optional(),
  fromEmail: z.email({ message: 'Must be an email address.' }).meta({ errorMessage: 'Must be an email address.' }),
  method: z.literal('POST').default('POST'),
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
  templates: z
    .array(z.object({ usageType: z.enum(['SignIn', 'Generic']), content: z.string().min(1).max(65_536) }))
    .min(1),
  customHeaders: z.record(z.string(), z.string()).optional(),
  bodyTemplate: z
    .discriminatedUnion('format', [
      z.object({ format: z.literal('json'), template: z.string() }),
      z.object({ format: z.literal('form'), fields: z.record(z.string(), z.string()) }),
    ])
    .optional(),
  connectionTimeoutMs: z.number().int().min(100).default(10_000),
  clientSecret: z.string().min(1).max(4096).optional(),
  privateKey: z.string().max(4096).optional(),
  tokenEndpoint: z.string().max(2048).optional(),
});
const schema = z.toJSONSchema(guard, { unrepresentable: 'any', io: 'input' }) as JsonSchema;

describe('describeConfigSchema', () => {
  const fields = describeConfigSchema(schema);
  const byName = (name: string) => fields.find((field) => field.name === name)!;

  it('maps each JSON Schema shape to a field kind', () => {
    expect(fields.map((field) => [field.name, field.kind])).toEqual([
      ['host', 'text'],
      ['port', 'number'],
      ['secure', 'tristate'],
      ['enablePkce', 'switch'],
      ['auth', 'group'],
      ['fromEmail', 'text'],
      ['method', 'fixed'],
      ['tokenEndpointAuthMethod', 'select'],
      ['templates', 'list'],
      ['customHeaders', 'map'],
      ['bodyTemplate', 'json'],
      ['connectionTimeoutMs', 'number'],
      ['clientSecret', 'text'],
      ['privateKey', 'text'],
      ['tokenEndpoint', 'text'],
    ]);
  });

  it('keeps required flags, limits, defaults and secrets', () => {
    expect(byName('host')).toMatchObject({ required: true, secret: false, multiline: false });
    expect(byName('secure').required).toBe(false);
    expect(byName('port')).toMatchObject({ integer: true, min: 1, max: 65_535 });
    expect(byName('connectionTimeoutMs')).toMatchObject({ placeholder: '10000' });
    expect(byName('enablePkce')).toMatchObject({ defaultValue: true });
    expect(byName('tokenEndpointAuthMethod')).toMatchObject({ options: ['client_secret_basic', 'client_secret_post'], defaultValue: 'client_secret_basic' });
    // Long secrets stay password inputs; a private key's content has lines; endpoints are no secrets.
    expect(byName('clientSecret')).toMatchObject({ secret: true, multiline: false, required: false });
    expect(byName('privateKey')).toMatchObject({ secret: true, multiline: true });
    expect(byName('tokenEndpoint')).toMatchObject({ secret: false });
    expect(byName('method')).toMatchObject({ value: 'POST' });
    const auth = byName('auth');
    expect(auth.kind === 'group' && auth.fields.map((field) => [field.labelKey, field.kind === 'text' && field.secret])).toEqual([
      ['auth.user', false],
      ['auth.pass', true],
    ]);
    // The group is optional (no sign-in at all): its fields are not marked required on their own.
    expect(auth.kind === 'group' && auth.fields.map((field) => field.required)).toEqual([false, false]);
    const templates = byName('templates');
    expect(templates.kind === 'list' && templates.minItems).toBe(1);
    expect(templates.kind === 'list' && templates.fields.map((field) => [field.labelKey, field.kind])).toEqual([
      ['templates.usageType', 'select'],
      ['templates.content', 'text'],
    ]);
    expect(templates.kind === 'list' && templates.fields[1]!.kind === 'text' && templates.fields[1]!.multiline).toBe(true);
  });

  it('leaves out the keys asked for', () => {
    expect(describeConfigSchema(schema, ['host', 'port']).map((field) => field.name)).not.toContain('host');
  });
});

describe('form state and config', () => {
  const fields = describeConfigSchema(schema);

  it('starts a new form with the defaults and one entry for a list that needs one', () => {
    const state = toFormState(fields);
    expect(state).toMatchObject({
      host: '',
      port: '',
      secure: undefined,
      enablePkce: true,
      tokenEndpointAuthMethod: 'client_secret_basic',
      auth: { user: '', pass: '' },
      templates: [{ usageType: '', content: '' }],
      customHeaders: [],
      bodyTemplate: '',
    });
  });

  it('turns the state into a config: empty inputs and empty optional groups left out, constants sent', () => {
    let state = toFormState(fields);
    state = setAt(state, 'host', '127.0.0.1');
    state = setAt(state, 'port', 2525);
    state = setAt(state, 'fromEmail', 'noreply@example.com');
    state = setAt(state, 'templates.0.usageType', 'Generic');
    state = setAt(state, 'templates.0.content', 'Code {{code}}');
    state = setAt(state, 'customHeaders', [
      { key: 'X-Tag', value: 'one' },
      { key: '', value: '' },
    ]);
    state = setAt(state, 'bodyTemplate', '{ "format": "json", "template": "{}" }');
    const { config, errors } = toConfig(fields, state);
    expect(errors).toEqual({});
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 2525,
      enablePkce: true,
      fromEmail: 'noreply@example.com',
      method: 'POST',
      tokenEndpointAuthMethod: 'client_secret_basic',
      templates: [{ usageType: 'Generic', content: 'Code {{code}}' }],
      customHeaders: { 'X-Tag': 'one' },
      bodyTemplate: { format: 'json', template: '{}' },
    });
    expect(validateConfig(schema, fields, config)).toEqual([]);
  });

  it('round-trips a saved config, masked secrets included', () => {
    const saved = {
      host: 'smtp.example.com',
      port: 587,
      secure: false,
      enablePkce: false,
      auth: { user: 'apikey', pass: secretMask },
      fromEmail: 'noreply@example.com',
      method: 'POST',
      tokenEndpointAuthMethod: 'client_secret_post',
      templates: [{ usageType: 'SignIn', content: 'Sign in with {{code}}' }],
      customHeaders: { 'X-One': '1', 'X-Two': '2' },
      bodyTemplate: { format: 'form', fields: { to: '{{to}}' } },
      connectionTimeoutMs: 5000,
      clientSecret: secretMask,
    };
    const state = toFormState(fields, saved);
    expect(getAt(state, 'auth.pass')).toBe(secretMask);
    expect(getAt(state, 'customHeaders')).toEqual([
      { key: 'X-One', value: '1' },
      { key: 'X-Two', value: '2' },
    ]);
    expect(toConfig(fields, state)).toEqual({ config: saved, errors: {} });
  });

  it('reports JSON that does not parse and map keys given twice on their fields', () => {
    let state = toFormState(fields);
    state = setAt(state, 'bodyTemplate', '{ "format": ');
    state = setAt(state, 'customHeaders', [
      { key: 'X-A', value: '1' },
      { key: 'X-A ', value: '2' },
    ]);
    expect(toConfig(fields, state).errors).toEqual({ bodyTemplate: formErrorCodes.invalidJson, customHeaders: formErrorCodes.duplicateKey });
  });

  it('adds list entries with their own defaults', () => {
    const templates = fields.find((field) => field.name === 'templates')!;
    expect(templates.kind === 'list' && newListItem(templates.fields)).toEqual({ usageType: '', content: '' });
  });
});

describe('validation and error paths', () => {
  const fields = describeConfigSchema(schema);

  it('answers the first problem of each field, inside lists and groups too', () => {
    let state = toFormState(fields);
    state = setAt(state, 'fromEmail', 'not an email');
    state = setAt(state, 'auth.user', 'someone');
    state = setAt(state, 'bodyTemplate', '{ "format": "xml" }');
    const issues = validateConfig(schema, fields, toConfig(fields, state).config);
    expect(issues.map((issue) => [issue.path, issue.issue.code])).toEqual([
      ['host', 'invalid_type'],
      ['port', 'invalid_type'],
      ['auth.pass', 'invalid_type'],
      ['fromEmail', 'invalid_format'],
      ['templates.0.usageType', 'invalid_value'],
      ['templates.0.content', 'invalid_type'],
      ['bodyTemplate', 'invalid_union'],
    ]);
  });

  it('tells a required field of several shapes left empty from one filled in wrong', () => {
    const required = z.toJSONSchema(guard.required({ bodyTemplate: true }), { unrepresentable: 'any', io: 'input' }) as JsonSchema;
    const requiredFields = describeConfigSchema(required);
    const messageFor = (text: string) => {
      const state = setAt(toFormState(requiredFields), 'bodyTemplate', text);
      const found = validateConfig(required, requiredFields, toConfig(requiredFields, state).config).find((issue) => issue.path === 'bodyTemplate');
      return found && issueMessage(found.issue as never, (key) => key);
    };
    expect(messageFor('')).toBe('validation.required');
    expect(messageFor('{ "format": "xml" }')).toBe('validation.invalid');
  });

  it('says a field’s own rule with the message its factory publishes', () => {
    expect(fields.find((field) => field.name === 'fromEmail')?.message).toBe('Must be an email address.');
    expect(fields.find((field) => field.name === 'host')?.message).toBeUndefined();
    const state = setAt(setAt(toFormState(fields), 'fromEmail', 'not an email'), 'host', 'h'.repeat(300));
    const issues = validateConfig(schema, fields, toConfig(fields, state).config);
    expect(issues.find((issue) => issue.path === 'fromEmail')).toMatchObject({ message: 'Must be an email address.' });
    // Another rule of a field with a message of its own is zod's (too long, say).
    expect(issues.find((issue) => issue.path === 'host')?.message).toBeUndefined();
  });

  it('says what is wrong inside a JSON value of several shapes, by key', () => {
    const problemFor = (text: string) => {
      const state = setAt(toFormState(fields), 'bodyTemplate', text);
      return validateConfig(schema, fields, toConfig(fields, state).config).find((issue) => issue.path === 'bodyTemplate')?.jsonProblem;
    };
    expect(problemFor('{ "format": "json" }')).toEqual({ kind: 'missing', key: 'template' });
    expect(problemFor('{ "format": "form" }')).toEqual({ kind: 'missing', key: 'fields' });
    expect(problemFor('{ "format": "xml" }')).toEqual({ kind: 'one_of', key: 'format', values: ['json', 'form'] });
    expect(problemFor('{ "format": "json", "template": 5 }')).toMatchObject({ kind: 'key', key: 'template', issue: { code: 'invalid_type' } });
    expect(problemFor('[1, 2]')).toEqual({ kind: 'not_object' });
    expect(problemFor('{ "format": "json", "template": "{}" }')).toBeUndefined();
  });

  it('names a server detail no field shows by its config key', () => {
    expect(configLabelKeyOf('config.templates.0.method')).toEqual({ labelKey: 'templates.method', name: 'method' });
    expect(configLabelKeyOf('body.config.issuer')).toEqual({ labelKey: 'issuer', name: 'issuer' });
    expect(configLabelKeyOf('config')).toBeUndefined();
    expect(configLabelKeyOf('metadata.target')).toBeUndefined();
    expect(fieldAt(fields, 'templates.3.content')?.labelKey).toBe('templates.content');
    expect(fieldAt(fields, 'auth.pass')?.kind).toBe('text');
    expect(fieldAt(fields, 'nope')).toBeUndefined();
  });

  it('finds the field of a deep path or a server detail', () => {
    expect(fieldPathOf(fields, ['templates', 2, 'content'])).toBe('templates.2.content');
    expect(fieldPathOf(fields, ['bodyTemplate', 'format'])).toBe('bodyTemplate');
    expect(fieldPathOf(fields, ['customHeaders', 'X-A'])).toBe('customHeaders');
    expect(fieldPathOf(fields, ['unknown'])).toBeUndefined();
    expect(serverDetailPath(fields, 'config.templates.0.usageType')).toBe('templates.0.usageType');
    expect(serverDetailPath(fields, 'body.config.auth.pass')).toBe('auth.pass');
    expect(serverDetailPath(fields, 'to')).toBeUndefined();
  });
});

describe('state paths and labels', () => {
  it('sets values immutably, in lists and groups', () => {
    const state = { a: { b: 'x' }, list: [{ c: '1' }, { c: '2' }] };
    const next = setAt(state, 'list.1.c', '3');
    expect(next).toEqual({ a: { b: 'x' }, list: [{ c: '1' }, { c: '3' }] });
    expect(state.list[1]!.c).toBe('2');
    expect(setAt(state, 'a.b', 'y').a).toEqual({ b: 'y' });
    expect(getAt(next, 'list.1.c')).toBe('3');
    expect(getAt(next, 'missing.deep')).toBeUndefined();
  });

  it('types header values and credentials of a map as passwords', () => {
    expect(isSecretMapValue({ name: 'headers' }, 'X-Api-Version')).toBe(true);
    expect(isSecretMapValue({ name: 'customHeaders' }, 'X-Trace')).toBe(true);
    expect(isSecretMapValue({ name: 'customParams' }, 'api_key')).toBe(true);
    expect(isSecretMapValue({ name: 'customParams' }, 'prompt')).toBe(false);
  });

  it('names a field without a phrase from its key', () => {
    expect(humanizeKey('fromMessagingServiceSID')).toBe('From messaging service sid');
    expect(humanizeKey('api_base-url')).toBe('Api base url');
  });
});
