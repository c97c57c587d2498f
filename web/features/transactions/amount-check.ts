import { parseLocaleAmount } from '../../../common/money/locale-amount';
import type { Money } from '../../../common/money/money';

export interface AmountBounds {
  /** The per-operation minimum and maximum. */
  min: Money<'MAD'>;
  max: Money<'MAD'>;
  /** What the wallet holds; undefined until it has loaded (then only the limits are checked). */
  balance: Money<'MAD'> | undefined;
  /** What the customer's level still allows in one operation (web/shared/limits/allowance.ts), when known. */
  level?: Money<'MAD'> | undefined;
}

export type AmountCheck =
  | { ok: true; amount: Money<'MAD'> }
  | { ok: false; problem: 'format' | 'ambiguous' }
  | { ok: false; problem: 'minimum' | 'maximum' | 'level'; limit: Money<'MAD'> }
  /** Above the balance: `asked` is kept so the screen can offer to add what is missing. */
  | { ok: false; problem: 'balance'; limit: Money<'MAD'>; asked: Money<'MAD'> };

/**
 * Step 1 of a send or withdrawal: everything the server would refuse about the amount alone is said here,
 * before the security code is asked for, with the limit it broke. The text is read as the
 * locale writes amounts (the shared parser).
 */
export function checkAmount(text: string, locale: string, bounds: AmountBounds): AmountCheck {
  const parsed = parseLocaleAmount(text, locale, 'MAD');
  if (!parsed.ok) return { ok: false, problem: parsed.error === 'ambiguous' ? 'ambiguous' : 'format' };
  const amount = parsed.value;
  if (amount.minor < bounds.min.minor) return { ok: false, problem: 'minimum', limit: bounds.min };
  if (amount.minor > bounds.max.minor) return { ok: false, problem: 'maximum', limit: bounds.max };
  if (bounds.balance && amount.minor > bounds.balance.minor) return { ok: false, problem: 'balance', limit: bounds.balance, asked: amount };
  if (bounds.level && amount.minor > bounds.level.minor) return { ok: false, problem: 'level', limit: bounds.level };
  return { ok: true, amount };
}
