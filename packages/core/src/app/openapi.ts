import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What each status means, in place of the generator's "Default Response". */
const statusDescriptions: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  400: 'The request is invalid (`guard.invalid_input` with `details`, `guard.invalid_json`, …) or does not fit the current state',
  401: 'No valid bearer token (`auth.*`)',
  403: 'Not allowed: the token lacks the scope (`auth.insufficient_scope`), or the action is refused',
  404: 'Not found (`entity.not_found`, `route.not_found`, …)',
  409: 'Conflicts with an existing entity',
  413: 'The request body is larger than allowed (`guard.body_too_large`)',
  415: 'The request body is not JSON (`guard.unsupported_media_type`)',
  422: 'Understood but refused (the code says why)',
  429: 'Too many requests or attempts; `Retry-After` says how long to wait when known',
  502: 'An email, SMS or social provider failed (`connector.*`)',
  503: 'A service the route needs is unavailable',
};

const errorResponse = (status: string) => ({
  description: statusDescriptions[status],
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** OpenAPI 3.0's `nullable` does not widen `enum`: a null the server sends must be one of the values. */
const admitNullInNullableEnums = (node: unknown): void => {
  if (Array.isArray(node)) {
    node.forEach(admitNullInNullableEnums);
    return;
  }
  if (!isNode(node)) {
    return;
  }
  if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) {
    node.enum = [...node.enum, null];
  }
  Object.values(node).forEach(admitNullInNullableEnums);
};

/**
 * Completes the document @fastify/swagger and fastify-type-provider-zod generate (OpenAPI 3.0) so
 * that it says what the server does:
 * - a nullable enum lists `null` (the converter leaves it out, and a validating client refuses it);
 * - a 204 answer has no body (a route's `z.null()` would be documented as JSON content);
 * - a route that takes a JSON body documents 413 and 415, which the server answers for any of them
 *   (the body limit, and every content type but JSON);
 * - each answer has a description of its status instead of "Default Response".
 */
export const completeOpenApiDocument = <T>(document: T): T => {
  const root = document as Node;
  admitNullInNullableEnums(root.components);
  admitNullInNullableEnums(root.paths);
  for (const item of Object.values(isNode(root.paths) ? root.paths : {})) {
    for (const operation of Object.values(isNode(item) ? item : {})) {
      if (!isNode(operation) || !isNode(operation.responses)) {
        continue;
      }
      const responses = operation.responses as Record<string, Node>;
      if (operation.requestBody) {
        for (const status of ['413', '415']) {
          responses[status] ??= errorResponse(status);
        }
      }
      if (responses['204']) {
        delete responses['204'].content;
      }
      for (const [status, response] of Object.entries(responses)) {
        if (response.description === 'Default Response' && statusDescriptions[status]) {
          response.description = statusDescriptions[status];
        }
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return document;
};

/** The zod components and schemas (fastify-type-provider-zod), completed as above. */
export const openApiTransformObject: SwaggerTransformObject = (input) => completeOpenApiDocument(jsonSchemaTransformObject(input));
