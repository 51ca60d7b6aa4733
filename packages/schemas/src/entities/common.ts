import { z } from 'zod';

import { idLength, pagination } from '../constants/limits.js';

/** No value twice (for `.refine` on arrays). */
export const unique = <T>(values: readonly T[]) => new Set(values).size === values.length;

export const idSchema = z.string().min(1).max(idLength);

/** JSON object stored as-is (custom data). Bounded so one row cannot grow without limit. */
export const jsonObjectSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 65_536, {
    message: 'Must serialize to at most 64 KiB of JSON.',
  });

/** Millisecond timestamp. */
export const timestampSchema = z.number().int().nonnegative();

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(pagination.maxPageSize).default(pagination.defaultPageSize),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const searchQuerySchema = paginationQuerySchema.extend({
  search: z.string().max(256).optional(),
});

export const errorBodySchema = z
  .object({
    code: z.string(),
    message: z.string(),
    details: z
      .array(
        z.object({
          path: z.string(),
          code: z.string(),
          message: z.string(),
          /** The limit a value too short or too long broke (`too_small` / `too_big`): a length, a size or a number. */
          minimum: z.number().optional(),
          maximum: z.number().optional(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
