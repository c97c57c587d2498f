import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Quote } from './exchange-quote.ts';

export interface ExchangeRow {
  id: string;
  user_id: string;
  from_amount: string;
  to_amount: string;
  fee_amount: string;
  fee_fraction: string;
  rate: string;
  official_rate: string;
  subscribed: boolean;
  status: 'draft' | 'paid';
  validated_at: Date | null;
  locked_until: Date | null;
  quote_expires_at: Date | null;
  paid_at: Date | null;
}

const columns = [
  'id',
  'user_id',
  'from_amount',
  'to_amount',
  'fee_amount',
  'fee_fraction',
  'rate',
  'official_rate',
  'subscribed',
  'status',
  'validated_at',
  'locked_until',
  'quote_expires_at',
  'paid_at',
] as const;

const priced = (q: Quote) => ({
  from_amount: q.from.minor,
  to_amount: q.to.minor,
  fee_amount: q.fee.minor,
  fee_fraction: q.feeFraction,
  rate: q.rate,
  official_rate: q.officialRate,
  subscribed: q.subscribed,
});

/**
 * The user's draft, created or re-priced: the partial unique index keeps it single even under concurrent POSTs.
 * Its figures are a quote, honoured by validation until `quoteUntil`.
 */
export async function upsertDraft(
  tx: Transaction<Database>,
  userId: string,
  q: Quote,
  now: Date,
  quoteUntil: Date,
): Promise<ExchangeRow> {
  return tx
    .insertInto('exchanges')
    .values({ user_id: userId, ...priced(q), quote_expires_at: quoteUntil, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .where('status', '=', 'draft')
        .doUpdateSet({
          ...priced(q),
          validated_at: null,
          locked_until: null,
          quote_expires_at: quoteUntil,
          updated_at: now,
        }),
    )
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** A new amount or price on a draft (a new quote); any rate lock it had belonged to the old price and is dropped. */
export async function repriceDraft(
  tx: Transaction<Database>,
  id: string,
  q: Quote,
  now: Date,
  quoteUntil: Date,
): Promise<ExchangeRow> {
  return tx
    .updateTable('exchanges')
    .set({ ...priced(q), validated_at: null, locked_until: null, quote_expires_at: quoteUntil, updated_at: now })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function lockRate(
  tx: Transaction<Database>,
  id: string,
  q: Quote,
  now: Date,
  until: Date,
): Promise<ExchangeRow> {
  return tx
    .updateTable('exchanges')
    .set({ ...priced(q), validated_at: now, locked_until: until, updated_at: now })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export async function unlockRate(tx: Transaction<Database>, id: string, now: Date): Promise<void> {
  await tx
    .updateTable('exchanges')
    .set({ validated_at: null, locked_until: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .execute();
}

export async function markPaid(tx: Transaction<Database>, id: string, ledgerEntryId: string, now: Date): Promise<void> {
  await tx
    .updateTable('exchanges')
    .set({ status: 'paid', ledger_entry_id: ledgerEntryId, paid_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** One exchange of this user (another user's is "not found"); `lock` takes the row for the caller's transaction. */
export async function findUserExchange(
  db: Kysely<Database>,
  userId: string,
  id: string,
  lock = false,
): Promise<ExchangeRow | undefined> {
  const query = db.selectFrom('exchanges').select(columns).where('id', '=', id).where('user_id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function findExchangeForUpdate(tx: Transaction<Database>, id: string): Promise<ExchangeRow | undefined> {
  return tx.selectFrom('exchanges').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listUserExchanges(
  db: Kysely<Database>,
  userId: string,
  filter: { validated?: boolean; page: number; pageSize: number },
): Promise<{ count: number; rows: ExchangeRow[] }> {
  let base = db.selectFrom('exchanges').where('user_id', '=', userId);
  if (filter.validated !== undefined) base = base.where('status', '=', filter.validated ? 'paid' : 'draft');
  const [{ count }, rows] = await Promise.all([
    base.select(sql<string>`count(*)`.as('count')).executeTakeFirstOrThrow(),
    base
      .select(columns)
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
  ]);
  return { count: Number(count), rows };
}
