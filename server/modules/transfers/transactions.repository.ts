import { sql, type Kysely, type Transaction } from 'kysely';
import type { Money } from '../../../common/money/money.ts';
import type { Database, TransactionKind, TransactionStatus } from '../../db/schema.ts';

/**
 * SQL of the `transactions` table (migration 0005). Services own the rules and the database transaction; these
 * functions run in the handle they are given.
 */

/**
 * For the add-money flow: records a completed top-up as an `exchange` transaction in the user's history.
 * Call it inside the same database transaction that posts the top-up's ledger entry, after post() returned:
 *
 *   const entry = await post(tx, { kind: 'exchange', reference: { type: 'exchange', id }, postings: [...] });
 *   await recordExchangeTransaction(tx, { userId, amount: madCredited, ledgerEntryId: entry.id, reference: `exchange:${id}` });
 *
 * `amount` is the MAD credited to the wallet (minor units). `reference` identifies the top-up and is unique among
 * exchanges: recording the same reference twice returns the first row's id instead of adding a second row, so a
 * replayed webhook cannot show a top-up twice (and the caller's own idempotency keeps the money single).
 * Returns the transaction id.
 */
export async function recordExchangeTransaction(
  tx: Transaction<Database>,
  input: { userId: string; amount: Money<'MAD'>; ledgerEntryId: string; reference: string },
): Promise<string> {
  const inserted = await tx
    .insertInto('transactions')
    .values({
      kind: 'exchange',
      status: 'completed',
      recipient_user_id: input.userId,
      amount: input.amount.minor,
      reference: input.reference,
      ledger_entry_id: input.ledgerEntryId,
    })
    .onConflict((oc) => oc.column('reference').where('kind', '=', 'exchange').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  const existing = await tx
    .selectFrom('transactions')
    .select('id')
    .where('kind', '=', 'exchange')
    .where('reference', '=', input.reference)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/** The id of a row about to be written, so that its ledger entry can reference it before the insert. */
export async function nextTransactionId(tx: Transaction<Database>): Promise<string> {
  const result = await sql<{
    id: string;
  }>`SELECT nextval(pg_get_serial_sequence('transactions', 'id'))::text AS id`.execute(tx);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no transaction id');
  return id;
}

export interface NewTransactionRow {
  id: string;
  kind: Exclude<TransactionKind, 'exchange'>;
  status: TransactionStatus;
  senderUserId: string;
  recipientUserId: string | null;
  contactId: string | null;
  agencyId: string | null;
  amount: Money<'MAD'>;
  recipientPhoneNumber?: string | null;
  recipientEmail?: string | null;
  tokenHash?: Buffer;
  tokenSealed?: Buffer;
  identifier?: string;
  holdId?: string;
  ledgerEntryId: string;
  expiresAt: Date | null;
}

export async function insertTransaction(tx: Transaction<Database>, row: NewTransactionRow): Promise<void> {
  await tx
    .insertInto('transactions')
    .values({
      id: row.id,
      kind: row.kind,
      status: row.status,
      sender_user_id: row.senderUserId,
      recipient_user_id: row.recipientUserId,
      contact_id: row.contactId,
      agency_id: row.agencyId,
      amount: row.amount.minor,
      recipient_phone_number: row.recipientPhoneNumber ?? null,
      recipient_email: row.recipientEmail ?? null,
      token_hash: row.tokenHash ?? null,
      token_sealed: row.tokenSealed ?? null,
      identifier: row.identifier ?? null,
      hold_id: row.holdId ?? null,
      ledger_entry_id: row.ledgerEntryId,
      expires_at: row.expiresAt,
    })
    .execute();
}

export interface WaitingTransaction {
  id: string;
  kind: TransactionKind;
  status: TransactionStatus;
  sender_user_id: string | null;
  recipient_user_id: string | null;
  agency_id: string | null;
  amount: string;
  hold_id: string | null;
  expires_at: Date | null;
  /** The teller holding it for payout, and whether that reservation is still running (database time). */
  reserved_by: string | null;
  reserved: boolean;
}

const waitingColumns = [
  'id',
  'kind',
  'status',
  'sender_user_id',
  'recipient_user_id',
  'agency_id',
  'amount',
  'hold_id',
  'expires_at',
  'reserved_by',
] as const;

/**
 * Locks one transaction row: every change of status (validate, cancel, expire, claim) locks the row first, so
 * two of them on one transaction queue and the second sees the first's outcome.
 */
export async function lockTransaction(tx: Transaction<Database>, id: string): Promise<WaitingTransaction | undefined> {
  return tx
    .selectFrom('transactions')
    .select(waitingColumns)
    .select(sql<boolean>`coalesce(reserved_until > now(), false)`.as('reserved'))
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function findTransactionIdByTokenHash(
  db: Kysely<Database>,
  tokenHash: Buffer,
): Promise<string | undefined> {
  const row = await db.selectFrom('transactions').select('id').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.id;
}

/** A withdrawal by the reference its customer reads out (stored dashed, unique). */
export async function findWithdrawalIdByIdentifier(
  db: Kysely<Database>,
  identifier: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('transactions')
    .select('id')
    .where('identifier', '=', identifier)
    .where('kind', '=', 'withdrawal')
    .executeTakeFirst();
  return row?.id;
}

export async function finishTransaction(
  tx: Transaction<Database>,
  id: string,
  change: { status: TransactionStatus; finalEntryId: string; recipientUserId?: string; validatedBy?: string },
): Promise<void> {
  await tx
    .updateTable('transactions')
    .set({
      status: change.status,
      final_entry_id: change.finalEntryId,
      finished_at: sql<Date>`now()`,
      ...(change.recipientUserId !== undefined && { recipient_user_id: change.recipientUserId }),
      ...(change.validatedBy !== undefined && { validated_by: change.validatedBy, validated_at: sql<Date>`now()` }),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * The next waiting transaction past its expiry, locked: rows another process's sweep holds are skipped (SKIP
 * LOCKED), so several servers share the work instead of queueing on the same rows; `excluding` are the rows that
 * already failed in this pass. A withdrawal a teller holds for payout waits for the end of the reservation.
 */
export async function lockNextExpired(
  tx: Transaction<Database>,
  now: Date,
  excluding: readonly string[],
): Promise<WaitingTransaction | undefined> {
  let query = tx
    .selectFrom('transactions')
    .select(waitingColumns)
    .select(sql<boolean>`false`.as('reserved'))
    .where('status', 'in', ['pending', 'unclaimed', 'available'])
    .where('expires_at', '<=', now)
    .where((eb) => eb.or([eb('reserved_until', 'is', null), eb('reserved_until', '<=', sql<Date>`now()`)]));
  if (excluding.length > 0) query = query.where('id', 'not in', excluding);
  return query.orderBy('expires_at').limit(1).forNoKeyUpdate().skipLocked().executeTakeFirst();
}

/** Unclaimed transfers waiting for this phone or e-mail, to be credited to the user who just registered. */
export async function findUnclaimedFor(
  tx: Transaction<Database>,
  who: { phone: string | null; email: string | null },
): Promise<string[]> {
  if (who.phone === null && who.email === null) return [];
  const rows = await tx
    .selectFrom('transactions')
    .select('id')
    .where('status', '=', 'unclaimed')
    // Past its expiry it goes back to the sender (sweep or cancel), not to a new sign-up.
    .where(sql<boolean>`(expires_at IS NULL OR expires_at > now())`)
    .where((eb) =>
      eb.or([
        ...(who.phone !== null ? [eb('recipient_phone_number', '=', who.phone)] : []),
        ...(who.email !== null ? [eb('recipient_email', '=', who.email)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
