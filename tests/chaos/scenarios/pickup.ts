import { sleep } from '../cluster.ts';
import { formatMinor, type PickupOp } from '../journal.ts';
import { SECURITY_CODE, type Customer, type Teller } from '../population.ts';
import { big, resultOf, type Scenario, type World } from '../world.ts';

/**
 * Cash pickups under kill -9: a customer sends cash to a phone, sometimes cancels it; tellers of any
 * agency type the reference, sometimes reserve it first, and pay it out, now and then two tellers at once. The
 * stopped database must show each pickup paid at most once, by a teller who was told so, never both paid and
 * cancelled, and the money where the clients were told it went.
 */

const phoneContacts = new Map<string, number>();
/** References shown at the agencies' counters, waiting for a teller (any agency pays them). */
const counter: PickupOp[] = [];

async function phoneContactOf(c: Customer): Promise<number | undefined> {
  const known = phoneContacts.get(c.userId);
  if (known !== undefined) return known;
  const phone = `+2126${String(c.rng.int(100_000_000)).padStart(8, '0')}`;
  const res = await c.client.request({
    method: 'POST',
    path: '/api/contacts/',
    ip: c.ip,
    token: c.token,
    json: { first_name: 'Cash', last_name: 'Recipient', phone_number: phone },
  });
  if (res.status !== 201) return undefined;
  phoneContacts.set(c.userId, Number(res.body.id));
  return Number(res.body.id);
}

async function cancelPickup(c: Customer, op: PickupOp): Promise<void> {
  const res = await c.client.request({
    method: 'POST',
    path: `/api/transactions/${op.txId}/cancel/`,
    ip: c.ip,
    token: c.token,
    idempotencyKey: c.rng.uuid(),
    timeoutChance: 0.3,
  });
  op.cancels.push({
    result: resultOf(res.status),
    status: res.status,
    ...(res.status >= 300 && { message: JSON.stringify(res.body).slice(0, 120) }),
  });
}

async function tellerLoop(world: World, t: Teller): Promise<void> {
  while (Date.now() < world.stopAt) {
    const op = counter.shift();
    if (!op?.reference) {
      await sleep(80 + t.rng.int(120));
      continue;
    }
    // The recipient shows the reference at two counters at once now and then.
    if (t.rng.chance(0.15)) counter.push(op);
    const base = { ip: t.ip, token: t.token };
    const path = `/api/pickups/${op.reference}`;
    const seen = await t.client.request({ ...base, method: 'GET', path: `${path}/` });
    if (seen.status === 200 && seen.body.status !== 'available' && !t.rng.chance(0.3)) continue;
    if (t.rng.chance(0.5)) await t.client.request({ ...base, method: 'POST', path: `${path}/reserve/` });
    const key = t.rng.uuid();
    const res = await t.client.request({
      ...base,
      method: 'POST',
      path: `${path}/pay/`,
      idempotencyKey: key,
      json: {
        security_code: SECURITY_CODE,
        id_document_type: 'national_id',
        id_document_number: `AB${t.rng.int(1_000_000)}`,
        recipient_name_matches: true,
      },
    });
    op.payouts.push({
      tellerId: t.userId,
      key,
      result: resultOf(res.status),
      status: res.status,
      ...(res.status >= 300 && { message: JSON.stringify(res.body).slice(0, 120) }),
    });
  }
}

const collected = (op: PickupOp) => op.payouts.some((p) => p.result === 'ok');
const cancelled = (op: PickupOp) => op.cancels.some((c) => c.result === 'ok');

export const pickupScenario: Scenario = {
  name: 'pickup',
  step: {
    weight: 0.1,
    async run(world, c, state) {
      const contact = await phoneContactOf(c);
      if (contact === undefined) return;
      const cap = state.balance > 20_000n ? 20_000n : state.balance;
      const amountMinor = cap < 200n ? 100n + BigInt(c.rng.int(5_000)) : 100n + BigInt(c.rng.int(Number(cap) - 100));
      const op: PickupOp = {
        userId: c.userId,
        key: c.rng.uuid(),
        amountMinor,
        result: 'unresolved',
        status: 0,
        unknown: 0,
        cancels: [],
        payouts: [],
      };
      world.journal.pickups.push(op);
      const res = await c.client.request({
        method: 'POST',
        path: '/api/transactions/',
        ip: c.ip,
        token: c.token,
        idempotencyKey: op.key,
        json: { amount: formatMinor(amountMinor), contact, security_code: SECURITY_CODE, delivery: 'cash_pickup' },
      });
      op.status = res.status;
      op.unknown = res.unknown;
      op.result = resultOf(res.status);
      if (res.status !== 201) {
        op.message = JSON.stringify(res.body).slice(0, 120);
        return;
      }
      op.txId = Number(res.body.id);
      op.reference = String(res.body.pickup_reference);
      // Most recipients go to an agency; some senders change their mind, a few while the cash is being counted.
      if (c.rng.chance(0.85)) counter.push(op);
      if (c.rng.chance(0.2)) await cancelPickup(c, op);
    },
  },

  actors: (world, cast) => cast.tellers.map((t) => tellerLoop(world, t)),

  /** Collected (a teller was told so): gone. Cancelled (the sender was told so): back. Otherwise either. */
  book(journal, book) {
    for (const op of journal.pickups) {
      if (op.result === 'refused') continue;
      if (op.result === 'ok' && collected(op)) book.exact(op.userId, -op.amountMinor);
      else if (!(op.result === 'ok' && cancelled(op))) book.maybe(op.userId, -op.amountMinor);
    }
  },

  async check({ q, journal, fail }) {
    const rows = new Map(
      (await q(`SELECT id, status, amount, sender_user_id, validated_by FROM transactions WHERE kind = 'pickup'`)).map(
        (r) => [Number(r.id), r],
      ),
    );
    const keys = new Set(
      (await q(`SELECT scope, key FROM idempotency_keys WHERE scope LIKE 'pickups:user:%'`)).map(
        (k) => `${String(k.scope)} ${String(k.key)}`,
      ),
    );
    const sent = new Set(journal.pickups.map((op) => op.txId));
    for (const id of rows.keys()) if (!sent.has(id)) fail('pickup-unknown', `pickup ${id} was never acknowledged`);
    for (const op of journal.pickups) {
      if (op.result === 'refused' && !(op.status === 400 && /"amount"/.test(op.message ?? ''))) {
        fail('unexpected-refusal', `pickup by ${op.userId}: ${op.status} ${op.message ?? ''}`);
      }
      if (op.result !== 'ok') continue;
      const row = rows.get(op.txId ?? -1);
      if (!row || String(row.sender_user_id) !== op.userId || big(row.amount) !== op.amountMinor) {
        fail('pickup-acknowledged', `pickup ${op.txId} of ${op.amountMinor} by ${op.userId}: ${JSON.stringify(row)}`);
        continue;
      }
      const paid = op.payouts.filter((p) => p.result === 'ok');
      if (paid.length > 1) fail('pickup-paid-twice', `pickup ${op.txId}: ${paid.length} payouts acknowledged`);
      for (const p of paid) {
        if (row.status !== 'collected' || String(row.validated_by) !== p.tellerId)
          fail('pickup-payout', `pickup ${op.txId} paid by ${p.tellerId}: row ${JSON.stringify(row)}`);
      }
      for (const p of op.payouts) {
        if (p.result === 'refused' && p.status !== 409 && p.status !== 404)
          fail('unexpected-refusal', `payout of pickup ${op.txId}: ${p.status} ${p.message ?? ''}`);
        if (p.result === 'refused' && keys.has(`pickups:user:${p.tellerId} ${p.key}`))
          fail('pickup-payout-refused-exists', `pickup ${op.txId}: payout refused with ${p.status}, key stored`);
      }
      for (const c of op.cancels) {
        if (c.result === 'ok' && row.status !== 'cancelled' && row.status !== 'expired')
          fail('pickup-cancel', `pickup ${op.txId} cancelled, yet ${String(row.status)}`);
        const expected = c.status === 409 || (c.status === 400 && /no longer be cancelled/.test(c.message ?? ''));
        if (c.result === 'refused' && !expected)
          fail('unexpected-refusal', `cancel of pickup ${op.txId}: ${c.status} ${c.message ?? ''}`);
      }
      if (collected(op) && cancelled(op)) fail('pickup-paid-and-cancelled', `pickup ${op.txId}: both acknowledged`);
    }
    // One entry into agency cash per pickup at most, and pickups pending holds exactly the available ones.
    const twice = await q(`SELECT reference_id, count(*) AS n FROM ledger_entries WHERE kind = 'pickup_payout'
                            GROUP BY reference_id HAVING count(*) > 1`);
    for (const r of twice) fail('pickup-paid-twice', `pickup ${String(r.reference_id)}: ${String(r.n)} payouts`);
    const returned = await q(`SELECT e.reference_id FROM ledger_entries e WHERE e.kind = 'pickup_return'
                               AND EXISTS (SELECT 1 FROM ledger_entries p WHERE p.kind = 'pickup_payout'
                                            AND p.reference_id = e.reference_id)`);
    for (const r of returned) fail('pickup-paid-and-returned', `pickup ${String(r.reference_id)}`);
  },
  acknowledged: (journal) => journal.pickups.filter((op) => op.result === 'ok').length,
};
