import type { Kysely } from 'kysely';
import { money } from '../common/money/money.ts';
import type { Database } from '../server/db/schema.ts';
import { platformAccount } from '../server/ledger/accounts.repository.ts';
import { post } from '../server/ledger/journal.ts';
import { withTransaction } from '../server/ledger/transaction.ts';

/**
 * `count` MAD wallets of 10,000.00 each, funded by one entry from the fx account, so no bench transfer of 1.00 ever
 * runs short. Answers their account ids. Shared by bench/ledger.ts and bench/ledger-safeguards.ts.
 */
export function fundedWallets(db: Kysely<Database>, count: number) {
  return withTransaction(db, async (tx) => {
    const rows = await tx
      .insertInto('ledger_accounts')
      .values(
        Array.from({ length: count }, (_, i) => ({
          kind: 'customer_wallet',
          currency: 'MAD',
          owner_user_id: String(i + 1),
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    const fx = await platformAccount(tx, 'fx', 'MAD');
    const each = 1_000_000n;
    await post(tx, {
      kind: 'deposit',
      reference: { type: 'bench', id: 'funding' },
      postings: [
        { accountId: fx.id, amount: money('MAD', -each * BigInt(count)) },
        ...ids.map((id) => ({ accountId: id, amount: money('MAD', each) })),
      ],
    });
    return ids;
  });
}
