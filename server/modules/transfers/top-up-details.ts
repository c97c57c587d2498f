import { sql, type Kysely } from 'kysely';
import type { TopUpDetails } from '../../../common/api/transactions.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import type { Database } from '../../db/schema.ts';

/**
 * A top-up's card payment, as its detail shows it beside the dirhams credited: the euros converted, the fee, what
 * the card was charged (the two together) and the rate applied. Read from the exchange the top-up settled (its
 * transaction's reference), in the same table the receipt reads.
 */
export async function topUpDetailsOf(db: Kysely<Database>, id: string): Promise<TopUpDetails | undefined> {
  const { rows } = await sql<{ from_amount: string; fee_amount: string; rate: string }>`
    SELECT e.from_amount::text, e.fee_amount::text, e.rate::text
      FROM transactions t JOIN exchanges e ON t.reference = 'exchange:' || e.id::text
     WHERE t.id = ${id} AND t.kind = 'exchange'`.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  const converted = BigInt(row.from_amount);
  const fee = BigInt(row.fee_amount);
  return {
    converted_amount: formatAmount(money('EUR', converted)),
    fee_amount: formatAmount(money('EUR', fee)),
    paid_amount: formatAmount(money('EUR', converted + fee)),
    rate: row.rate,
  };
}
