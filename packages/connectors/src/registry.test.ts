import { matchValidationMessage } from '@gatehouse/schemas/validation-messages';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { connectorMetadataSchema } from './kit/metadata.js';
import { builtInConnectors, findConnectorFactory } from './registry.js';

describe('built-in connectors', () => {
  it.each(builtInConnectors.map((factory) => [factory.metadata.id, factory] as const))('%s has valid metadata', (_id, factory) => {
    const result = connectorMetadataSchema.safeParse(factory.metadata);
    expect(result.error?.issues ?? []).toEqual([]);
    expect(factory.metadata.name.en).toEqual(expect.any(String));
    expect(factory.metadata.description.en).toEqual(expect.any(String));
  });

  it.each(builtInConnectors.map((factory) => [factory.metadata.id, factory] as const))(
    '%s has a config guard the console can render as JSON Schema',
    (_id, factory) => {
      const schema = z.toJSONSchema(factory.metadata.configGuard, { io: 'input', unrepresentable: 'any' });
      expect(schema).toMatchObject({ type: 'object' });
    },
  );

  it.each(builtInConnectors.map((factory) => [factory.metadata.id, factory] as const))(
    '%s publishes the message of each pattern and format, for forms generated from its JSON Schema',
    (_id, factory) => {
      const checked: { path: string; errorMessage: unknown }[] = [];
      const visit = (node: unknown, path: string) => {
        if (typeof node !== 'object' || node === null) {
          return;
        }
        const schema = node as Record<string, unknown>;
        if (schema.pattern !== undefined || schema.format !== undefined) {
          checked.push({ path, errorMessage: schema.errorMessage });
        }
        for (const [name, child] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) {
          visit(child, path ? `${path}.${name}` : name);
        }
        for (const key of ['items', 'additionalProperties', 'propertyNames'] as const) {
          visit(schema[key], `${path}[${key}]`);
        }
        for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
          (schema[key] as unknown[] | undefined)?.forEach((child) => visit(child, path));
        }
      };
      visit(z.toJSONSchema(factory.metadata.configGuard, { io: 'input', unrepresentable: 'any' }), '');
      for (const { path, errorMessage } of checked) {
        expect(typeof errorMessage === 'string' && matchValidationMessage(errorMessage), `${factory.metadata.id} ${path}`).toBeTruthy();
      }
    },
  );

  it('publish the messages the console shows for SMTP addresses', () => {
    const schema = z.toJSONSchema(findConnectorFactory('smtp')!.metadata.configGuard, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, { errorMessage?: string }>;
    };
    expect(schema.properties.fromEmail?.errorMessage).toBe('Must be an email address.');
    expect(schema.properties.replyTo?.errorMessage).toBe('Must be an email address.');
    const refused = findConnectorFactory('smtp')!.metadata.configGuard.safeParse({ fromEmail: 'nope' });
    expect(refused.error?.issues.find((issue) => issue.path[0] === 'fromEmail')?.message).toBe('Must be an email address.');
  });

  it('have unique ids', () => {
    const ids = builtInConnectors.map((factory) => factory.metadata.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('email and SMS connectors have no platform and target their own id', () => {
    for (const factory of builtInConnectors.filter((candidate) => candidate.type !== 'Social')) {
      expect(factory.metadata.platform).toBeNull();
      expect(factory.metadata.target).toBe(factory.metadata.id);
    }
  });

  it('social connectors have a platform, and only the generic ones are standard', () => {
    const social = builtInConnectors.filter((factory) => factory.type === 'Social');
    for (const factory of social) {
      expect(factory.metadata.platform).not.toBeNull();
    }
    expect(social.filter((factory) => factory.metadata.isStandard).map((factory) => factory.metadata.id).sort()).toEqual([
      'oauth2',
      'oidc',
    ]);
  });

  it('each kind has the methods of its type', () => {
    for (const factory of builtInConnectors) {
      if (factory.type === 'Social') {
        expect(typeof factory.getAuthorizationUri).toBe('function');
        expect(typeof factory.getUserInfo).toBe('function');
      } else {
        expect(typeof factory.sendMessage).toBe('function');
      }
    }
  });

  it('finds a factory by id', () => {
    expect(findConnectorFactory('smtp')?.type).toBe('Email');
    expect(findConnectorFactory('google')?.metadata.target).toBe('google');
    expect(findConnectorFactory('nope')).toBeUndefined();
  });
});
