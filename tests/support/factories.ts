import type { Kysely } from 'kysely';
import { madToEur } from '../../common/money/conversion.ts';
import { parseDecimal } from '../../common/money/decimal.ts';
import { money, negate } from '../../common/money/money.ts';
import type { Database } from '../../server/db/schema.ts';
import { findUserWallet, platformAccount } from '../../server/ledger/accounts.repository.ts';
import { post } from '../../server/ledger/journal.ts';
import { withTransaction } from '../../server/ledger/transaction.ts';

/** The rate test top-ups pretend to have used; only the EUR side of the entry depends on it. */
const testRate = parseDecimal('10.85');

/**
 * Credits a user's MAD wallet as a card top-up would: EUR in from card clearing to the FX desk, MAD out of the
 * FX desk to the wallet. One balanced entry through the ledger's post(), so `ledger:check` stays clean. Test data
 * only: no exchange row, so it does not show in the history.
 */
export async function fundWallet(db: Kysely<Database>, userId: string | number, madMinor: bigint): Promise<void> {
  if (!testRate) throw new Error('bad test rate');
  const mad = money('MAD', madMinor);
  const eur = madToEur(mad, testRate);
  await withTransaction(db, async (tx) => {
    const wallet = await findUserWallet(tx, String(userId));
    if (!wallet) throw new Error(`user ${userId} has no wallet`);
    const clearing = await platformAccount(tx, 'card_clearing', 'EUR');
    const fxEur = await platformAccount(tx, 'fx', 'EUR');
    const fxMad = await platformAccount(tx, 'fx', 'MAD');
    await post(tx, {
      kind: 'deposit',
      reference: { type: 'test_top_up', id: `${userId}-${Date.now()}` },
      metadata: { test: true },
      postings: [
        { accountId: clearing.id, amount: negate(eur) },
        { accountId: fxEur.id, amount: eur },
        { accountId: fxMad.id, amount: negate(mad) },
        { accountId: wallet.id, amount: mad },
      ],
    });
  });
}
