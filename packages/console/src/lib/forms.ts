import { zodResolver } from '@hookform/resolvers/zod';
import i18next from 'i18next';
import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

import { handleApiError } from '../api/error-handler.js';
import { errorOutcome, inlineErrors, isConsoleError } from './errors.js';
import { issueMessage, localizeMessage, type Translate } from './validation-messages.js';

const translate: Translate = (key, values) => i18next.t(key, values ?? {});

/** Replaces every error message of a react-hook-form error tree by its phrase. */
const localizeErrors = (node: unknown) => {
  if (typeof node !== 'object' || node === null) {
    return;
  }
  const record = node as Record<string, unknown>;
  if (typeof record.message === 'string' && typeof record.type === 'string') {
    record.message = localizeMessage(record.message, translate);
  }
  for (const [key, value] of Object.entries(record)) {
    if (key !== 'ref' && key !== 'message') {
      localizeErrors(value);
    }
  }
};

/**
 * `zodResolver` with messages in the console's language: zod's own issues through the per-parse
 * error map, the schemas' messages through their phrases. Same signature, same types.
 */
export const schemaResolver = ((schema: Parameters<typeof zodResolver>[0], schemaOptions?: object, resolverOptions?: object) => {
  const resolver = (zodResolver as (...args: unknown[]) => (...args: unknown[]) => Promise<{ errors: unknown }>)(
    schema,
    { ...schemaOptions, error: (issue: Parameters<typeof issueMessage>[0]) => issueMessage(issue, translate) },
    resolverOptions,
  );
  return async (...args: unknown[]) => {
    const result = await resolver(...args);
    localizeErrors(result.errors);
    return result;
  };
}) as unknown as typeof zodResolver;

/**
 * Shows a failed submit inside the form (spec: server errors inline): details and conflict codes
 * next to the fields they name, anything else as the form's own error. Expired sessions, refused
 * accounts and network failures go to the global handler.
 */
export const useServerErrors = <T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly string[]) => {
  const [formError, setFormError] = useState<string>();
  const fieldKey = fields.join('|');
  const isField = useCallback(
    (path: string) => fieldKey.split('|').some((field) => path === field || path.startsWith(`${field}.`)),
    [fieldKey],
  );
  const handleServerError = useCallback(
    (error: unknown) => {
      if (isConsoleError(error) && error.body && errorOutcome(error.problem).action === 'toast') {
        const { fields: fieldMessages, rest } = inlineErrors(error.body, isField);
        for (const [path, message] of Object.entries(fieldMessages)) {
          setError(path as Path<T>, { type: 'server', message });
        }
        setFormError(rest.length > 0 ? rest.join('\n') : undefined);
        return;
      }
      handleApiError(error);
    },
    [isField, setError],
  );
  return { formError, setFormError, handleServerError };
};

/** An empty text input means "no value" for nullable fields. */
export const emptyToNull = (value: unknown) => (value === '' ? null : value);
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
