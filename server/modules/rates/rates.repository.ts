import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** numeric columns as PostgreSQL prints them: exact decimal text ("10.8500", "0.016000"). */
export interface RatesRow {
  id: string;
  official: string;
  freemium: string;
  subscription: string;
  card_fee: string;
  created_at: Date;
  /** From when it applies (migration 0210). */
  effective_at: Date;
}

const columns = ['id', 'official', 'freemium', 'subscription', 'card_fee', 'created_at', 'effective_at'] as const;

/** The row in force at `at`: the latest effective time not after it, the newest row of that time. */
export async function ratesInForce(db: Kysely<Database>, at: Date): Promise<RatesRow | undefined> {
  return db
    .selectFrom('rates')
    .select(columns)
    .where('effective_at', '<=', at)
    .orderBy('effective_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function anyRates(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('rates').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export interface NewRates {
  official: string;
  freemium: string;
  subscription: string;
  cardFee: string;
  /** Omitted: the database's now(). */
  effectiveAt?: Date;
  setBy?: string;
  approvedBy?: string;
  approvalId?: string;
  reason?: string;
}

export async function insertRates(db: Kysely<Database>, rates: NewRates): Promise<RatesRow> {
  return db
    .insertInto('rates')
    .values({
      official: rates.official,
      freemium: rates.freemium,
      subscription: rates.subscription,
      card_fee: rates.cardFee,
      ...(rates.effectiveAt ? { effective_at: rates.effectiveAt } : {}),
      set_by: rates.setBy ?? null,
      approved_by: rates.approvedBy ?? null,
      approval_id: rates.approvalId ?? null,
      reason: rates.reason ?? null,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export interface RatesHistoryRow extends RatesRow {
  set_by: string | null;
  set_by_name: string | null;
  approved_by: string | null;
  approved_by_name: string | null;
  approval_id: string | null;
  reason: string | null;
}

function historyRows(db: Kysely<Database>) {
  return db
    .selectFrom('rates as r')
    .leftJoin('users as s', 's.id', 'r.set_by')
    .leftJoin('users as a', 'a.id', 'r.approved_by')
    .select([
      'r.id',
      'r.official',
      'r.freemium',
      'r.subscription',
      'r.card_fee',
      'r.created_at',
      'r.effective_at',
      'r.set_by',
      sql<string | null>`nullif(trim(s.first_name || ' ' || s.last_name), '')`.as('set_by_name'),
      'r.approved_by',
      sql<string | null>`nullif(trim(a.first_name || ' ' || a.last_name), '')`.as('approved_by_name'),
      'r.approval_id',
      'r.reason',
    ]);
}

export async function findRatesHistoryRow(db: Kysely<Database>, id: string): Promise<RatesHistoryRow | undefined> {
  return historyRows(db).where('r.id', '=', id).executeTakeFirst();
}

/** Every rates row, the latest effective time first (scheduled ones on top). */
export async function listRatesHistory(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: RatesHistoryRow[] }> {
  const [rows, total] = await Promise.all([
    historyRows(db).orderBy('r.effective_at', 'desc').orderBy('r.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    db
      .selectFrom('rates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}

/**
 * Every row in force at some moment of [from, to]: the one in force at `from`, then the newest row of each
 * effective time after it up to `to` (a row overtaken by a newer one of the same time was never in force).
 */
export async function ratesInForceDuring(db: Kysely<Database>, from: Date, to: Date): Promise<RatesRow[]> {
  const first = await ratesInForce(db, from);
  const later = await db
    .selectFrom('rates')
    .distinctOn('effective_at')
    .select(columns)
    .where('effective_at', '>', from)
    .where('effective_at', '<=', to)
    .orderBy('effective_at')
    .orderBy('id', 'desc')
    .execute();
  return first ? [first, ...later] : later;
}

/** The newest row written, scheduled or not: a rates request remembers it to see whether anything was set since. */
export async function latestRatesId(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('rates').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}
