import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodRawIssue, type $ZodType, safeParse } from 'zod/v4/core';

import { RequestValidationError } from './errors.js';

/**
 * Validates request parts with their zod schema. Unlike the stock compiler it keeps zod's raw issues,
 * which the error handler translates into the caller's language.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const location = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
    const unstorable = unstorableText(data);
    if (unstorable.length > 0) {
      return { error: new RequestValidationError(location, unstorable) };
    }
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) {
      return { value: result.data };
    }
    return { error: new RequestValidationError(location, result.error.issues as $ZodRawIssue[]) };
  };

const unstorableMessage = 'Must not contain NUL characters or unpaired surrogates.';
/** A key as a path segment: escaped as in JSON, so that the error shows the character it is about. */
const readableKey = (key: string) => JSON.stringify(key).slice(1, -1);

/**
 * Text PostgreSQL cannot store, in any string or key of a request part: NUL characters (neither
 * `text` nor `jsonb` holds them) and unpaired UTF-16 surrogates (`jsonb` refuses their escapes).
 * Refused up front as bad input, for every route at once, rather than failing at the database.
 */
const unstorableText = (data: unknown, path: PropertyKey[] = [], found: $ZodRawIssue[] = []): $ZodRawIssue[] => {
  const isBad = (text: string) => text.includes('\0') || !text.isWellFormed();
  if (typeof data === 'string') {
    if (isBad(data)) {
      found.push({ code: 'custom', path, message: unstorableMessage, input: data });
    }
  } else if (Array.isArray(data)) {
    data.forEach((item, index) => unstorableText(item, [...path, index], found));
  } else if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (isBad(key)) {
        found.push({ code: 'custom', path: [...path, readableKey(key)], message: unstorableMessage, input: key });
      } else {
        unstorableText(value, [...path, key], found);
      }
    }
  }
  return found;
};
