import pg from 'pg';
import { formatRange, WalletBook } from './books.ts';
import type { Anomaly } from './client.ts';
import type { Journal } from './journal.ts';
import { scenarios } from './scenarios/index.ts';
import { big, type CheckContext, type Fail, type Query } from './world.ts';

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
  /** Cash pickups not yet collected. */
  pickups: bigint;
  agencyCash: bigint;
}

export interface Evidence {
  totals: Totals;
  /**
   * Acknowledged operations retried after an attempt we gave up on, whose key the database had stored before the
   * retry left: the first attempt did the work and the retry was answered from the idempotency record.
   */
  answeredByReplay: number;
  /** Final transactions by kind and status (coverage: claimed, expired, cancelled, validated all happened?). */
  statuses: Record<string, number>;
  /** Wallets checked against the client's books: known to the centime, or within a range. */
  wallets: { exact: number; ranged: number };
}

export async function checkInvariants(databaseUrl: string, journal: Journal, anomalies: Anomaly[]): Promise<Evidence> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const fail: Fail = (check, detail) => anomalies.push({ check, detail });
  const q: Query = async (text) => (await client.query<Record<string, unknown>>(text)).rows;
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
      pickups: byKind.get('pickups_pending') ?? 0n,
      agencyCash: byKind.get('agency_cash') ?? 0n,
      heldMad: 0n,
    };
    // Money held for a sanctions review is still held for a customer: it counts toward what was minted.
    totals.heldMad =
      totals.wallets +
      totals.pending +
      totals.unclaimed +
      totals.pickups +
      totals.agencyCash +
      (byKind.get('compliance_hold') ?? 0n) +
      // Bank deposits waiting for the bank's report are still owed to the sender; settled ones left with the
      // partner bank, as paid-out cash left with an agency's till.
      (byKind.get('bank_payouts_pending') ?? 0n) +
      (byKind.get('mobile_payouts_pending') ?? 0n) +
      (byKind.get('payout_settlement') ?? 0n);
    const madKinds = ['fx', 'customer_wallet', 'withdrawals_pending', 'unclaimed_transfers', 'pickups_pending'];
    const knownKinds = [
      ...madKinds,
      'agency_cash',
      'compliance_hold',
      'bank_payouts_pending',
      'mobile_payouts_pending',
      'payout_settlement',
    ];
    const otherKinds = [...byKind.keys()].filter((k) => !knownKinds.includes(k));
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
    // 2. The business rows agree with the ledger, account kind by account kind.
    const [tx] = await q(`
      SELECT coalesce(sum(amount) FILTER (WHERE kind = 'withdrawal' AND status = 'pending'), 0) AS pending,
             coalesce(sum(amount) FILTER (WHERE (kind = 'withdrawal' AND status = 'validated')
                                                OR (kind = 'pickup' AND status = 'collected')), 0) AS paid_out,
             coalesce(sum(amount) FILTER (WHERE kind = 'transfer' AND status = 'unclaimed'), 0) AS unclaimed,
             coalesce(sum(amount) FILTER (WHERE kind = 'pickup' AND status = 'available'), 0) AS pickups
        FROM transactions`);
    const [holds] = await q(`SELECT coalesce(sum(amount), 0) AS reserved FROM ledger_holds WHERE status = 'reserved'`);
    const compare = (check: string, ledger: bigint, rows: unknown, what: string) => {
      if (ledger !== big(rows)) fail(check, `${what}: ledger ${ledger}, rows ${String(rows)}`);
    };
    compare('withdrawals-pending', totals.pending, tx?.pending, 'pending withdrawals');
    compare('withdrawals-holds', totals.pending, holds?.reserved, 'reserved holds');
    compare('unclaimed-transfers', totals.unclaimed, tx?.unclaimed, 'unclaimed transfers');
    compare('pickups-pending', totals.pickups, tx?.pickups, 'cash pickups available');
    compare('agency-cash', totals.agencyCash, tx?.paid_out, 'withdrawals and cash pickups paid out');
    const tills = await q(`
      SELECT a.agency_id, a.balance, coalesce(t.paid, 0) AS paid
        FROM ledger_accounts a
        LEFT JOIN (SELECT agency_id, sum(amount) AS paid FROM transactions
                    WHERE (kind = 'withdrawal' AND status = 'validated') OR (kind = 'pickup' AND status = 'collected')
                    GROUP BY agency_id) t ON t.agency_id = a.agency_id
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
         WHERE kind = 'withdrawal' AND status IN ('pending', 'validated')
        UNION ALL SELECT sender_user_id, -amount FROM transactions
         WHERE kind = 'pickup' AND status IN ('available', 'collected')
        UNION ALL SELECT sender_user_id, -amount FROM transactions
         WHERE kind = 'payout' AND status IN ('processing', 'submitted', 'completed'))
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

    // 5. Every wallet lies where the client's own record puts it.
    const wallets = await checkWallets(q, journal, fail);

    // 6. Each scenario's own checks (scenarios/).
    const ctx: CheckContext = { q, journal, fail, evidence: { answeredByReplay: 0 } };
    for (const s of scenarios) await s.check?.(ctx);
    const statuses = Object.fromEntries(
      (await q(`SELECT kind || ':' || status AS k, count(*) AS n FROM transactions GROUP BY 1 ORDER BY 1`)).map((r) => [
        String(r.k),
        Number(r.n),
      ]),
    );
    await client.query('COMMIT');
    return { totals, answeredByReplay: ctx.evidence.answeredByReplay, statuses, wallets };
  } finally {
    await client.end();
  }
}

/**
 * The wallet of every user the run created (journal.userIds) against the range the clients' record gives it
 * (books.ts); a wallet of anyone else is one the run cannot account for, unless a late sign-up went unanswered
 * (then that person's wallet may hold what was sent to them, and nothing more).
 */
async function checkWallets(q: Query, journal: Journal, fail: Fail): Promise<{ exact: number; ranged: number }> {
  const book = new WalletBook();
  for (const s of scenarios) s.book?.(journal, book, fail);
  const balances = new Map(
    (await q(`SELECT owner_user_id, balance FROM ledger_accounts WHERE kind = 'customer_wallet'`)).map((r) => [
      String(r.owner_user_id),
      big(r.balance),
    ]),
  );
  const counted = { exact: 0, ranged: 0 };
  for (const userId of journal.userIds) {
    const expected = book.expected(userId);
    const balance = balances.get(userId) ?? 0n;
    counted[expected.min === expected.max ? 'exact' : 'ranged'] += 1;
    if (balance < expected.min || balance > expected.max) {
      fail('wallet-client', `user ${userId}: wallet ${balance}, the client's books ${formatRange(expected)}`);
    }
  }
  for (const userId of book.users()) {
    if (!journal.userIds.has(userId)) fail('wallet-client', `the books move money for ${userId}, no user of the run`);
  }
  const lost = new Set(journal.signups.filter((s) => s.result !== 'ok').map((s) => s.email));
  const cap = journal.money
    .filter((m) => lost.has(m.recipient) && m.result !== 'refused')
    .reduce((sum, m) => sum + m.amountMinor, 0n);
  const strangers = [...balances].filter(([owner]) => !journal.userIds.has(owner));
  const held = strangers.reduce((sum, [, balance]) => sum + balance, 0n);
  if (strangers.length > lost.size || held < 0n || held > cap) {
    fail('wallet-unknown', `${strangers.length} wallets of people the run never signed in hold ${held} (cap ${cap})`);
  }
  return counted;
}
