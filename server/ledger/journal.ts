import { sql, type Kysely, type Transaction } from 'kysely';
import { money, type Currency, type Money } from '../../common/money/money.ts';
import { poolQuery } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  CurrencyMismatchError,
  InsufficientFundsError,
  NegativePlatformBalanceError,
  UnbalancedEntryError,
  UnknownAccountError,
} from './ledger-errors.ts';
import { withRetries } from './transaction.ts';

/** What happened, for statements and audits; a new business event adds its kind here. */
export type EntryKind =
  | 'deposit'
  | 'transfer'
  | 'exchange'
  | 'fee'
  | 'subscription'
  | 'payout'
  | 'withdrawal_reserve'
  | 'withdrawal_settle'
  | 'withdrawal_release'
  // Cash pickup: wallet -> pickups pending, then to an agency's cash or back to the wallet.
  | 'pickup_send'
  | 'pickup_payout'
  | 'pickup_return'
  // A send or pickup held for a review (-> compliance hold), and its release after approval, each kind
  // named by the review that held it: a sanctions hit, or a blocking monitoring rule.
  | 'sanctions_hold'
  | 'monitoring_hold'
  | 'sanctions_release'
  | 'monitoring_release'
  // A send or pickup a monitoring review rejected: compliance hold -> back to the sender's wallet.
  | 'monitoring_refund'
  // A send held by the cooling-off after an account recovery, and its release by the sweep when the wait is over.
  | 'cooling_off_hold'
  | 'cooling_off_release'
  | 'adjustment';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface PostingInput {
  accountId: string;
  /** Signed: positive adds to the account's balance, negative takes from it. */
  amount: Money;
}

export interface EntryInput {
  kind: EntryKind;
  /** The business row this entry belongs to, e.g. `{type: 'transaction', id: '42'}`. */
  reference: { type: string; id: string };
  metadata?: { [key: string]: JsonValue };
  postings: readonly PostingInput[];
}

export interface PostedEntry {
  id: string;
  /** The balances of the touched accounts after this entry, for the response of the request that posted it. */
  balances: ReadonlyMap<string, Money>;
}

const accountIdPattern = /^[1-9]\d{0,18}$/;

/** The checks that need no database: they fail before a round trip and without aborting the transaction. */
function validate(entry: EntryInput): Map<string, Currency> {
  if (entry.postings.length < 2) throw new UnbalancedEntryError('an entry needs at least two postings');
  const sums = new Map<Currency, bigint>();
  const currencies = new Map<string, Currency>();
  for (const { accountId, amount } of entry.postings) {
    if (!accountIdPattern.test(accountId)) throw new UnknownAccountError([accountId]);
    if (amount.minor === 0n) throw new UnbalancedEntryError(`zero posting on account ${accountId}`);
    const seen = currencies.get(accountId);
    if (seen !== undefined && seen !== amount.currency)
      throw new CurrencyMismatchError(accountId, seen, amount.currency);
    currencies.set(accountId, amount.currency);
    sums.set(amount.currency, (sums.get(amount.currency) ?? 0n) + amount.minor);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedEntryError(`postings in ${currency} sum to ${sum}`);
  }
  return currencies;
}

/** ledger_post()'s own SQLSTATEs (migration 0002) -> the typed errors; anything else passes through. */
export function ledgerError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  const parts = typeof detail === 'string' ? detail.split(',') : [];
  const [first = '', second = '', third = ''] = parts;
  switch (code) {
    case 'LG002':
      return new UnknownAccountError(parts);
    case 'LG003':
      return new CurrencyMismatchError(first, second, third);
    case 'LG004':
      return new InsufficientFundsError(first);
    case 'LG005':
      return new NegativePlatformBalanceError(first);
    default:
      return error;
  }
}

/**
 * Writes one journal entry in the caller's transaction (the one that writes the business row, so both commit or
 * neither does) and moves the balances of its accounts, in one round trip to the database function
 * ledger_post(): it updates the touched accounts in ascending id order, each UPDATE checking currency and floor
 * under its own row lock (two entries over the same accounts queue instead of deadlocking), and inserts entry and
 * postings (ADR 003).
 * The database also enforces the essentials by itself (CHECK on balances, composite FK on currency), and
 * ledger_post() is the only writer of entries and postings the app's role has: it refuses an unbalanced entry
 * itself (migration 0480), so no other path of the app can break them.
 *
 * Throws UnbalancedEntryError, UnknownAccountError or CurrencyMismatchError for a wrong entry,
 * InsufficientFundsError when a customer wallet would go below zero (400 `{"amount": ["Not enough funds"]}`),
 * NegativePlatformBalanceError for a platform account that must stay positive. The errors found by the database
 * abort the transaction, like any failed statement: let them propagate.
 */
export async function post(tx: Transaction<Database>, entry: EntryInput): Promise<PostedEntry> {
  return callLedgerPost(tx, entry);
}

/**
 * post() for an entry that is the whole operation (no business row beside it): the one statement runs in its own
 * implicit transaction, so the entry costs one round trip instead of three (BEGIN, the call, COMMIT), and is
 * retried like withTransaction() on a deadlock or serialization failure. Same checks, errors and guarantees as
 * post(); an entry that must commit with other writes goes through post() inside their transaction instead.
 */
export async function postAlone(db: Kysely<Database>, entry: EntryInput): Promise<PostedEntry> {
  const query = poolQuery(db);
  return withRetries(() => callLedgerPost(db, entry, query));
}

type PostedRow = { entry_id: string; account_id: string; balance: string };

/** The call's text with numbered parameters, as Kysely compiles the template below: one prepared statement name. */
const ledgerPostText =
  'SELECT entry_id, account_id, balance FROM ledger_post($1, $2, $3, $4::jsonb, $5::bigint[], $6::text[], $7::bigint[])';

async function callLedgerPost(
  db: Kysely<Database>,
  entry: EntryInput,
  query?: <R>(text: string, values: readonly unknown[]) => Promise<R[]>,
): Promise<PostedEntry> {
  const currencies = validate(entry);
  const values = [
    entry.kind,
    entry.reference.type,
    entry.reference.id,
    JSON.stringify(entry.metadata ?? {}),
    entry.postings.map((p) => p.accountId),
    entry.postings.map((p) => p.amount.currency),
    entry.postings.map((p) => p.amount.minor.toString()),
  ] as const;
  let rows: PostedRow[];
  try {
    // A SELECT with parameters: the API processes run it as a named prepared statement (server/db/database.ts).
    // postAlone() on a pool runs it directly on a connection of that pool (poolQuery): no Kysely work per call.
    rows = query
      ? await query<PostedRow>(ledgerPostText, values)
      : (
          await sql<PostedRow>`
      SELECT entry_id, account_id, balance FROM ledger_post(
        ${values[0]}, ${values[1]}, ${values[2]}, ${values[3]}::jsonb,
        ${values[4]}::bigint[], ${values[5]}::text[], ${values[6]}::bigint[])`.execute(db)
        ).rows;
  } catch (error) {
    throw ledgerError(error);
  }
  const id = rows[0]?.entry_id;
  if (id === undefined) throw new Error('ledger entry was not written');
  const balances = new Map<string, Money>();
  for (const row of rows) {
    const currency = currencies.get(row.account_id);
    if (currency) balances.set(row.account_id, money(currency, BigInt(row.balance)));
  }
  return { id, balances };
}
