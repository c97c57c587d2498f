import { formatRange } from '../books.ts';
import type { Journal } from '../journal.ts';
import { big, type Scenario } from '../world.ts';
import { moveMoney, rememberWaiting } from './money-move.ts';
import { cancelledByClient } from './send.ts';

/**
 * Withdrawals: the code is shown at an agency's counter (the teller scenario pays it out). Most people go to the
 * counter; some never come (it expires or they cancel it); a few show the code to two tellers at once.
 */

export const paidOutByClient = (journal: Journal): Set<number> =>
  new Set(journal.payouts.filter((p) => p.result === 'ok').map((p) => p.txId));

export const withdrawScenario: Scenario = {
  name: 'withdraw',
  step: {
    weight: 0.25,
    async run(world, c, state) {
      const op = await moveMoney(world, c, 'withdraw', c.agencies, state.balance);
      rememberWaiting(op, state.waiting);
      if (op?.result !== 'ok' || op.token === undefined || op.txId === undefined || !c.rng.chance(0.8)) return;
      const queue = world.counters.get(op.recipient) ?? [];
      world.counters.set(op.recipient, queue);
      queue.push({ token: op.token, txId: op.txId });
      if (c.rng.chance(0.15)) queue.push({ token: op.token, txId: op.txId });
    },
  },

  /** Paid out (a teller was told so): gone. Cancelled (the customer was told so): back. Otherwise either. */
  book(journal, book) {
    const paid = paidOutByClient(journal);
    const cancelled = cancelledByClient(journal);
    for (const op of journal.money.filter((m) => m.kind === 'withdraw')) {
      if (op.result === 'refused') continue;
      const txId = op.txId ?? -1;
      if (op.result === 'ok' && paid.has(txId)) book.exact(op.userId, -op.amountMinor);
      else if (!(op.result === 'ok' && cancelled.has(txId))) book.maybe(op.userId, -op.amountMinor);
    }
  },

  /**
   * Each withdrawal is at the agency the client picked, and each agency's till holds, by the client's record,
   * at least the payouts its tellers were told of and at most those plus the ones left unanswered.
   */
  async check({ q, journal, fail }) {
    const rows = new Map(
      (await q(`SELECT id, agency_id, amount FROM transactions WHERE kind = 'withdrawal'`)).map((r) => [
        Number(r.id),
        r,
      ]),
    );
    const byTx = new Map(
      journal.money.filter((m) => m.kind === 'withdraw' && m.txId !== undefined).map((m) => [m.txId, m]),
    );
    for (const op of byTx.values()) {
      const row = rows.get(op.txId ?? -1);
      if (op.result === 'ok' && row && String(row.agency_id) !== op.recipient) {
        fail(
          'withdrawal-agency',
          `withdrawal ${op.txId} for agency ${op.recipient} is at agency ${String(row.agency_id)}`,
        );
      }
    }
    const tills = new Map<string, { min: bigint; max: bigint }>();
    const counted = new Set<number>();
    for (const p of journal.payouts) {
      const op = byTx.get(p.txId);
      if (!op || p.result === 'refused' || counted.has(p.txId)) continue;
      const till = tills.get(op.recipient) ?? { min: 0n, max: 0n };
      tills.set(op.recipient, till);
      const acknowledged = journal.payouts.some((o) => o.txId === p.txId && o.result === 'ok');
      counted.add(p.txId);
      if (acknowledged) till.min += op.amountMinor;
      till.max += op.amountMinor;
    }
    // The withdrawals' part of each till (cash pickups, are paid from the same till: pickup.ts checks them).
    const cash = await q(`
      SELECT a.agency_id, coalesce(sum(p.amount) FILTER (WHERE e.kind = 'withdrawal_settle'), 0) AS balance
        FROM ledger_accounts a
        LEFT JOIN ledger_postings p ON p.account_id = a.id
        LEFT JOIN ledger_entries e ON e.id = p.entry_id
       WHERE a.kind = 'agency_cash' GROUP BY a.agency_id`);
    const seen = new Set<string>();
    for (const r of cash) {
      const agency = String(r.agency_id);
      seen.add(agency);
      const till = tills.get(agency) ?? { min: 0n, max: 0n };
      if (big(r.balance) < till.min || big(r.balance) > till.max) {
        fail(
          'agency-till-client',
          `agency ${agency}: cash ${String(r.balance)}, the tellers' record ${formatRange(till)}`,
        );
      }
    }
    for (const [agency, till] of tills) {
      if (!seen.has(agency) && till.min > 0n) fail('agency-till-client', `agency ${agency}: no till, paid ${till.min}`);
    }
  },
  acknowledged: (journal) => journal.money.filter((op) => op.kind === 'withdraw' && op.result === 'ok').length,
};
