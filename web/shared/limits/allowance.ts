import type { LimitKind } from '../../../common/api/limits';
import type { User } from '../../../common/api/users';
import { money, type Currency, type Money } from '../../../common/money/money';
import { moneyFromApi } from '../../ui/money-format';

/**
 * What the customer's level still allows in one operation of a kind: the smaller of
 * the per-operation limit and what remains of the rolling 30 days. The screens check an amount against it at
 * step 1, as the server will, instead of refusing it after the security code. Undefined when the user has not
 * loaded or the kind is not limited.
 */
export function levelAllowance<C extends Currency>(user: User | undefined, kind: LimitKind, currency: C): Money<C> | undefined {
  const limit = user?.limits.find((l) => l.kind === kind && l.currency === currency);
  if (!limit) return undefined;
  const perOperation = moneyFromApi(limit.per_operation, currency);
  const remaining = moneyFromApi(limit.remaining, currency);
  if (!perOperation || !remaining) return undefined;
  return money(currency, perOperation.minor < remaining.minor ? perOperation.minor : remaining.minor);
}

/** The smallest of the bounds that are known. */
export function smallest<C extends Currency>(...bounds: (Money<C> | undefined)[]): Money<C> | undefined {
  let least: Money<C> | undefined;
  for (const b of bounds) if (b && (!least || b.minor < least.minor)) least = b;
  return least;
}
