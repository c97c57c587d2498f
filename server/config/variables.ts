import { z } from 'zod';

/** The shapes environment variables are parsed into, shared by the areas' declarations (server/config/). */
export const port = z.coerce.number().int().min(0).max(65_535);
export const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');
export const seconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(366 * 86_400)
    .default(fallback);
export const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback);
export const count = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);
/** Keys that sign tokens and pepper codes: long enough that guessing them is not a plan. */
export const secret = z.string().min(32, 'must be at least 32 characters').optional();
