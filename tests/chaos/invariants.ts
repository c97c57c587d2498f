import pg from 'pg';
import type { Anomaly } from './client.ts';
import type { Journal } from './journal.ts';

/**
 * The end-of-run proof, read in one REPEATABLE READ snapshot after both processes have stopped. Each failed
 * check is an anomaly; zero anomalies is the only pass. Amounts are MAD minor units unless named otherwise.
 */

export interface Totals {
  /** MAD created by top-ups: minus the FX desk's MAD balance (the only account that pays MAD out of nothing). */
  mintedMad: bigint;
  /** The MAD the system holds: customer wallets + withdrawals pending + unclaimed transfers + agency cash. */
  heldMad: bigint;
  wallets: bigint;
  pending: bigint;
  unclaimed: bigint;
  agencyCash: bigint;
}

type Row = Record<string, unknown>;

const big = (v: unknown): bigint =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? BigInt(v) : 0n;

export interface Evidence {
  totals: Totals;
  /**
   * Acknowledged operations retried after an attempt we gave up on, whose key the database had stored before the
   * retry left: the first attempt did the work and the retry was answered from the idempotency record.
   */
  answeredByReplay: number;
  /** Final transactions by kind and status (coverage: claimed, expired, cancelled, validated all happened?). */
  statuses: Record<string, number>;
}

export async function checkInvariants(databaseUrl: string, journal: Journal, anomalies: Anomaly[]): Promise<Evidence> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const fail = (check: string, detail: string) => anomalies.push({ check, detail });
  const q = async (text: string): Promise<Row[]> => (await client.query<Row>(text)).rows;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');

    // 1. Money in = money held. Every MAD entry balances (ledger:check), so the MAD accounts sum to zero: what
    //    wallets, holds, unclaimed transfers and agency tills hold is exactly what the FX desk paid out for top-ups.
    const kinds = await q(
      `SELECT kind, sum(balance) AS total FROM ledger_accounts WHERE currency = 'MAD' GROUP BY kind`,
    );
    const byKind = new Map(kinds.map((r) => [String(r.kind), big(r.total)]));
    const totals: Totals = {
      mintedMad: -(byKind.get('fx') ?? 0n),
      wallets: byKind.get('customer_wallet') ?? 0n,
      pending: byKind.get('withdrawals_pending') ?? 0n,
      unclaimed: byKind.get('unclaimed_transfers') ?? 0n,
      agencyCash: byKind.get('agency_cash') ?? 0n,
      heldMad: 0n,
    };
    totals.heldMad = totals.wallets + totals.pending + totals.unclaimed + totals.agencyCash;
    const otherKinds = [...byKind.keys()].filter(
      (k) => !['fx', 'customer_wallet', 'withdrawals_pending', 'unclaimed_transfers', 'agency_cash'].includes(k),
    );
    if (otherKinds.length > 0) fail('mad-accounts', `unexpected MAD account kinds: ${otherKinds.join(', ')}`);
    if (totals.heldMad !== totals.mintedMad) {
      fail('mad-conservation', `held ${totals.heldMad} != minted by top-ups ${totals.mintedMad}`);
    }
    const [paid] = await q(
      `SELECT coalesce(sum(to_amount), 0) AS total, count(*) AS n FROM exchanges WHERE status = 'paid'`,
    );
    if (big(paid?.total) !== totals.mintedMad) {
      fail('mad-minted', `FX desk paid ${totals.mintedMad} MAD, paid exchanges say ${String(paid?.total)}`);
    }
    const acknowledged = journal.topups.filter((t) => t.result === 'ok');
    const unresolvedTopups = journal.topups.filter((t) => t.result === 'unresolved' && t.stage !== 'draft');
    const seenCredited = acknowledged.reduce((s, t) => s + (t.toAmountMinor ?? 0n), 0n);
    if (unresolvedTopups.length === 0 && seenCredited !== totals.mintedMad) {
      fail('mad-client', `the clients saw ${seenCredited} MAD credited, the ledger minted ${totals.mintedMad}`);
    }

    // 2. The business rows agree with the ledger, account kind by account kind.
    const [tx] = await q(`
      SELECT coalesce(sum(amount) FILTER (WHERE kind = 'withdrawal' AND status = 'pending'), 0) AS pending,
             coalesce(sum(amount) FILTER (WHERE kind = 'withdrawal' AND status = 'validated'), 0) AS paid_out,
             coalesce(sum(amount) FILTER (WHERE kind = 'transfer' AND status = 'unclaimed'), 0) AS unclaimed
        FROM transactions`);
    const [holds] = await q(`SELECT coalesce(sum(amount), 0) AS reserved FROM ledger_holds WHERE status = 'reserved'`);
    const compare = (check: string, ledger: bigint, rows: unknown, what: string) => {
      if (ledger !== big(rows)) fail(check, `${what}: ledger ${ledger}, rows ${String(rows)}`);
    };
    compare('withdrawals-pending', totals.pending, tx?.pending, 'pending withdrawals');
    compare('withdrawals-holds', totals.pending, holds?.reserved, 'reserved holds');
    compare('unclaimed-transfers', totals.unclaimed, tx?.unclaimed, 'unclaimed transfers');
    compare('agency-cash', totals.agencyCash, tx?.paid_out, 'withdrawals paid out');
    const tills = await q(`
      SELECT a.agency_id, a.balance, coalesce(t.paid, 0) AS paid
        FROM ledger_accounts a
        LEFT JOIN (SELECT agency_id, sum(amount) AS paid FROM transactions
                    WHERE kind = 'withdrawal' AND status = 'validated' GROUP BY agency_id) t ON t.agency_id = a.agency_id
       WHERE a.kind = 'agency_cash' AND a.balance <> coalesce(t.paid, 0)`);
    for (const r of tills)
      fail('agency-till', `agency ${String(r.agency_id)}: cash ${String(r.balance)}, paid out ${String(r.paid)}`);
    const holdMismatch = await q(`
      SELECT t.id, t.status, h.status AS hold FROM transactions t JOIN ledger_holds h ON h.id = t.hold_id
       WHERE NOT ((t.status = 'pending' AND h.status = 'reserved') OR (t.status = 'validated' AND h.status = 'settled')
               OR (t.status IN ('cancelled', 'expired') AND h.status = 'released'))`);
    for (const r of holdMismatch)
      fail('withdrawal-hold', `transaction ${String(r.id)} ${String(r.status)} with hold ${String(r.hold)}`);

    // 3. Every wallet equals what its history says: top-ups paid + received - sent - withdrawn (money that came
    //    back on cancel or expiry nets out). This catches a move booked without its row, or the reverse.
    const walletDiffs = await q(`
      WITH flows AS (
        SELECT user_id, to_amount AS delta FROM exchanges WHERE status = 'paid'
        UNION ALL SELECT recipient_user_id, amount FROM transactions
         WHERE kind = 'transfer' AND status IN ('completed', 'claimed')
        UNION ALL SELECT sender_user_id, -amount FROM transactions
         WHERE kind = 'transfer' AND status IN ('completed', 'claimed', 'unclaimed')
        UNION ALL SELECT sender_user_id, -amount FROM transactions
         WHERE kind = 'withdrawal' AND status IN ('pending', 'validated'))
      SELECT a.owner_user_id, a.balance, coalesce(sum(f.delta), 0) AS expected
        FROM ledger_accounts a LEFT JOIN flows f ON f.user_id = a.owner_user_id
       WHERE a.kind = 'customer_wallet'
       GROUP BY a.owner_user_id, a.balance
      HAVING a.balance <> coalesce(sum(f.delta), 0)`);
    for (const r of walletDiffs) {
      fail(
        'wallet-history',
        `user ${String(r.owner_user_id)}: wallet ${String(r.balance)}, history ${String(r.expected)}`,
      );
    }

    // 4. Nothing below zero.
    const negative = await q(`SELECT id, kind, balance FROM ledger_accounts
      WHERE balance < 0 AND kind IN ('customer_wallet', 'withdrawals_pending', 'unclaimed_transfers', 'agency_cash')`);
    for (const r of negative)
      fail('negative-balance', `account ${String(r.id)} (${String(r.kind)}) at ${String(r.balance)}`);

    checkRefusals(journal, fail);
    const replayedMoney = await checkMoneyOps(q, journal, fail);
    const replayedPayouts = await checkPayouts(q, journal, fail);
    await checkCancels(q, journal, fail);
    await checkTopups(q, journal, fail);
    const statuses = Object.fromEntries(
      (await q(`SELECT kind || ':' || status AS k, count(*) AS n FROM transactions GROUP BY 1 ORDER BY 1`)).map((r) => [
        String(r.k),
        Number(r.n),
      ]),
    );
    await client.query('COMMIT');
    return { totals, answeredByReplay: replayedMoney + replayedPayouts, statuses };
  } finally {
    await client.end();
  }
}

type Query = (text: string) => Promise<Row[]>;
type Fail = (check: string, detail: string) => void;

/**
 * 0. Every refusal is one the request deserved. The workload's requests are valid except the amount it sometimes
 *    sets above the balance, so the only refusals expected are: not enough funds (or an amount bound) for a send
 *    or withdrawal; already paid out, expired or cancelled for a payout; no longer cancellable for a cancel.
 *    Anything else (a 404 on one's own transaction, a wrong-code answer to the right code) is a defect.
 */
function checkRefusals(journal: Journal, fail: Fail): void {
  for (const op of journal.money) {
    if (op.result === 'refused' && !(op.status === 400 && /"amount"/.test(op.message ?? ''))) {
      fail('unexpected-refusal', `${op.kind} by ${op.userId}: ${op.status} ${op.message ?? ''}`);
    }
  }
  for (const p of journal.payouts) {
    if (p.result === 'refused' && p.status !== 409 && p.status !== 400) {
      fail('unexpected-refusal', `payout of ${p.txId} by ${p.tellerId}: ${p.status}`);
    }
  }
  for (const c of journal.cancels) {
    if (c.result === 'refused' && !(c.status === 400 && /no longer be cancelled/.test(c.message ?? ''))) {
      fail('unexpected-refusal', `cancel of ${c.txId} by ${c.userId}: ${c.status} ${c.message ?? ''}`);
    }
  }
  for (const t of journal.topups) {
    if (t.result === 'refused' && !(t.card === 'declined' && t.status === 402)) {
      fail('unexpected-refusal', `top-up by ${t.userId} at ${t.stage}: ${t.status}`);
    }
  }
}

/**
 * 5. Sends and withdrawals: every row was asked for exactly once. Each client request carried its own key, the
 *    key is stored with the response in the same transaction as the row, so keys and rows must be in bijection;
 *    acknowledged keys point at the id the client was given; refused keys left nothing behind.
 */
async function checkMoneyOps(q: Query, journal: Journal, fail: Fail): Promise<number> {
  const rows = await q(`SELECT id, kind, status, sender_user_id, amount, contact_id FROM transactions
                         WHERE kind IN ('transfer', 'withdrawal')`);
  const keys = await q(`SELECT scope, key, response_body->>'id' AS id, created_at FROM idempotency_keys
                         WHERE scope LIKE 'transactions:user:%'`);
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const keyOf = new Map(keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, String(k.id)]));
  const storedAt = new Map(keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, (k.created_at as Date).getTime()]));
  let replayed = 0;
  const keysPerRow = new Map<string, number>();
  for (const k of keys) keysPerRow.set(String(k.id), (keysPerRow.get(String(k.id)) ?? 0) + 1);
  for (const r of rows) {
    const n = keysPerRow.get(String(r.id)) ?? 0;
    if (n !== 1) fail('exactly-once', `transaction ${String(r.id)} (${String(r.kind)}) is the answer of ${n} keys`);
  }
  const ours = new Set(journal.money.map((op) => `transactions:user:${op.userId} ${op.key}`));
  for (const k of keys) {
    if (!ours.has(`${String(k.scope)} ${String(k.key)}`))
      fail('unknown-key', `stored key ${String(k.key)} was never sent`);
  }
  for (const op of journal.money) {
    const stored = keyOf.get(`transactions:user:${op.userId} ${op.key}`);
    if (op.result === 'ok') {
      const row = byId.get(String(op.txId));
      if (!row) {
        fail('acknowledged-missing', `${op.kind} ${op.txId} acknowledged to user ${op.userId} does not exist`);
        continue;
      }
      if (stored !== String(op.txId))
        fail('acknowledged-key', `${op.kind} ${op.txId}: its key answers ${stored ?? 'nothing'}`);
      const at = storedAt.get(`transactions:user:${op.userId} ${op.key}`);
      if (op.unknown > 0 && at !== undefined && op.lastSentAt !== undefined && at < op.lastSentAt) replayed += 1;
      const kind = op.kind === 'withdraw' ? 'withdrawal' : 'transfer';
      if (row.kind !== kind || String(row.sender_user_id) !== op.userId || big(row.amount) !== op.amountMinor) {
        fail(
          'acknowledged-content',
          `${op.kind} ${op.txId}: row ${JSON.stringify(row)} for ${op.amountMinor} by ${op.userId}`,
        );
      }
    } else if (op.result === 'refused' && stored !== undefined) {
      fail('refused-exists', `${op.kind} refused with ${op.status} (${op.message ?? ''}) exists as ${stored}`);
    }
  }
  return replayed;
}

/** 6. Payouts: a withdrawal is paid out at most once, by the teller who was told so, and refusals paid nothing. */
async function checkPayouts(q: Query, journal: Journal, fail: Fail): Promise<number> {
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
  const storedAt = new Map(keys.map((k) => [`${String(k.scope)} ${String(k.key)}`, (k.created_at as Date).getTime()]));
  let replayed = 0;
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
    if (p.result === 'ok' && p.unknown > 0 && at !== undefined && at < p.lastSentAt) replayed += 1;
  }
  return replayed;
}

/**
 * 7. Cancellations. Acknowledged -> cancelled, or expired if its time had come. Refused -> it did not happen: a
 *    retry after an unseen success must be answered with that success (Idempotency-Key), not with "can no longer
 *    be cancelled" for a cancellation that did take place.
 */
async function checkCancels(q: Query, journal: Journal, fail: Fail): Promise<void> {
  const rows = new Map((await q(`SELECT id, status FROM transactions`)).map((r) => [Number(r.id), String(r.status)]));
  for (const c of journal.cancels) {
    const status = rows.get(c.txId);
    if (c.result === 'ok' && status !== 'cancelled' && status !== 'expired') {
      fail(
        'cancel-acknowledged',
        `transaction ${c.txId} cancelled (answer ${c.answerStatus ?? '?'}) is ${status ?? 'missing'}`,
      );
    }
    if (c.result === 'refused' && status === 'cancelled') {
      fail(
        'cancel-refused-exists',
        `transaction ${c.txId}: cancel refused with ${c.status} ${c.message ?? ''}, yet cancelled`,
      );
    }
  }
}

/** 8. Top-ups: credited once each, for the amount the customer was shown; declined cards and nothing else credit nothing. */
async function checkTopups(q: Query, journal: Journal, fail: Fail): Promise<void> {
  const exchanges = new Map(
    (await q(`SELECT id, status, to_amount, ledger_entry_id FROM exchanges`)).map((r) => [Number(r.id), r]),
  );
  const sessions = new Map(
    (await q(`SELECT id, status, exchange_id FROM payment_sessions`)).map((r) => [String(r.id), r]),
  );
  const twice = await q(`SELECT reference_id, count(*) AS n FROM ledger_entries WHERE kind = 'exchange'
                          GROUP BY reference_id HAVING count(*) > 1`);
  for (const r of twice) fail('credited-twice', `exchange ${String(r.reference_id)}: ${String(r.n)} entries`);
  const paidWithGoodCard = new Set<number>();
  for (const t of journal.topups) {
    if (t.exchangeId !== undefined && t.card === 'good') paidWithGoodCard.add(t.exchangeId);
    const ex = t.exchangeId === undefined ? undefined : exchanges.get(t.exchangeId);
    if (t.result === 'ok' && (ex?.status !== 'paid' || big(ex.to_amount) !== (t.toAmountMinor ?? -1n))) {
      fail(
        'topup-acknowledged',
        `exchange ${t.exchangeId}: shown ${t.toAmountMinor} credited, row ${JSON.stringify(ex)}`,
      );
    }
    if (
      t.card === 'declined' &&
      t.session !== undefined &&
      t.unknown === 0 &&
      sessions.get(t.session)?.status === 'paid'
    ) {
      fail('topup-declined-paid', `session ${t.session} paid with a declined card`);
    }
  }
  for (const [id, ex] of exchanges) {
    if (ex.status === 'paid' && !paidWithGoodCard.has(id))
      fail('topup-phantom', `exchange ${id} paid without a good card`);
  }
}
