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
    const result = safeParse(schema, data, { reportInput: true });
    if (result.success) {
      return { value: result.data };
    }
    const location = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
    return { error: new RequestValidationError(location, result.error.issues as $ZodRawIssue[]) };
  };
