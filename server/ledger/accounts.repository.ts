import { sql, type Kysely, type Transaction } from 'kysely';
import { isCurrency, money, type Currency, type Money } from '../../common/money/money.ts';
import type { Database } from '../db/schema.ts';

/** The account kinds (ADR 003 gives the sign convention and what each one holds). */
export const accountKinds = [
  'customer_wallet',
  'card_clearing',
  'fx',
  'fees',
  'subscription_revenue',
  'withdrawals_pending',
  'agency_cash',
  'unclaimed_transfers',
  'pickups_pending',
  'compliance_hold',
  'bank_payouts_pending',
  'mobile_payouts_pending',
  'payout_settlement',
] as const;
export type AccountKind = (typeof accountKinds)[number];
/** One account per currency for the whole platform, created by the migration. */
export type PlatformAccountKind = Exclude<AccountKind, 'customer_wallet' | 'agency_cash'>;

export interface Account {
  id: string;
  kind: AccountKind;
  currency: Currency;
  ownerUserId: string | null;
  agencyId: string | null;
  balance: Money;
}

interface AccountRow {
  id: string;
  kind: string;
  currency: string;
  owner_user_id: string | null;
  agency_id: string | null;
  balance: string;
}

function isAccountKind(value: string): value is AccountKind {
  return (accountKinds as readonly string[]).includes(value);
}

function toAccount(row: AccountRow): Account {
  // The CHECK constraints make these impossible; failing loudly beats carrying a wrong type further.
  if (!isAccountKind(row.kind) || !isCurrency(row.currency)) throw new Error(`Corrupt ledger account ${row.id}`);
  return {
    id: row.id,
    kind: row.kind,
    currency: row.currency,
    ownerUserId: row.owner_user_id,
    agencyId: row.agency_id,
    balance: money(row.currency, BigInt(row.balance)),
  };
}

const accountColumns = ['id', 'kind', 'currency', 'owner_user_id', 'agency_id', 'balance'] as const;

/**
 * The user's MAD wallet, created in the caller's transaction (the one that creates the user). Calling it again
 * for the same user returns the existing wallet, so a retried sign-up cannot create a second one.
 */
export async function createUserWallet(tx: Transaction<Database>, userId: string): Promise<Account> {
  await sql`INSERT INTO ledger_accounts (kind, currency, owner_user_id) VALUES ('customer_wallet', 'MAD', ${userId})
            ON CONFLICT (owner_user_id, currency) WHERE kind = 'customer_wallet' DO NOTHING`.execute(tx);
  const wallet = await findUserWallet(tx, userId);
  if (!wallet) throw new Error(`Wallet of user ${userId} was not created`);
  return wallet;
}

/** The cash account of an agency (MAD paid out over its counter), created with the agency; idempotent too. */
export async function createAgencyCashAccount(tx: Transaction<Database>, agencyId: string): Promise<Account> {
  await sql`INSERT INTO ledger_accounts (kind, currency, agency_id) VALUES ('agency_cash', 'MAD', ${agencyId})
            ON CONFLICT (agency_id, currency) WHERE kind = 'agency_cash' DO NOTHING`.execute(tx);
  const account = await findAgencyCashAccount(tx, agencyId);
  if (!account) throw new Error(`Cash account of agency ${agencyId} was not created`);
  return account;
}

export async function findUserWallet(db: Kysely<Database>, userId: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('kind', '=', 'customer_wallet')
    .where('owner_user_id', '=', userId)
    .where('currency', '=', 'MAD')
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findAgencyCashAccount(db: Kysely<Database>, agencyId: string): Promise<Account | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('kind', '=', 'agency_cash')
    .where('agency_id', '=', agencyId)
    .where('currency', '=', 'MAD')
    .executeTakeFirst();
  return row && toAccount(row);
}

export async function findAccount(db: Kysely<Database>, accountId: string): Promise<Account | undefined> {
  // Not an int8 at all: the same answer as an id that does not exist, rather than a cast error from PostgreSQL.
  if (!/^[1-9]\d{0,18}$/.test(accountId)) return undefined;
  const row = await db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row && toAccount(row);
}

/** A platform account by kind and currency; they exist from the migration on, so absence is a broken install. */
export async function platformAccount(
  db: Kysely<Database>,
  kind: PlatformAccountKind,
  currency: Currency,
): Promise<Account> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(accountColumns)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .executeTakeFirst();
  if (!row) throw new Error(`Platform account ${kind} ${currency} is missing: is the database migrated?`);
  return toAccount(row);
}

/**
 * The balance an API response shows: read from the ledger's account row, which post() keeps equal to the sum of
 * its postings (ledger:check proves it), never from a counter of another module.
 */
export async function userWalletBalance(db: Kysely<Database>, userId: string): Promise<Money<'MAD'> | undefined> {
  const wallet = await findUserWallet(db, userId);
  return wallet && money('MAD', wallet.balance.minor);
}
