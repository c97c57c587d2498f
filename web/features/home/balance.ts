import { parseDecimal, pow10 } from '../../../common/money/decimal';
import type { Decimal } from '../../../common/money/decimal';
import { madToEur } from '../../../common/money/conversion';
import { formatLocaleMoney } from '../../../common/money/locale-amount';
import { MINOR_DIGITS, money } from '../../../common/money/money';
import type { Currency, Money } from '../../../common/money/money';

/**
 * An API decimal string ("150.00", "0.00") as money. parseAmount refuses zero (it checks input), and a balance
 * may well be zero, so this reads the exact decimal instead; never through a JavaScript number.
 */
export function moneyFromApi<C extends Currency>(text: string, currency: C): Money<C> | undefined {
  const decimal = parseDecimal(text);
  if (!decimal || decimal.scale > MINOR_DIGITS) return undefined;
  return money(currency, decimal.units * pow10(MINOR_DIGITS - decimal.scale));
}

export interface BalanceView {
  mad: Money<'MAD'>;
  /** SPEC.md section 9: the balance divided by the official rate, to the cent; absent when the rate is unusable. */
  eur: Money<'EUR'> | undefined;
}

export function balanceView(balance: string, rate: string): BalanceView | undefined {
  const mad = moneyFromApi(balance, 'MAD');
  if (!mad) return undefined;
  const parsedRate: Decimal | undefined = parseDecimal(rate);
  const eur = parsedRate && parsedRate.units > 0n ? madToEur(mad, parsedRate) : undefined;
  return { mad, eur };
}

/** Money for display in the active locale, with its currency code (SPEC.md section 9): the shared formatter. */
export const formatMoney = formatLocaleMoney;

/** SPEC.md 2.3: send and withdraw need money; with a zero balance they lead to add money instead. */
export function homeTargets(mad: Money<'MAD'> | undefined): { send: string; add: string; withdraw: string } {
  const hasMoney = mad !== undefined && mad.minor > 0n;
  return {
    send: hasMoney ? '/contacts?transaction=send' : '/exchange',
    add: '/exchange',
    withdraw: hasMoney ? '/contacts?transaction=withdraw' : '/exchange',
  };
}
