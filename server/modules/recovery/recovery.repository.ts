import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { AccountRecoveriesTable, Database, RecoveryState } from '../../db/schema.ts';

export interface RecoveryRow {
  id: string;
  user_id: string | null;
  known_identifier: string;
  new_identifier: string;
  new_kind: 'email' | 'phone';
  language: string;
  state: RecoveryState;
  identity_required: boolean;
  document_type: string | null;
  review_id: string | null;
  reason: string | null;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
}

const columns = [
  'id',
  'user_id',
  'known_identifier',
  'new_identifier',
  'new_kind',
  'language',
  'state',
  'identity_required',
  'document_type',
  'review_id',
  'reason',
  'created_at',
  'expires_at',
  'decided_at',
] as const;

export async function insertRecovery(
  tx: Transaction<Database>,
  row: Insertable<AccountRecoveriesTable>,
): Promise<void> {
  await tx.insertInto('account_recoveries').values(row).execute();
}

export async function findRecovery(db: Kysely<Database>, id: string): Promise<RecoveryRow | undefined> {
  return db.selectFrom('account_recoveries').select(columns).where('id', '=', id).executeTakeFirst();
}

/** The request under its row lock: two steps of the same request queue. */
export async function lockRecovery(tx: Transaction<Database>, id: string): Promise<RecoveryRow | undefined> {
  return tx.selectFrom('account_recoveries').select(columns).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockRecoveryByReview(
  tx: Transaction<Database>,
  reviewId: string,
): Promise<RecoveryRow | undefined> {
  return tx
    .selectFrom('account_recoveries')
    .select(columns)
    .where('review_id', '=', reviewId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateRecovery(
  tx: Transaction<Database>,
  id: string,
  change: Pick<
    Updateable<AccountRecoveriesTable>,
    'state' | 'document_type' | 'review_id' | 'reason' | 'decided_at' | 'identity_required'
  >,
): Promise<void> {
  await tx.updateTable('account_recoveries').set(change).where('id', '=', id).execute();
}

/** Whether the user holds money: any of their ledger accounts above zero. */
export async function holdsMoney(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_user_id', '=', userId)
    .where('balance', '>', '0')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's identifiers and level, under the user's row lock (the change of identifier writes the row). */
export async function lockUserIdentity(tx: Transaction<Database>, userId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at', 'phone_number', 'phone_auth', 'phone_verified_at', 'kyc_level'])
    .where('id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirstOrThrow();
}

/**
 * The approved change: the new identifier becomes the sign-in one of its kind, the security code is cleared (the
 * customer sets a new one before any send), and the cooling-off starts; the wait for the decision ends.
 */
export async function replaceSignIn(
  tx: Transaction<Database>,
  userId: string,
  change: { kind: 'email' | 'phone'; value: string; now: Date; coolingUntil: Date },
): Promise<void> {
  const identifier =
    change.kind === 'email'
      ? { email: change.value, email_verified_at: change.now }
      : { phone_number: change.value, phone_auth: true, phone_verified_at: null };
  await tx
    .updateTable('users')
    .set({
      ...identifier,
      security_code_hash: null,
      security_code_salt: null,
      security_code_failures: 0,
      security_code_locked_until: null,
      recovery_pending_until: null,
      recovery_cooling_until: change.coolingUntil,
    })
    .where('id', '=', userId)
    .execute();
}

/** Until when no money leaves the account: a date, 'decided' (no end but the decision) or null (it may move). */
export async function setRecoveryPending(
  tx: Transaction<Database>,
  userId: string,
  until: Date | 'decided' | null,
): Promise<void> {
  await tx
    .updateTable('users')
    .set({ recovery_pending_until: until === 'decided' ? sql<Date>`'infinity'::timestamptz` : until })
    .where('id', '=', userId)
    .execute();
}
