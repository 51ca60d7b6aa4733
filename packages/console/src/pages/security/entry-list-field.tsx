import { TagsInput, type TagsInputProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

import type { FieldBinding } from '../../components/form.js';
import { firstInvalidEntry } from '../../lib/security.js';

/**
 * A list of entries typed as tags (up to 1000). When the list is refused, the error names the
 * first entry that `entrySchema` refuses (`invalidMessage`), else it is the list's own.
 */
export const EntryListField = <T extends FieldValues>({
  control,
  name,
  entrySchema,
  invalidMessage,
  ...props
}: FieldBinding<T> & { entrySchema: z.ZodType; invalidMessage: (entry: string) => string } & Omit<TagsInputProps, 'value' | 'onChange' | 'error' | 'name'>) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState: { error } }) => {
      const invalid = error && firstInvalidEntry(field.value, entrySchema);
      return (
        <TagsInput
          {...props}
          value={field.value ?? []}
          onChange={field.onChange}
          clearable
          maxTags={1000}
          error={error && (invalid === undefined ? error.message : invalidMessage(invalid))}
        />
      );
    }}
  />
);
