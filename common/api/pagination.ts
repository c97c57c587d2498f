import { z } from 'zod';

/** Every list pages by `?page=1&page_size=10`, page_size capped at 100 (a larger one is capped, as DRF does). */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export const paginationMessages = {
  integer: 'A valid integer is required.',
} as const;

/** Query strings are text: only plain digits count, so `page=1e3`, `page=` or `page=-1` are a 400, not a guess. */
const positiveIntegerQuery = z
  .string()
  .regex(/^\d{1,9}$/, paginationMessages.integer)
  .transform(Number)
  .refine((n) => n >= 1, paginationMessages.integer);

export const pageQuerySchema = z.object({
  page: positiveIntegerQuery.optional().transform((p) => p ?? 1),
  page_size: positiveIntegerQuery.optional().transform((s) => Math.min(s ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE)),
});

/** `{count, next, previous, results}`; next/previous are the same path with the page changed, or null. */
export const pagedResponseSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
