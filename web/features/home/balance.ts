import { parseDecimal } from '../../../common/money/decimal';
import type { Decimal } from '../../../common/money/decimal';
import { madToEur } from '../../../common/money/conversion';
import type { Money } from '../../../common/money/money';
import { moneyFromApi } from '../../ui/money-format';

export interface BalanceView {
  mad: Money<'MAD'>;
  /** The balance divided by the official rate, to the cent; absent when the rate is unusable. */
  eur: Money<'EUR'> | undefined;
}

export function balanceView(balance: string, rate: string): BalanceView | undefined {
  const mad = moneyFromApi(balance, 'MAD');
  if (!mad) return undefined;
  const parsedRate: Decimal | undefined = parseDecimal(rate);
  const eur = parsedRate && parsedRate.units > 0n ? madToEur(mad, parsedRate) : undefined;
  return { mad, eur };
}

/** Send and withdraw need money; with a zero balance they lead to add money instead. */
export function homeTargets(mad: Money<'MAD'> | undefined): { send: string; add: string; withdraw: string } {
  const hasMoney = mad !== undefined && mad.minor > 0n;
  return {
    send: hasMoney ? '/contacts?transaction=send' : '/exchange',
    add: '/exchange',
    withdraw: hasMoney ? '/contacts?transaction=withdraw' : '/exchange',
  };
}
