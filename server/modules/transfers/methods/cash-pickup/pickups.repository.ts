import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../../db/schema.ts';
import { senderFrozen } from '../../exit-guards.ts';
import type { IdDocumentType } from '../../../../../common/api/pickups.ts';

/** SQL of the pickups tables (migration 0130); the services own the rules and the database transaction. */

export async function insertPickup(
  tx: Transaction<Database>,
  row: {
    transactionId: string;
    referenceHash: Buffer;
    referenceSealed: Buffer;
    firstName: string;
    lastName: string;
    agencyId: string | null;
    /** The sanctions lists' version the name was screened against. */
    sanctionsVersion: string;
  },
): Promise<boolean> {
  // A live reference drawn twice (1 in 10^9 per live pickup): the caller draws another one.
  const inserted = await tx
    .insertInto('pickups')
    .values({
      transaction_id: row.transactionId,
      reference_hash: row.referenceHash,
      reference_sealed: row.referenceSealed,
      recipient_first_name: row.firstName,
      recipient_last_name: row.lastName,
      agency_id: row.agencyId,
      sanctions_version: row.sanctionsVersion,
    })
    .onConflict((oc) => oc.column('reference_hash').where('live', '=', true).doNothing())
    .returning('transaction_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The pickup a reference names: the live one, else the newest dead one (so a cancelled reference says so). */
export async function findPickupIdByReference(db: Kysely<Database>, hash: Buffer): Promise<string | undefined> {
  const row = await db
    .selectFrom('pickups')
    .select('transaction_id')
    .where('reference_hash', '=', hash)
    .orderBy('live', 'desc')
    .orderBy('transaction_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.transaction_id;
}

export interface PickupRow {
  id: string;
  status: string;
  amount: string;
  sender_user_id: string;
  recipient_phone_number: string | null;
  expires_at: Date | null;
  created_at: Date;
  reserved_by: string | null;
  reserved_until: Date | null;
  /** A reservation still running, in database time. */
  reserved: boolean;
  past_expiry: boolean;
  recipient_first_name: string;
  recipient_last_name: string;
  restricted_agency_id: string | null;
  agency_name: string | null;
  agency_address: string | null;
  agency_zip_code: string | null;
  agency_city: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  reference_sealed: Buffer;
  contact_id: string | null;
  /** The sanctions lists' version the name was last screened against (null: before migration 0330). */
  sanctions_version: string | null;
  /** Its sender is frozen: not payable while the freeze lasts (senderFrozen). */
  sender_frozen: boolean;
  /** Once collected: when, the paying agency and teller. */
  validated_at: Date | null;
  paid_agency_name: string | null;
  paid_by_first_name: string | null;
  paid_by_last_name: string | null;
}

function pickupQuery(db: Kysely<Database>) {
  return db
    .selectFrom('transactions as t')
    .innerJoin('pickups as p', 'p.transaction_id', 't.id')
    .leftJoin('contacts as a', 'a.id', 'p.agency_id')
    .leftJoin('users as s', 's.id', 't.sender_user_id')
    .leftJoin('contacts as pa', 'pa.id', 't.agency_id')
    .leftJoin('users as v', 'v.id', 't.validated_by')
    .select([
      't.id',
      't.status',
      't.amount',
      't.recipient_phone_number',
      't.expires_at',
      't.created_at',
      't.reserved_by',
      't.reserved_until',
      'p.recipient_first_name',
      'p.recipient_last_name',
      'p.agency_id as restricted_agency_id',
      'a.first_name as agency_name',
      'a.address as agency_address',
      'a.zip_code as agency_zip_code',
      'a.city as agency_city',
      's.first_name as sender_first_name',
      's.last_name as sender_last_name',
      'p.reference_sealed',
      't.contact_id',
      'p.sanctions_version',
      't.validated_at',
      'pa.first_name as paid_agency_name',
      'v.first_name as paid_by_first_name',
      'v.last_name as paid_by_last_name',
    ])
    .select(sql<string>`t.sender_user_id`.as('sender_user_id'))
    .select(sql<boolean>`coalesce(t.reserved_until > now(), false)`.as('reserved'))
    .select(sql<boolean>`coalesce(t.expires_at <= now(), false)`.as('past_expiry'))
    .select(senderFrozen(sql.ref('t.sender_user_id')).as('sender_frozen'))
    .where('t.kind', '=', 'pickup');
}

export async function findPickup(db: Kysely<Database>, id: string): Promise<PickupRow | undefined> {
  return pickupQuery(db).where('t.id', '=', id).executeTakeFirst();
}

/** Locks the transaction row and its pickup row: every way out (pay, cancel, expire, rename) takes this lock. */
export async function lockPickup(tx: Transaction<Database>, id: string): Promise<PickupRow | undefined> {
  return pickupQuery(tx).where('t.id', '=', id).forNoKeyUpdate('t').forNoKeyUpdate('p').executeTakeFirst();
}

/** The reference cannot be collected any more (paid, cancelled, expired): it may be drawn again later. */
export async function killReference(tx: Transaction<Database>, id: string): Promise<void> {
  await tx.updateTable('pickups').set({ live: false }).where('transaction_id', '=', id).execute();
}

export async function recordIdDocument(
  tx: Transaction<Database>,
  id: string,
  doc: { type: IdDocumentType; sealed: Buffer; hint: string },
): Promise<void> {
  await tx
    .updateTable('pickups')
    .set({ live: false, id_document_type: doc.type, id_document_sealed: doc.sealed, id_document_hint: doc.hint })
    .where('transaction_id', '=', id)
    .execute();
}

/** The paying agency and teller: the row joins that agency's history. */
export async function markCollected(
  tx: Transaction<Database>,
  id: string,
  input: { agencyId: string; tellerId: string; finalEntryId: string },
): Promise<void> {
  await tx
    .updateTable('transactions')
    .set({
      status: 'collected',
      agency_id: input.agencyId,
      validated_by: input.tellerId,
      validated_at: sql<Date>`now()`,
      final_entry_id: input.finalEntryId,
      finished_at: sql<Date>`now()`,
      reserved_by: null,
      reserved_until: null,
    })
    .where('id', '=', id)
    .execute();
}

export async function renameRecipient(
  tx: Transaction<Database>,
  input: { id: string; previous: { first: string; last: string }; first: string; last: string; by: string },
): Promise<void> {
  await tx
    .updateTable('pickups')
    .set({ recipient_first_name: input.first, recipient_last_name: input.last })
    .where('transaction_id', '=', input.id)
    .execute();
  await tx
    .insertInto('pickup_name_changes')
    .values({
      transaction_id: input.id,
      previous_first_name: input.previous.first,
      previous_last_name: input.previous.last,
      first_name: input.first,
      last_name: input.last,
      changed_by: input.by,
    })
    .execute();
}

export async function nameHistory(
  db: Kysely<Database>,
  id: string,
): Promise<{ first_name: string; last_name: string; changed_at: Date }[]> {
  return db
    .selectFrom('pickup_name_changes')
    .select(['first_name', 'last_name', 'changed_at'])
    .where('transaction_id', '=', id)
    .orderBy('id')
    .execute();
}

/**
 * Reserves an available, unexpired pickup that this agency may pay for this teller, unless another teller holds a
 * live reservation; the same teller renews theirs. One statement on database time, as for withdrawals.
 */
export async function reservePickupRow(
  db: Kysely<Database>,
  input: { id: string; agencyId: string; tellerId: string; seconds: number },
): Promise<Date | undefined> {
  const row = await db
    .updateTable('transactions')
    .set({
      reserved_by: input.tellerId,
      reserved_until: sql<Date>`now() + make_interval(secs => ${input.seconds})`,
    })
    .where('id', '=', input.id)
    .where('kind', '=', 'pickup')
    .where('status', '=', 'available')
    .where(sql<boolean>`expires_at > now()`)
    .where(sql<boolean>`(reserved_until IS NULL OR reserved_until <= now() OR reserved_by = ${input.tellerId})`)
    .where(sql<boolean>`NOT ${senderFrozen(sql.ref('transactions.sender_user_id'))}`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('pickups as p')
          .select('p.transaction_id')
          .where('p.transaction_id', '=', input.id)
          .where(sql<boolean>`(p.agency_id IS NULL OR p.agency_id = ${input.agencyId})`),
      ),
    )
    .returning('reserved_until')
    .executeTakeFirst();
  return row?.reserved_until ?? undefined;
}

export async function releasePickupRow(
  db: Kysely<Database>,
  input: { id: string; tellerId: string },
): Promise<boolean> {
  const row = await db
    .updateTable('transactions')
    .set({ reserved_by: null, reserved_until: null })
    .where('id', '=', input.id)
    .where('kind', '=', 'pickup')
    .where('status', '=', 'available')
    .where('reserved_by', '=', input.tellerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The next available pickup due for its reminder (expiring within `beforeSeconds`, created longer ago than that),
 * marked as reminded in the caller's transaction; rows another process holds are skipped.
 */
export async function claimNextReminder(
  tx: Transaction<Database>,
  beforeSeconds: number,
): Promise<PickupRow | undefined> {
  const due = await tx
    .selectFrom('transactions as t')
    .innerJoin('pickups as p', 'p.transaction_id', 't.id')
    .select('t.id')
    .where('t.status', '=', 'available')
    .where(sql<boolean>`t.expires_at > now()`)
    .where(sql<boolean>`t.expires_at <= now() + make_interval(secs => ${beforeSeconds})`)
    .where(sql<boolean>`t.expires_at - make_interval(secs => ${beforeSeconds}) > t.created_at`)
    .where('p.reminder_sent_at', 'is', null)
    .orderBy('t.expires_at')
    .limit(1)
    .forNoKeyUpdate('p')
    .skipLocked()
    .executeTakeFirst();
  if (!due) return undefined;
  await tx
    .updateTable('pickups')
    .set({ reminder_sent_at: sql<Date>`now()` })
    .where('transaction_id', '=', due.id)
    .execute();
  return findPickup(tx, due.id);
}
