import { describe, expect, it } from 'vitest';

import { completeOpenApiDocument } from './openapi.js';

type Schema = { enum?: unknown[]; properties?: Record<string, Schema> } & Record<string, unknown>;
const json = (schema: Schema) => ({ description: 'Default Response', content: { 'application/json': { schema } } });

describe('completeOpenApiDocument', () => {
  it('admits null in nullable enums, wherever they are', () => {
    const document = completeOpenApiDocument({
      components: { schemas: { Connector: { type: 'object', properties: { platform: { type: 'string', nullable: true, enum: ['Web', 'Native'] } } } } },
      paths: {
        '/x': { get: { responses: { 200: json({ type: 'object', properties: { event: { type: 'string', nullable: true, enum: ['SignIn'] }, kind: { type: 'string', enum: ['a'] } } }) } } },
      },
    });
    expect(document.components.schemas.Connector.properties.platform.enum).toEqual(['Web', 'Native', null]);
    const schema = document.paths['/x'].get.responses[200].content['application/json'].schema;
    expect(schema.properties!.event!.enum).toEqual(['SignIn', null]);
    // Not nullable: left as it is.
    expect(schema.properties!.kind!.enum).toEqual(['a']);
  });

  it('gives 204 no content, and every route with a body 413 and 415, with descriptions of the status', () => {
    const document = completeOpenApiDocument({
      paths: {
        '/x': {
          delete: { responses: { 204: json({ type: 'string', nullable: true, enum: [null] }), 404: json({ $ref: '#/components/schemas/Error' }) } },
          put: { requestBody: { content: {} }, responses: { 200: json({}), 415: { description: 'Only PNG', content: {} } } },
        },
      },
    }) as { paths: Record<string, Record<string, { responses: Record<string, { description: string; content?: unknown }> }>> };
    const { delete: remove, put } = document.paths['/x']!;
    expect(remove!.responses['204']).toEqual({ description: 'No content' });
    expect(remove!.responses['404']!.description).toMatch(/Not found/);
    expect(Object.keys(remove!.responses)).toEqual(['204', '404']);
    expect(Object.keys(put!.responses)).toEqual(['200', '413', '415']);
    expect(put!.responses['413']).toEqual({
      description: expect.stringContaining('guard.body_too_large'),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    // A route's own 415 is kept.
    expect(put!.responses['415']!.description).toBe('Only PNG');
    expect(put!.responses['200']!.description).toBe('OK');
  });
});
