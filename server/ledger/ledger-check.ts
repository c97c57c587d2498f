import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The ledger's invariants, recomputed from the postings. Read in one REPEATABLE READ
 * snapshot so entries committing meanwhile cannot show up as a false break. Returns what it found; printing and
 * the exit code are the command's business.
 */

export interface KindTotal {
  kind: string;
  currency: string;
  accounts: number;
  /** Sum of balances in minor units, as a decimal string (it can exceed 2^53). */
  balance: string;
}

export interface LedgerCheckReport {
  problems: string[];
  totals: KindTotal[];
  entries: number;
  postings: number;
}

/** Problems listed per check before "... and more": enough to start an investigation, bounded output. */
const listLimit = 20;

async function runChecks(db: Kysely<Database>): Promise<LedgerCheckReport> {
  const problems: string[] = [];

  const unbalanced = await sql<{ entry_id: string; currency: string; total: string }>`
    SELECT entry_id, currency, sum(amount)::text AS total FROM ledger_postings
     GROUP BY entry_id, currency HAVING sum(amount) <> 0 ORDER BY entry_id LIMIT ${listLimit + 1}`.execute(db);
  for (const r of unbalanced.rows.slice(0, listLimit)) {
    problems.push(`entry ${r.entry_id} does not balance in ${r.currency}: postings sum to ${r.total}`);
  }
  if (unbalanced.rows.length > listLimit) problems.push('... and more unbalanced entries');

  const empty = await sql<{ id: string }>`
    SELECT e.id FROM ledger_entries e
     WHERE NOT EXISTS (SELECT 1 FROM ledger_postings p WHERE p.entry_id = e.id) ORDER BY e.id LIMIT ${listLimit}`.execute(
    db,
  );
  for (const r of empty.rows) problems.push(`entry ${r.id} has no postings`);

  const drift = await sql<{ id: string; kind: string; balance: string; total: string }>`
    SELECT a.id, a.kind, a.balance, coalesce(s.total, 0)::text AS total
      FROM ledger_accounts a
      LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_postings GROUP BY account_id) s ON s.account_id = a.id
     WHERE a.balance <> coalesce(s.total, 0) ORDER BY a.id LIMIT ${listLimit + 1}`.execute(db);
  for (const r of drift.rows.slice(0, listLimit)) {
    problems.push(`account ${r.id} (${r.kind}) has balance ${r.balance} but its postings sum to ${r.total}`);
  }
  if (drift.rows.length > listLimit) problems.push('... and more accounts whose balance differs from their postings');

  const negative = await sql<{ id: string; balance: string }>`
    SELECT id, balance FROM ledger_accounts
     WHERE has_floor AND balance < 0
     ORDER BY id LIMIT ${listLimit}`.execute(db);
  for (const r of negative.rows) problems.push(`account ${r.id} is below zero: ${r.balance}`);

  // Every reserved hold is money sitting in "withdrawals pending", and nothing else is.
  const holds = await sql<{ currency: string; reserved: string; pending: string }>`
    SELECT a.currency, coalesce(h.reserved, 0)::text AS reserved, a.balance AS pending
      FROM ledger_accounts a
      LEFT JOIN (SELECT currency, sum(amount) AS reserved FROM ledger_holds WHERE status = 'reserved' GROUP BY currency) h
        ON h.currency = a.currency
     WHERE a.kind = 'withdrawals_pending'`.execute(db);
  for (const r of holds.rows) {
    if (r.reserved !== r.pending) {
      problems.push(`withdrawals pending ${r.currency} holds ${r.pending} but reserved holds total ${r.reserved}`);
    }
  }

  const totals = await sql<KindTotal>`
    SELECT kind, currency, count(*)::int AS accounts, sum(balance)::text AS balance
      FROM ledger_accounts GROUP BY kind, currency ORDER BY currency, kind`.execute(db);
  const perCurrency = new Map<string, bigint>();
  for (const t of totals.rows) perCurrency.set(t.currency, (perCurrency.get(t.currency) ?? 0n) + BigInt(t.balance));
  for (const [currency, total] of perCurrency) {
    if (total !== 0n) problems.push(`balances in ${currency} sum to ${total}, not zero`);
  }

  const counts = await sql<{ entries: string; postings: string }>`
    SELECT (SELECT count(*) FROM ledger_entries)::text AS entries, (SELECT count(*) FROM ledger_postings)::text AS postings`.execute(
    db,
  );
  const row = counts.rows[0];
  return { problems, totals: totals.rows, entries: Number(row?.entries ?? 0), postings: Number(row?.postings ?? 0) };
}

/** Checks in a snapshot of its own, or inside the caller's transaction when given one (tests use that). */
export async function checkLedger(db: Kysely<Database>): Promise<LedgerCheckReport> {
  if (db.isTransaction) return runChecks(db);
  return db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(runChecks);
}
