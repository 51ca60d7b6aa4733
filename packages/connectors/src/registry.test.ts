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
