import { formatLocaleMoney, moneyFromApi } from '../../common/money/locale-amount';
import { numberFormat } from './intl-format';

/**
 * Money and rates as every screen shows them (one place, not home/balance.ts or the exchange
 * summary borrowed by four features).
 */

export { moneyFromApi };

/** Money for display in the active locale, with its currency code: the shared formatter. */
export const formatMoney = formatLocaleMoney;

/** A rate as "10,70 MAD" in the locale, from its exact decimal text; a no-break space, so no line parts them. */
export function formatRate(rate: string, locale: string): string {
  const number = numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(rate as `${number}`);
  return `${number}\u00A0MAD`;
}

/** A percentage's number ("1,60") from its exact decimal text. */
export const formatPercentNumber = (percent: string, locale: string) =>
  numberFormat(locale, { minimumFractionDigits: 2 }).format(percent as `${number}`);
