import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { money, type Money } from '../../common/money/money.ts';
import type { Database } from '../db/schema.ts';
import { createAgencyCashAccount, createUserWallet, platformAccount, type Account } from './accounts.repository.ts';
import { post, postAlone, type EntryInput, type PostedEntry } from './journal.ts';
import { withTransaction } from './transaction.ts';

/**
 * Test data for the ledger's API tests. Test files share one database and run in parallel, so every owner id is
 * random: a test only ever looks at accounts it created.
 */

/** A random positive int8, as the users and agencies modules will hand out. */
export function uniqueId(): string {
  return (randomBytes(6).readUIntBE(0, 6) + 1).toString();
}

class RolledBack extends Error {}

/**
 * Runs `work` in a transaction that is rolled back whatever happens, and gives back its result or its error. For
 * the tests that try to break the books on purpose (a negative balance, an edited posting): were the guard they
 * prove missing, the damage would otherwise stay in the database every API test and the final `ledger:check` share.
 */
export async function rolledBack<T>(db: Kysely<Database>, work: (tx: Kysely<Database>) => Promise<T>): Promise<T> {
  const outcome: { value?: T } = {};
  try {
    await db.transaction().execute(async (tx) => {
      outcome.value = await work(tx);
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return outcome.value as T;
}

export const mad = (minor: bigint | number): Money<'MAD'> => money('MAD', BigInt(minor));

/** Cash comes in from the FX account, as a card top-up's MAD leg would. */
export async function deposit(db: Kysely<Database>, accountId: string, amount: Money<'MAD'>): Promise<PostedEntry> {
  return withTransaction(db, async (tx) => {
    const fx = await platformAccount(tx, 'fx', 'MAD');
    return post(tx, {
      kind: 'deposit',
      reference: { type: 'test', id: uniqueId() },
      postings: [
        { accountId: fx.id, amount: mad(-amount.minor) },
        { accountId, amount },
      ],
    });
  });
}

export async function newWallet(db: Kysely<Database>, balance: bigint = 0n): Promise<Account> {
  const wallet = await withTransaction(db, (tx) => createUserWallet(tx, uniqueId()));
  if (balance > 0n) await deposit(db, wallet.id, mad(balance));
  return wallet;
}

export async function newAgencyCash(db: Kysely<Database>): Promise<Account> {
  return withTransaction(db, (tx) => createAgencyCashAccount(tx, uniqueId()));
}

/**
 * A wallet-to-wallet transfer through post() in withTransaction() (what a caller with a business row does), or
 * through postAlone() (the entry alone, one statement in its own implicit transaction).
 */
export async function transfer(
  db: Kysely<Database>,
  from: string,
  to: string,
  amount: bigint,
  how: 'transaction' | 'alone' = 'transaction',
): Promise<PostedEntry> {
  const entry: EntryInput = {
    kind: 'transfer',
    reference: { type: 'test', id: uniqueId() },
    postings: [
      { accountId: from, amount: mad(-amount) },
      { accountId: to, amount: mad(amount) },
    ],
  };
  return how === 'alone' ? postAlone(db, entry) : withTransaction(db, (tx) => post(tx, entry));
}

export async function balanceOf(db: Kysely<Database>, accountId: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return BigInt(row.balance);
}
