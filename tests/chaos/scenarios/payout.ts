import { sleep } from '../cluster.ts';
import { SECURITY_CODE, type Teller } from '../population.ts';
import { resultOf, type Scenario, type World } from '../world.ts';

/** A teller takes the next code shown at their counter, looks it up, pays it out; sometimes twice. */
async function tellerLoop(world: World, t: Teller): Promise<void> {
  while (Date.now() < world.stopAt) {
    const item = world.counters.get(t.agencyId)?.shift();
    if (!item) {
      await sleep(50 + t.rng.int(100));
      continue;
    }
    const base = { ip: t.ip, token: t.token };
    const seen = await t.client.request({ ...base, method: 'GET', path: `/api/withdrawals/${item.token}/` });
    // A code already paid, cancelled or expired is still tried now and then: the refusal is part of the test.
    if (seen.status === 200 && seen.body.status !== 'pending' && !t.rng.chance(0.3)) continue;
    for (let repeat = 0; repeat < 2; repeat++) {
      const key = t.rng.uuid();
      const res = await t.client.request({
        ...base,
        method: 'POST',
        path: `/api/withdrawals/${item.token}/validate/`,
        idempotencyKey: key,
        json: { id: item.txId, security_code: SECURITY_CODE },
      });
      world.journal.payouts.push({
        tellerId: t.userId,
        key,
        txId: item.txId,
        result: resultOf(res.status),
        status: res.status,
        unknown: res.unknown,
        repeat: repeat > 0,
        lastSentAt: res.lastSentAt,
      });
      if (!t.rng.chance(0.1)) break;
    }
  }
}

export const payoutScenario: Scenario = {
  name: 'payout',
  actors: (world, cast) => cast.tellers.map((t) => tellerLoop(world, t)),

  /** A withdrawal is paid out at most once, by the teller who was told so, and refusals paid nothing. */
  async check({ q, journal, fail, evidence }) {
    for (const p of journal.payouts) {
      if (p.result === 'refused' && p.status !== 409 && p.status !== 400) {
        fail('unexpected-refusal', `payout of ${p.txId} by ${p.tellerId}: ${p.status}`);
      }
    }
    const acked = new Map<number, number>();
    for (const p of journal.payouts) if (p.result === 'ok') acked.set(p.txId, (acked.get(p.txId) ?? 0) + 1);
    for (const [txId, n] of acked) if (n > 1) fail('paid-twice', `withdrawal ${txId}: ${n} payouts acknowledged`);
    const settled = await q(`
      SELECT e.reference_id, count(DISTINCT e.id) AS n FROM ledger_entries e
        JOIN ledger_postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.kind = 'agency_cash' GROUP BY e.reference_id HAVING count(DISTINCT e.id) > 1`);
    for (const r of settled)
      fail('paid-twice', `transaction ${String(r.reference_id)}: ${String(r.n)} entries into agency cash`);
    const rows = new Map(
      (await q(`SELECT id, status, validated_by FROM transactions WHERE kind = 'withdrawal'`)).map((r) => [
        Number(r.id),
        r,
      ]),
    );
    const keys = await q(`SELECT scope, key, response_body->>'id' AS id, created_at FROM idempotency_keys
                           WHERE scope LIKE 'withdrawals:user:%'`);
    const keyOf = new Map(keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, String(k.id)]));
    const storedAt = new Map(
      keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, (k.created_at as Date).getTime()]),
    );
    const keysPerTx = new Map<string, number>();
    for (const k of keys) keysPerTx.set(String(k.id), (keysPerTx.get(String(k.id)) ?? 0) + 1);
    for (const [id, row] of rows) {
      const n = keysPerTx.get(String(id)) ?? 0;
      if ((row.status === 'validated' ? 1 : 0) !== n)
        fail('payout-keys', `withdrawal ${id} ${String(row.status)}: ${n} payout keys`);
    }
    for (const p of journal.payouts) {
      const row = rows.get(p.txId);
      const stored = keyOf.get(`withdrawals:user:${p.tellerId} ${p.key}`);
      if (
        p.result === 'ok' &&
        (row?.status !== 'validated' || String(row.validated_by) !== p.tellerId || stored === undefined)
      ) {
        fail(
          'payout-acknowledged',
          `withdrawal ${p.txId} paid by ${p.tellerId}: row ${JSON.stringify(row)}, key ${stored ?? 'none'}`,
        );
      }
      if (p.result === 'refused' && stored !== undefined) {
        fail('payout-refused-exists', `withdrawal ${p.txId}: payout refused with ${p.status} but its key is stored`);
      }
      const at = storedAt.get(`withdrawals:user:${p.tellerId} ${p.key}`);
      if (p.result === 'ok' && p.unknown > 0 && at !== undefined && at < p.lastSentAt) evidence.answeredByReplay += 1;
    }
  },
  acknowledged: (journal) => journal.payouts.filter((p) => p.result === 'ok').length,
};
