import { sql, type Transaction } from 'kysely';
import { money, negate, type Money } from '../../common/money/money.ts';
import type { Database } from '../db/schema.ts';
import { findAccount, platformAccount } from './accounts.repository.ts';
import { post, type EntryInput } from './journal.ts';
import {
  HoldAlreadyFinishedError,
  HoldNotFoundError,
  UnknownAccountError,
  WrongAccountKindError,
} from './ledger-errors.ts';

/**
 * Two-phase movements for cash withdrawals: reserve takes the amount out of the wallet into "withdrawals
 * pending" at once (so it cannot be spent twice while the customer walks to the agency), then exactly one of
 * settle (the teller paid it out: to the agency's cash account) or release (cancelled or expired: back to the
 * wallet). The database refuses a second settle or release (trigger on ledger_holds).
 */

export type HoldStatus = 'reserved' | 'settled' | 'released';

export interface Hold {
  id: string;
  walletAccountId: string;
  amount: Money<'MAD'>;
  status: HoldStatus;
  reserveEntryId: string;
  finalEntryId: string | null;
}

export interface ReserveInput {
  walletAccountId: string;
  amount: Money<'MAD'>;
  reference: EntryInput['reference'];
  metadata?: EntryInput['metadata'];
}

export async function reserveHold(tx: Transaction<Database>, input: ReserveInput): Promise<Hold> {
  const pending = await platformAccount(tx, 'withdrawals_pending', input.amount.currency);
  const entry = await post(tx, {
    kind: 'withdrawal_reserve',
    reference: input.reference,
    metadata: input.metadata ?? {},
    postings: [
      { accountId: input.walletAccountId, amount: negate(input.amount) },
      { accountId: pending.id, amount: input.amount },
    ],
  });
  const row = await tx
    .insertInto('ledger_holds')
    .values({
      wallet_account_id: input.walletAccountId,
      currency: input.amount.currency,
      amount: input.amount.minor,
      reserve_entry_id: entry.id,
    })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    walletAccountId: input.walletAccountId,
    amount: input.amount,
    status: row.status,
    reserveEntryId: entry.id,
    finalEntryId: null,
  };
}

interface LockedHold {
  id: string;
  wallet_account_id: string;
  amount: string;
  status: HoldStatus;
  reserve_entry_id: string;
  reference_type: string;
  reference_id: string;
}

/**
 * Locks the hold before any account, so that two tellers (or a teller and the expiry job) finishing the same
 * hold queue on its row and the second one sees it finished. Callers lock holds before posting anything else.
 */
async function lockReservedHold(tx: Transaction<Database>, holdId: string): Promise<LockedHold> {
  if (!/^[1-9]\d{0,18}$/.test(holdId)) throw new HoldNotFoundError(holdId);
  const result = await sql<LockedHold>`
    SELECT h.id, h.wallet_account_id, h.amount, h.status, h.reserve_entry_id, e.reference_type, e.reference_id
      FROM ledger_holds h JOIN ledger_entries e ON e.id = h.reserve_entry_id
     WHERE h.id = ${holdId}
       FOR NO KEY UPDATE OF h`.execute(tx);
  const hold = result.rows[0];
  if (!hold) throw new HoldNotFoundError(holdId);
  if (hold.status !== 'reserved') throw new HoldAlreadyFinishedError(holdId, hold.status);
  return hold;
}

async function finish(
  tx: Transaction<Database>,
  holdId: string,
  status: 'settled' | 'released',
  destinationAccountId: (hold: LockedHold) => string,
  metadata: EntryInput['metadata'],
): Promise<Hold> {
  const hold = await lockReservedHold(tx, holdId);
  const amount = money('MAD', BigInt(hold.amount));
  const pending = await platformAccount(tx, 'withdrawals_pending', 'MAD');
  const entry = await post(tx, {
    kind: status === 'settled' ? 'withdrawal_settle' : 'withdrawal_release',
    // The same business reference as the reservation: every entry of one withdrawal is found together.
    reference: { type: hold.reference_type, id: hold.reference_id },
    metadata: { ...metadata, hold_id: hold.id },
    postings: [
      { accountId: pending.id, amount: negate(amount) },
      { accountId: destinationAccountId(hold), amount },
    ],
  });
  await tx
    .updateTable('ledger_holds')
    .set({ status, final_entry_id: entry.id, finished_at: sql<string>`now()` })
    .where('id', '=', hold.id)
    .execute();
  return {
    id: hold.id,
    walletAccountId: hold.wallet_account_id,
    amount,
    status,
    reserveEntryId: hold.reserve_entry_id,
    finalEntryId: entry.id,
  };
}

/** The teller handed the cash over: the reserved amount moves to the agency's cash account. */
export async function settleHold(
  tx: Transaction<Database>,
  holdId: string,
  target: { agencyCashAccountId: string; metadata?: EntryInput['metadata'] },
): Promise<Hold> {
  // post() checks currencies, not purposes: make sure the cash really goes to an agency, not to any MAD account.
  const agencyCash = await findAccount(tx, target.agencyCashAccountId);
  if (!agencyCash) throw new UnknownAccountError([target.agencyCashAccountId]);
  if (agencyCash.kind !== 'agency_cash') throw new WrongAccountKindError(agencyCash.id, 'agency_cash');
  return finish(tx, holdId, 'settled', () => agencyCash.id, target.metadata);
}

/** The withdrawal was cancelled or expired: the reserved amount goes back to the wallet it came from. */
export async function releaseHold(
  tx: Transaction<Database>,
  holdId: string,
  options: { metadata?: EntryInput['metadata'] } = {},
): Promise<Hold> {
  return finish(tx, holdId, 'released', (hold) => hold.wallet_account_id, options.metadata);
}
