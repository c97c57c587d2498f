import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Difference } from '../../../common/api/ops-reconciliation.ts';
import type { Database } from '../../db/schema.ts';
import { add, eur, mad, tally, type Tally } from './reconciliation-figures.ts';

/**
 * The card edge of one UTC day, matched one to one. A payment is what the provider reported paid: a checkout (a
 * top-up or the first month of the plan), settled that day, or a renewal invoice received that day. A credit is
 * what the ledger wrote for one: a top-up (`exchange`: the card's euros in, dirhams out of the FX desk to a
 * wallet) or a period of subscription revenue (`subscription`). Each credit names its payment: a top-up by the
 * checkout in its metadata, revenue by its reference (`checkout:ID` or `invoice:ID`).
 *
 * Every credit of the day needs a paid payment of its own, and every payment of the day exactly one credit of its
 * amount; a top-up's credit must also be the quote the customer accepted (the card's gross is the amount plus the
 * fee, the wallet gets the dirhams quoted). Lines are written on the day of what they are about: a credit's on the
 * credit's day, a payment's on its settlement's day, so a payment and its credit on either side of midnight still
 * match and nothing is listed twice.
 */

interface Credit {
  entry_id: string;
  kind: 'exchange' | 'subscription';
  reference_type: string;
  reference_id: string;
  session_id: string | null;
  created_at: Date;
  /** Whether it took money from card clearing at all. */
  card_leg: boolean;
  /** Euros taken from card clearing. */
  gross: string;
  /** Dirhams credited to customer wallets. */
  wallet: string;
}

interface Payment {
  key: string;
  purpose: 'exchange' | 'subscription';
  amount: string;
  status: 'paid' | 'refunded';
  at: Date;
  exchange_id: string | null;
  refund_dead: boolean;
}

interface Quote {
  id: string;
  gross: string;
  to_amount: string;
}

/** The payment a credit names, as a key shared with its payment: `session:ID` or `invoice:ID`. */
function keyOf(c: Credit): string | null {
  if (c.kind === 'exchange') return c.session_id === null ? null : `session:${c.session_id}`;
  const at = c.reference_id.indexOf(':');
  if (c.reference_type !== 'subscription_payment' || at < 0) return null;
  const [source, id] = [c.reference_id.slice(0, at), c.reference_id.slice(at + 1)];
  return source === 'checkout' ? `session:${id}` : source === 'invoice' ? `invoice:${id}` : null;
}

/** Where the ledger refers to a payment's credits: the exchange of a top-up, the revenue's reference. */
function creditReference(p: Payment): { type: string; id: string } | null {
  if (p.purpose === 'exchange') return p.exchange_id === null ? null : { type: 'exchange', id: p.exchange_id };
  const at = p.key.indexOf(':');
  const source = p.key.slice(0, at) === 'session' ? 'checkout' : 'invoice';
  return { type: 'subscription_payment', id: `${source}:${p.key.slice(at + 1)}` };
}

async function credits(db: Kysely<Database>, where: RawBuilder<unknown>): Promise<Credit[]> {
  const { rows } = await sql<Credit>`
    SELECT e.id::text AS entry_id, e.kind, e.reference_type, e.reference_id, e.metadata->>'session' AS session_id,
           e.created_at, coalesce(bool_or(a.kind = 'card_clearing'), false) AS card_leg,
           (-coalesce(sum(p.amount) FILTER (WHERE a.kind = 'card_clearing'), 0))::text AS gross,
           coalesce(sum(p.amount) FILTER (WHERE a.kind = 'customer_wallet'), 0)::text AS wallet
      FROM ledger_entries e
      JOIN ledger_postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id
     WHERE e.kind IN ('exchange', 'subscription') AND ${where}
     GROUP BY e.id
     ORDER BY e.id`.execute(db);
  return rows;
}

const paymentColumns = sql`
  SELECT 'session:' || s.id AS key, s.purpose, s.amount::text AS amount, s.status, s.finished_at AS at,
         s.exchange_id::text AS exchange_id,
         EXISTS (SELECT 1 FROM payment_actions pa WHERE pa.session_id = s.id AND pa.kind = 'refund'
                    AND pa.dead_at IS NOT NULL) AS refund_dead
    FROM payment_sessions s`;
const settled = sql`(s.status = 'paid' OR (s.status = 'refunded' AND s.provider_payment_id IS NOT NULL))`;
const renewalColumns = sql`
  SELECT 'invoice:' || v.invoice_id AS key, 'subscription' AS purpose, v.amount::text AS amount, 'paid' AS status,
         v.received_at AS at, NULL AS exchange_id, false AS refund_dead
    FROM payment_events v`;
/** A renewal the app booked (a free one from the customer's credit balance books nothing and is no payment). */
const bookedRenewal = sql`v.type = 'renewal_paid' AND v.outcome = 'renewed' AND v.invoice_id IS NOT NULL`;

async function paymentsOfDay(db: Kysely<Database>, from: Date, to: Date): Promise<Payment[]> {
  const { rows } = await sql<Payment>`
    ${paymentColumns} WHERE s.finished_at >= ${from} AND s.finished_at < ${to} AND ${settled}
    UNION ALL
    ${renewalColumns} WHERE ${bookedRenewal} AND v.received_at >= ${from} AND v.received_at < ${to}
    ORDER BY at, key`.execute(db);
  return rows;
}

async function paymentsByKey(db: Kysely<Database>, keys: string[]): Promise<Payment[]> {
  const ids = (prefix: string) => keys.filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  const { rows } = await sql<Payment>`
    ${paymentColumns} WHERE s.id = ANY(${ids('session:')}::text[]) AND ${settled}
    UNION ALL
    ${renewalColumns} WHERE ${bookedRenewal} AND v.invoice_id = ANY(${ids('invoice:')}::text[])`.execute(db);
  return rows;
}

async function quotes(db: Kysely<Database>, ids: string[]): Promise<Map<string, Quote>> {
  const { rows } = await sql<Quote>`
    SELECT id::text AS id, (from_amount + fee_amount)::text AS gross, to_amount::text AS to_amount
      FROM exchanges WHERE id = ANY(${ids.filter((id) => /^\d{1,18}$/.test(id))}::bigint[])`.execute(db);
  return new Map(rows.map((q) => [q.id, q]));
}

export interface CardReconciliation {
  differences: Difference[];
  reported: Tally;
  credited: Tally;
  refunded: Tally;
}

export async function reconcileCards(db: Kysely<Database>, from: Date, to: Date): Promise<CardReconciliation> {
  const [dayCredits, dayPayments] = await Promise.all([
    credits(db, sql`e.created_at >= ${from} AND e.created_at < ${to}`),
    paymentsOfDay(db, from, to),
  ]);
  // The payments the day's credits name (settled another day, or never), then every credit of all those payments.
  const payments = new Map(dayPayments.map((p) => [p.key, p]));
  const named = [...new Set(dayCredits.map(keyOf).filter((k): k is string => k !== null && !payments.has(k)))];
  for (const p of named.length > 0 ? await paymentsByKey(db, named) : []) payments.set(p.key, p);
  const references = [...payments.values()].map(creditReference).filter((r) => r !== null);
  const byType = (type: string) => references.filter((r) => r.type === type).map((r) => r.id);
  const related =
    references.length === 0
      ? []
      : await credits(
          db,
          sql`((e.reference_type = 'exchange' AND e.reference_id = ANY(${byType('exchange')}::text[]))
               OR (e.reference_type = 'subscription_payment'
                   AND e.reference_id = ANY(${byType('subscription_payment')}::text[])))`,
        );
  // A payment's credits, first written first; a dirham credit with no card leg is nobody's credit.
  const creditsOf = new Map<string, Credit[]>();
  const seen = new Set<string>();
  for (const c of [...dayCredits, ...related].sort((a, b) => Number(a.entry_id) - Number(b.entry_id))) {
    const key = keyOf(c);
    if (key === null || seen.has(c.entry_id) || (c.kind === 'exchange' && !c.card_leg)) continue;
    seen.add(c.entry_id);
    creditsOf.set(key, [...(creditsOf.get(key) ?? []), c]);
  }
  const quoted = await quotes(
    db,
    dayCredits.filter((c) => c.kind === 'exchange' && c.reference_type === 'exchange').map((c) => c.reference_id),
  );

  const differences: Difference[] = [];
  const line = (d: Omit<Difference, 'agency'>) => differences.push({ ...d, agency: null });
  const iso = (d: Date) => d.toISOString();
  const result: CardReconciliation = { differences, reported: tally(), credited: tally(), refunded: tally() };

  for (const p of dayPayments) {
    const base = { reference: p.key, currency: 'EUR' as const, at: iso(p.at) };
    if (p.purpose === 'exchange') add(result.reported, p.amount);
    const first = creditsOf.get(p.key)?.[0];
    if (p.status === 'refunded') {
      if (p.purpose === 'exchange') add(result.refunded, p.amount);
      if (p.refund_dead) line({ kind: 'refund_failed', ...base, expected: eur(p.amount), actual: null });
    } else if (first === undefined) {
      const kind = p.purpose === 'exchange' ? 'payment_without_credit' : 'payment_without_revenue';
      line({ kind, ...base, expected: eur(p.amount), actual: null });
    } else if (first.gross !== p.amount) {
      line({ kind: 'payment_amount_mismatch', ...base, expected: eur(p.amount), actual: eur(first.gross) });
    }
  }

  for (const c of dayCredits) {
    const entry = { reference: `entry:${c.entry_id}`, at: iso(c.created_at) };
    if (c.kind === 'exchange' && c.card_leg) add(result.credited, c.gross);
    if (c.kind === 'exchange' && !c.card_leg) {
      line({ kind: 'credit_without_card_leg', ...entry, currency: 'MAD', expected: null, actual: mad(c.wallet) });
      continue;
    }
    const key = keyOf(c);
    const payment = key === null ? undefined : payments.get(key);
    if (payment?.status !== 'paid') {
      const kind = c.kind === 'exchange' ? 'credit_without_payment' : 'revenue_without_payment';
      line({ kind, ...entry, currency: 'EUR', expected: null, actual: eur(c.gross) });
      continue;
    }
    if (creditsOf.get(payment.key)?.[0]?.entry_id !== c.entry_id) {
      line({ kind: 'duplicate_credit', ...entry, currency: 'EUR', expected: null, actual: eur(c.gross) });
      continue;
    }
    const quote = c.kind === 'exchange' ? quoted.get(c.reference_id) : undefined;
    if (quote === undefined) continue;
    const ofQuote = { kind: 'quote_mismatch' as const, reference: `exchange:${quote.id}`, at: entry.at };
    if (quote.gross !== c.gross)
      line({ ...ofQuote, currency: 'EUR', expected: eur(quote.gross), actual: eur(c.gross) });
    if (quote.to_amount !== c.wallet)
      line({ ...ofQuote, currency: 'MAD', expected: mad(quote.to_amount), actual: mad(c.wallet) });
  }
  return result;
}
