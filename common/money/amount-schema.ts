import { z } from 'zod';
import { parseAmount, type AmountParseError, type Currency } from './money.ts';

/** Field messages for a refused amount (DRF wording, so the UI's existing translations apply). */
export const amountMessages: Record<AmountParseError, string> = {
  invalid: 'A valid number is required.',
  too_many_decimals: 'Ensure that there are no more than 2 decimal places.',
  not_positive: 'Ensure this value is greater than 0.',
  too_large: 'Ensure this value is not absurdly large.',
};

/** An API amount field: a number or a decimal string in, `Money<C>` out; a refused value is a 400 on that field. */
export function amountSchema<C extends Currency>(currency: C) {
  return z.union([z.number(), z.string()]).transform((input, ctx) => {
    const parsed = parseAmount(input, currency);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: amountMessages[parsed.error] });
    return z.NEVER;
  });
}
