import { eurToMad, feeOf, formatPercent } from '../../../common/money/conversion';
import { parseDecimal } from '../../../common/money/decimal';
import type { Exchange } from '../../../common/api/exchanges';
import { parseLocaleAmount } from '../../../common/money/locale-amount';
import { add, money } from '../../../common/money/money';
import type { Money } from '../../../common/money/money';

/**
 * The figures of the add-money screen, with the same exact functions the server prices with,
 * so what the customer sees while typing is what the draft will say: MAD = from x rate in whole dirhams, fee =
 * from x fee fraction to the cent, cost = from + fee, fee shown as a percent with 2 decimals.
 */
export interface ExchangeFigures {
  from: Money<'EUR'>;
  mad: Money<'MAD'>;
  fee: Money<'EUR'>;
  /** The fee in MAD is the EUR fee times the official rate, in whole dirhams. */
  feeMad: Money<'MAD'>;
  cost: Money<'EUR'>;
  feePercent: string;
  rate: string;
}

export type AmountCheck =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  /** '2,000' in French: 2 or 2000? Refused with an example rather than misread. */
  | { kind: 'ambiguous' }
  | { kind: 'belowMinimum' }
  | { kind: 'aboveMaximum' }
  | { kind: 'ok'; amount: Money<'EUR'> };

/** What the amount field holds, read as the locale writes amounts (either decimal mark, its digits). */
export function checkAmount(text: string, maxAmount: Money<'EUR'> | undefined, locale: string): AmountCheck {
  const parsed = parseLocaleAmount(text, locale, 'EUR');
  if (!parsed.ok) {
    if (parsed.error === 'empty' || parsed.error === 'ambiguous') return { kind: parsed.error };
    return parsed.error === 'not_positive' ? { kind: 'belowMinimum' } : { kind: 'invalid' };
  }
  if (parsed.value.minor < 100n) return { kind: 'belowMinimum' };
  if (maxAmount && parsed.value.minor > maxAmount.minor) return { kind: 'aboveMaximum' };
  return { kind: 'ok', amount: parsed.value };
}

export function exchangeFigures(
  from: Money<'EUR'>,
  rate: string,
  feeFraction: string,
  officialRate: string,
): ExchangeFigures | undefined {
  const r = parseDecimal(rate);
  const f = parseDecimal(feeFraction);
  const o = parseDecimal(officialRate);
  if (!r || !f || !o || r.units === 0n || o.units === 0n) return undefined;
  const fee = feeOf(from, f);
  const feeMad = eurToMad(fee, o);
  return { from, mad: eurToMad(from, r), fee, feeMad, cost: add(from, fee), feePercent: formatPercent(f), rate };
}

/** An API amount ("101.60") in minor units, exactly; undefined for anything else. */
function apiMoney<C extends 'EUR' | 'MAD'>(text: string, currency: C): Money<C> | undefined {
  const match = /^(\d+)\.(\d{2})$/.exec(text);
  return match ? money(currency, BigInt(`${match[1]}${match[2]}`)) : undefined;
}

/** The figures of the saved draft: the server's quote, which validation honours (shown = paid). */
export function quoteFigures(quote: Exchange): ExchangeFigures | undefined {
  const from = apiMoney(quote.from_amount, 'EUR');
  const mad = apiMoney(quote.to_amount, 'MAD');
  const fee = apiMoney(quote.fee_amount, 'EUR');
  const feeMad = apiMoney(quote.fee_amount_mad, 'MAD');
  const cost = apiMoney(quote.total_amount, 'EUR');
  const fraction = parseDecimal(quote.fees);
  if (!from || !mad || !fee || !feeMad || !cost || !fraction) return undefined;
  return { from, mad, fee, feeMad, cost, feePercent: formatPercent(fraction), rate: quote.rate };
}

/** The rate this customer gets: subscription rate when subscribed, else freemium. */
export const customerRate = (rates: { freemium: string; subscription: string }, subscribed: boolean) =>
  subscribed ? rates.subscription : rates.freemium;
