import { parseDecimal, pow10 } from '../../common/money/decimal';
import { formatLocaleMoney } from '../../common/money/locale-amount';
import { MINOR_DIGITS, money } from '../../common/money/money';
import type { Currency, Money } from '../../common/money/money';
import { numberFormat } from './intl-format';

/**
 * Money and rates as every screen shows them (issue 26 item 10: one place, not home/balance.ts or the exchange
 * summary borrowed by four features).
 */

/**
 * An API decimal string ("150.00", "0.00") as money. parseAmount refuses zero (it checks input), and a balance
 * may well be zero, so this reads the exact decimal instead; never through a JavaScript number.
 */
export function moneyFromApi<C extends Currency>(text: string, currency: C): Money<C> | undefined {
  const decimal = parseDecimal(text);
  if (!decimal || decimal.scale > MINOR_DIGITS) return undefined;
  return money(currency, decimal.units * pow10(MINOR_DIGITS - decimal.scale));
}

/** Money for display in the active locale, with its currency code (SPEC.md section 9): the shared formatter. */
export const formatMoney = formatLocaleMoney;

/** A rate as "10,70 MAD" in the locale, from its exact decimal text. */
export function formatRate(rate: string, locale: string): string {
  const number = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(rate as `${number}`);
  return `${number} MAD`;
}

/** A percentage's number ("1,60") from its exact decimal text. */
export const formatPercentNumber = (percent: string, locale: string) =>
  numberFormat(locale, { minimumFractionDigits: 2 }).format(percent as `${number}`);
