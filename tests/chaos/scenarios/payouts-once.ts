import { big, type Scenario } from '../world.ts';

/**
 * Every payout through a partner (bank deposit, mobile wallet) ended exactly once. In the ledger: one entry into
 * its pending account at the send, then exactly one out of it (to the partner's settlement account when completed,
 * back to the sender's wallet when returned), so what it left in the pending account is zero; after the drain none
 * still waits. The pending accounts hold exactly the payouts still waiting, the settlement account exactly the
 * completed ones. And each payout is the answer of exactly one Idempotency-Key, the client's: acknowledged sends
 * are their key's answer, refused ones left no key.
 */
export const payoutsOnceScenario: Scenario = {
  name: 'payouts-exactly-once',
  async check({ q, journal, fail }) {
    const pendingKinds = `('bank_payouts_pending', 'mobile_payouts_pending')`;
    const payouts = await q(`
      SELECT t.id, t.status, t.amount, p.method,
             count(DISTINCT e.id) FILTER (WHERE a.kind IN ${pendingKinds} AND lp.amount > 0) AS into_pending,
             count(DISTINCT e.id) FILTER (WHERE a.kind IN ${pendingKinds} AND lp.amount < 0) AS out_of_pending,
             count(DISTINCT e.id) FILTER (WHERE a.kind = 'payout_settlement') AS settled,
             count(DISTINCT e.id) FILTER (WHERE a.kind = 'customer_wallet' AND lp.amount > 0) AS returned,
             coalesce(sum(lp.amount) FILTER (WHERE a.kind IN ${pendingKinds}), 0) AS left_pending
        FROM transactions t
        JOIN payouts p ON p.transaction_id = t.id
        LEFT JOIN ledger_entries e ON e.reference_type = 'transaction' AND e.reference_id = t.id::text
        LEFT JOIN ledger_postings lp ON lp.entry_id = e.id
        LEFT JOIN ledger_accounts a ON a.id = lp.account_id
       WHERE t.kind = 'payout'
       GROUP BY t.id, t.status, t.amount, p.method`);
    const waiting = { bank_deposit: 0n, mobile_wallet: 0n };
    let completed = 0n;
    for (const r of payouts) {
      const id = `${String(r.method)} ${String(r.id)} ${String(r.status)}`;
      const counts = [r.into_pending, r.out_of_pending, r.settled, r.returned].map(Number);
      const finished = r.status === 'completed' || r.status === 'refunded';
      const expected = r.status === 'completed' ? [1, 1, 1, 0] : r.status === 'refunded' ? [1, 1, 0, 1] : [1, 0, 0, 0];
      if (counts.join() !== expected.join())
        fail(
          'payout-once',
          `${id}: into pending ${counts[0]}, out ${counts[1]}, settled ${counts[2]}, returned ${counts[3]}`,
        );
      if (big(r.left_pending) !== (finished ? 0n : big(r.amount)))
        fail(
          'payout-pending',
          `${id}: ${String(r.left_pending)} left in its pending account (amount ${String(r.amount)})`,
        );
      if (!finished) {
        fail('payout-unfinished', `${id} after the drain`);
        waiting[r.method === 'bank_deposit' ? 'bank_deposit' : 'mobile_wallet'] += big(r.amount);
      }
      if (r.status === 'completed') completed += big(r.amount);
    }
    const balances = new Map(
      (
        await q(`SELECT kind, balance FROM ledger_accounts
                  WHERE kind IN ('bank_payouts_pending', 'mobile_payouts_pending', 'payout_settlement')`)
      ).map((r) => [String(r.kind), big(r.balance)]),
    );
    const compare = (kind: string, expected: bigint) => {
      if ((balances.get(kind) ?? 0n) !== expected)
        fail('payout-accounts', `${kind}: ${balances.get(kind) ?? 0n}, the payouts say ${expected}`);
    };
    compare('bank_payouts_pending', waiting.bank_deposit);
    compare('mobile_payouts_pending', waiting.mobile_wallet);
    compare('payout_settlement', completed);

    const keys = await q(`SELECT k.scope, k.key, k.response_body->>'id' AS id FROM idempotency_keys k
                            JOIN transactions t ON t.id::text = k.response_body->>'id' AND t.kind = 'payout'
                           WHERE k.scope LIKE 'transactions:user:%'`);
    const perPayout = new Map<string, number>();
    for (const k of keys) perPayout.set(String(k.id), (perPayout.get(String(k.id)) ?? 0) + 1);
    for (const r of payouts) {
      const n = perPayout.get(String(r.id)) ?? 0;
      if (n !== 1) fail('payout-keys', `payout ${String(r.id)} is the answer of ${n} keys`);
    }
    const answer = new Map(keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, String(k.id)]));
    for (const op of journal.payoutSends) {
      const stored = answer.get(`transactions:user:${op.userId} ${op.key}`);
      if (op.result === 'ok' && stored !== String(op.txId))
        fail('payout-key', `${op.method} ${op.txId}: its key answers ${stored ?? 'nothing'}`);
      if (op.result === 'refused' && stored !== undefined)
        fail(
          'payout-refused-exists',
          `${op.method} refused with ${op.status} (${op.message ?? ''}) exists as ${stored}`,
        );
      if (op.result === 'refused' && !(op.status === 400 && /"amount"/.test(op.message ?? '')))
        fail('unexpected-refusal', `${op.method} by ${op.userId}: ${op.status} ${op.message ?? ''}`);
    }
  },
};
