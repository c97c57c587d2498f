import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** numeric columns as PostgreSQL prints them: exact decimal text ("10.8500", "0.016000"). */
export interface RatesRow {
  official: string;
  freemium: string;
  subscription: string;
  card_fee: string;
  created_at: Date;
}

export async function latestRates(db: Kysely<Database>): Promise<RatesRow | undefined> {
  return db
    .selectFrom('rates')
    .select(['official', 'freemium', 'subscription', 'card_fee', 'created_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertRates(
  db: Kysely<Database>,
  rates: { official: string; freemium: string; subscription: string; cardFee: string },
): Promise<RatesRow> {
  return db
    .insertInto('rates')
    .values({
      official: rates.official,
      freemium: rates.freemium,
      subscription: rates.subscription,
      card_fee: rates.cardFee,
    })
    .returning(['official', 'freemium', 'subscription', 'card_fee', 'created_at'])
    .executeTakeFirstOrThrow();
}
