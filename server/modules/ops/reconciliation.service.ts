import { sql, type Kysely } from 'kysely';
import type { Difference, Reconciliation } from '../../../common/api/ops-reconciliation.ts';
import { isCurrency, type Currency } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { toCsv } from './audit.service.ts';
import { reconcileCards } from './card-reconciliation.ts';
import { add, fmt, mad, tally, type Tally } from './reconciliation-figures.ts';

/**
 * Reconciliation of one UTC day: `ledger:check` (its own code, checkLedger), then the two edges where
 * money meets the outside. Card payments: each payment the provider reported against the one ledger credit it
 * paid for (card-reconciliation.ts: top-ups and subscription revenue, one to one). Agency payouts: every withdrawal and pickup
 * marked paid that day against the cash the ledger moved to the agency's till, matched by the row's final entry
 * (both are written in one database transaction, so they fall on the same day). A line per difference.
 */

interface PayoutRow {
  id: string;
  kind: 'withdrawal' | 'pickup';
  agency_id: string | null;
  amount: string;
  validated_at: Date;
  final_entry_id: string | null;
  ledger_agency_id: string | null;
  ledger_amount: string | null;
}

interface LedgerPayout {
  entry_id: string;
  agency_id: string;
  amount: string;
  created_at: Date;
}

async function payoutSide(db: Kysely<Database>, from: Date, to: Date) {
  const rows = await sql<PayoutRow>`
    SELECT t.id, t.kind, t.agency_id, t.amount::text AS amount, t.validated_at, t.final_entry_id,
           cash.agency_id AS ledger_agency_id, cash.amount AS ledger_amount
      FROM transactions t
      LEFT JOIN LATERAL (
        SELECT a.agency_id, p.amount::text AS amount FROM ledger_postings p
          JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'agency_cash'
         WHERE p.entry_id = t.final_entry_id LIMIT 1) cash ON true
     WHERE t.kind IN ('withdrawal', 'pickup') AND t.status IN ('validated', 'collected')
       AND t.validated_at >= ${from} AND t.validated_at < ${to}
     ORDER BY t.validated_at, t.id`.execute(db);
  const ledger = await sql<LedgerPayout>`
    SELECT e.id AS entry_id, a.agency_id, p.amount::text AS amount, e.created_at
      FROM ledger_entries e
      JOIN ledger_postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'agency_cash'
     WHERE e.created_at >= ${from} AND e.created_at < ${to}
     ORDER BY e.id`.execute(db);
  return { rows: rows.rows, ledger: ledger.rows };
}

async function agencyNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('contacts').select(['id', 'first_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.first_name]));
}

/** `GET reconciliation/?date=`: the day's report; `day` is a checked YYYY-MM-DD. */
export async function reconcile(db: Kysely<Database>, day: string): Promise<Reconciliation> {
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const [report, card, payouts] = await Promise.all([
    checkLedger(db),
    reconcileCards(db, from, to),
    payoutSide(db, from, to),
  ]);
  const differences: Difference[] = [...card.differences];
  const iso = (d: Date) => d.toISOString();

  const perAgency = new Map<string, { rows: Tally; withdrawals: Tally; pickups: Tally; ledger: Tally }>();
  const agencyOf = (id: string) => {
    let a = perAgency.get(id);
    if (!a) perAgency.set(id, (a = { rows: tally(), withdrawals: tally(), pickups: tally(), ledger: tally() }));
    return a;
  };
  const finalEntries = new Set<string>();
  for (const r of payouts.rows) {
    if (r.final_entry_id !== null) finalEntries.add(r.final_entry_id);
    if (r.agency_id !== null) {
      const a = agencyOf(r.agency_id);
      add(a.rows, r.amount);
      add(r.kind === 'withdrawal' ? a.withdrawals : a.pickups, r.amount);
    }
    const base = {
      reference: `transaction:${r.id}`,
      agency: r.agency_id === null ? null : Number(r.agency_id),
      currency: 'MAD' as const,
      at: iso(r.validated_at),
    };
    if (r.ledger_amount === null)
      differences.push({ kind: 'payout_without_ledger', ...base, expected: mad(r.amount), actual: null });
    else if (r.ledger_agency_id !== r.agency_id)
      differences.push({
        kind: 'payout_agency_mismatch',
        ...base,
        expected: `agency ${r.agency_id ?? '—'}`,
        actual: `agency ${r.ledger_agency_id ?? '—'}`,
      });
    else if (r.ledger_amount !== r.amount)
      differences.push({
        kind: 'payout_amount_mismatch',
        ...base,
        expected: mad(r.amount),
        actual: mad(r.ledger_amount),
      });
  }
  for (const l of payouts.ledger) {
    add(agencyOf(l.agency_id).ledger, l.amount);
    if (!finalEntries.has(l.entry_id))
      differences.push({
        kind: 'ledger_payout_without_row',
        reference: `entry:${l.entry_id}`,
        agency: Number(l.agency_id),
        currency: 'MAD',
        expected: null,
        actual: mad(l.amount),
        at: iso(l.created_at),
      });
  }
  const names = await agencyNames(db, [...perAgency.keys()]);
  const present = (t: Tally, currency: Currency) => ({ count: t.count, amount: fmt(currency, t.minor) });
  return {
    date: day,
    ledger_check: {
      ok: report.problems.length === 0,
      entries: report.entries,
      postings: report.postings,
      problems: report.problems,
      totals: report.totals.map((t) => ({
        kind: t.kind,
        currency: t.currency,
        accounts: t.accounts,
        balance: isCurrency(t.currency) ? fmt(t.currency, t.balance) : t.balance,
      })),
    },
    card_payments: {
      currency: 'EUR',
      reported: present(card.reported, 'EUR'),
      credited: present(card.credited, 'EUR'),
      refunded: present(card.refunded, 'EUR'),
    },
    payouts: [...perAgency.entries()]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([id, a]) => ({
        agency: Number(id),
        name: names.get(id) ?? '',
        currency: 'MAD' as const,
        rows: present(a.rows, 'MAD'),
        withdrawals: present(a.withdrawals, 'MAD'),
        pickups: present(a.pickups, 'MAD'),
        ledger: present(a.ledger, 'MAD'),
      })),
    differences,
  };
}

const csvColumns = ['section', 'item', 'reference', 'agency', 'currency', 'count', 'expected', 'actual', 'at'] as const;
type CsvRow = Partial<Record<(typeof csvColumns)[number], string | number | null>>;

/**
 * The same report as RFC 4180 CSV (CRLF, quoted fields, UTF-8 with a byte-order mark so that a spreadsheet reads
 * agency names in Arabic right): the summary lines first, then one line per difference.
 */
export function reconciliationCsv(r: Reconciliation): string {
  const rows: CsvRow[] = [
    { section: 'ledger_check', item: r.ledger_check.ok ? 'ok' : 'broken', count: r.ledger_check.problems.length },
    ...r.ledger_check.problems.map((p) => ({ section: 'ledger_problem', item: p })),
    ...(['reported', 'credited', 'refunded'] as const).map((item) => ({
      section: 'card_payments',
      item,
      currency: 'EUR',
      count: r.card_payments[item].count,
      actual: r.card_payments[item].amount,
    })),
    ...r.payouts.map((p) => ({
      section: 'agency_payouts',
      item: p.name,
      agency: p.agency,
      currency: 'MAD',
      count: p.rows.count,
      expected: p.rows.amount,
      actual: p.ledger.amount,
    })),
    ...r.differences.map((d) => ({
      section: 'difference',
      item: d.kind,
      reference: d.reference,
      agency: d.agency,
      currency: d.currency,
      expected: d.expected,
      actual: d.actual,
      at: d.at,
    })),
  ];
  return `\uFEFF${toCsv(csvColumns, rows)}`;
}
