import { eurToMad, feeOf } from '../../../common/money/conversion.ts';
import { parseDecimal, type Decimal } from '../../../common/money/decimal.ts';
import { add, type Money } from '../../../common/money/money.ts';
import type { CurrentRates } from '../rates/rates.service.ts';

/** What an amount of euros buys at the rates of the moment, in exact integers. */
export interface Quote {
  from: Money<'EUR'>;
  /** Whole dirhams: from x rate, rounded once. */
  to: Money<'MAD'>;
  /** from x fee fraction, to the cent ("the fee in EUR is from_amount times the fee percent"). */
  fee: Money<'EUR'>;
  /** What the card pays: from + fee. */
  total: Money<'EUR'>;
  rate: string;
  officialRate: string;
  feeFraction: string;
  subscribed: boolean;
}

function decimal(text: string): Decimal {
  const value = parseDecimal(text);
  // rates:set validated the row; a value that does not parse is a corrupt database, not user input.
  if (!value) throw new Error(`Corrupt rate "${text}"`);
  return value;
}

export function quote(from: Money<'EUR'>, rates: CurrentRates, subscribed: boolean): Quote {
  const rate = subscribed ? rates.subscription : rates.freemium;
  const fee = feeOf(from, decimal(rates.card_fee));
  return {
    from,
    to: eurToMad(from, decimal(rate)),
    fee,
    total: add(from, fee),
    rate,
    officialRate: rates.official,
    feeFraction: rates.card_fee,
    subscribed,
  };
}
