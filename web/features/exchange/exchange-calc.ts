import { eurToMad, feeOf, formatPercent } from '../../../common/money/conversion';
import { parseDecimal } from '../../../common/money/decimal';
import { add, parseAmount } from '../../../common/money/money';
import type { Money } from '../../../common/money/money';

/**
 * The figures of the add-money screen (SPEC.md section 9), with the same exact functions the server prices with,
 * so what the customer sees while typing is what the draft will say: MAD = from x rate in whole dirhams, fee =
 * from x fee fraction to the cent, cost = from + fee, fee shown as a percent with 2 decimals.
 */
export interface ExchangeFigures {
  from: Money<'EUR'>;
  mad: Money<'MAD'>;
  fee: Money<'EUR'>;
  cost: Money<'EUR'>;
  feePercent: string;
  rate: string;
}

export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'belowMinimum' }
  | { kind: 'aboveMaximum' }
  | { kind: 'ok'; amount: Money<'EUR'> };

/** What the amount field holds: French keyboards type a decimal comma. */
export function checkAmount(text: string, maxAmount: Money<'EUR'> | undefined): AmountCheck {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { kind: 'empty' };
  const parsed = parseAmount(trimmed, 'EUR');
  if (!parsed.ok) return parsed.error === 'not_positive' ? { kind: 'belowMinimum' } : { kind: 'invalid' };
  if (parsed.value.minor < 100n) return { kind: 'belowMinimum' };
  if (maxAmount && parsed.value.minor > maxAmount.minor) return { kind: 'aboveMaximum' };
  return { kind: 'ok', amount: parsed.value };
}

export function exchangeFigures(from: Money<'EUR'>, rate: string, feeFraction: string): ExchangeFigures | undefined {
  const r = parseDecimal(rate);
  const f = parseDecimal(feeFraction);
  if (!r || !f || r.units === 0n) return undefined;
  const fee = feeOf(from, f);
  return { from, mad: eurToMad(from, r), fee, cost: add(from, fee), feePercent: formatPercent(f), rate };
}

/** The rate this customer gets (SPEC.md 9): subscription rate when subscribed, else freemium. */
export const customerRate = (rates: { freemium: string; subscription: string }, subscribed: boolean) =>
  subscribed ? rates.subscription : rates.freemium;
