import type { Transaction as Tx } from 'kysely';
import { eurToMad, madToEur } from '../../../common/money/conversion.ts';
import { parseDecimal, type Decimal } from '../../../common/money/decimal.ts';
import { money, type Money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { userWalletBalance } from '../../ledger/accounts.repository.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { subscriptionActive } from '../billing/subscriptions.service.ts';
import { notify } from '../notifications/notify.ts';
import { ratesInForce } from '../rates/rates.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { lockNextToRemind, recordReminder, type ScheduleRow } from './schedules.repository.ts';

/**
 * The reminder of a scheduled transfer, two days before its date (from 00:00 of that day in the customer's time
 * zone): the date, the amount, the recipient, the balance and, when it falls short, what to add, with a one-tap
 * add-money prefilled with the euros that cover it at the customer's rate of the day. Written with its
 * `schedule_reminders` row in one database transaction: once per date, whatever the passes that overlap or die.
 */

export const REMIND_DAYS_BEFORE = 2;

/** The smallest top-up the add-money screen takes (1.00 EUR). */
const MIN_TOP_UP = money('EUR', 100n);

/**
 * The fewest euros that buy at least `gap` at `rate` (MAD per EUR), as the add-money screen converts them (whole
 * dirhams, rounded, so many cents buy the same dirhams): from the cents of the division, moved up while their
 * dirhams fall short and down while one cent less still covers. Never less than the smallest top-up.
 */
export function eurCovering(gap: Money<'MAD'>, rate: Decimal): Money<'EUR'> {
  const covers = (cents: bigint) => eurToMad(money('EUR', cents), rate).minor >= gap.minor;
  let cents = madToEur(gap, rate).minor;
  while (!covers(cents)) cents += 1n;
  while (cents > 0n && covers(cents - 1n)) cents -= 1n;
  const eur = money('EUR', cents);
  return eur.minor < MIN_TOP_UP.minor ? MIN_TOP_UP : eur;
}

/** The euros to prefill for `gap` at the customer's rate now, or null when no rates are in force. */
async function eurForGap(deps: ServiceDeps, userId: string, gap: Money<'MAD'>): Promise<Money<'EUR'> | null> {
  const [rates, subscribed] = await Promise.all([
    ratesInForce(deps.db, deps.clock.now()),
    subscriptionActive(deps, userId),
  ]);
  const rate = rates && parseDecimal(subscribed ? rates.subscription : rates.freemium);
  return rate && rate.units > 0n ? eurCovering(gap, rate) : null;
}

async function remind(tx: Tx<Database>, deps: ServiceDeps, row: ScheduleRow, date: string): Promise<void> {
  const balance = (await userWalletBalance(tx, row.user_id)) ?? money('MAD', 0n);
  const gap = BigInt(row.amount_minor) - balance.minor;
  const eur = gap > 0n ? await eurForGap(deps, row.user_id, money('MAD', gap)) : null;
  await notify(tx, {
    userId: row.user_id,
    kind: 'schedule_reminder',
    transactionId: null,
    params: {
      schedule: row.id,
      date,
      amount: row.amount_minor,
      currency: 'MAD',
      name: row.recipient_first_name,
      balance: String(balance.minor),
      gap: String(gap > 0n ? gap : 0n),
      eur: String(eur?.minor ?? 0n),
    },
  });
}

/**
 * Every reminder due at `now`, one database transaction each. A schedule whose reminder fails is reported and
 * passed over until the next pass. Returns how many were written.
 */
export async function remindDue(
  deps: ServiceDeps,
  now: Date,
  hooks: { onFailure?: (scheduleId: string, error: unknown) => void; shouldStop?: () => boolean } = {},
): Promise<number> {
  let reminded = 0;
  const failed: string[] = [];
  while (!hooks.shouldStop?.()) {
    let current: string | undefined;
    try {
      const done = await withTransaction(deps.db, async (tx) => {
        const row = await lockNextToRemind(tx, now, REMIND_DAYS_BEFORE, failed);
        current = row?.id;
        if (!row || row.next_date === null) return null;
        if (await recordReminder(tx, row.id, row.next_date)) await remind(tx, deps, row, row.next_date);
        return row.id;
      });
      if (done === null) break;
      reminded += 1;
    } catch (error) {
      if (current === undefined) throw error;
      failed.push(current);
      hooks.onFailure?.(current, error);
    }
  }
  return reminded;
}
