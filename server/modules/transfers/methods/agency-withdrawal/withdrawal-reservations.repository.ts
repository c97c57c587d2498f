import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../../db/schema.ts';
import { senderFrozen } from '../../exit-guards.ts';

/**
 * SQL of a teller's reservation of a withdrawal (migration 0030). Every decision is one statement on the row and
 * reads the database's clock (now()), so two tellers, the customer's cancel and the expiry sweep of any server see
 * the same time and at most one of them wins.
 */

/**
 * Reserves a pending, unexpired withdrawal of this agency for this teller, unless another teller holds a live
 * reservation; the same teller renews theirs. Returns the new end, or undefined when the row did not qualify.
 */
export async function reserveRow(
  db: Kysely<Database> | Transaction<Database>,
  input: { id: string; agencyId: string; tellerId: string; seconds: number },
): Promise<Date | undefined> {
  const row = await db
    .updateTable('transactions')
    .set({
      reserved_by: input.tellerId,
      reserved_until: sql<Date>`now() + make_interval(secs => ${input.seconds})`,
    })
    .where('id', '=', input.id)
    .where('kind', '=', 'withdrawal')
    .where('agency_id', '=', input.agencyId)
    .where('status', '=', 'pending')
    .where(sql<boolean>`expires_at > now()`)
    .where(sql<boolean>`(reserved_until IS NULL OR reserved_until <= now() OR reserved_by = ${input.tellerId})`)
    .where(sql<boolean>`NOT ${senderFrozen(sql.ref('transactions.sender_user_id'))}`)
    .returning('reserved_until')
    .executeTakeFirst();
  return row?.reserved_until ?? undefined;
}

/** The teller who paid a transaction out, by name (null: not paid, or by nobody we still know). */
export async function payingTellerName(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('transactions as t')
    .innerJoin('users as u', 'u.id', 't.validated_by')
    .select(['u.first_name', 'u.last_name'])
    .where('t.id', '=', id)
    .executeTakeFirst();
  const name = row ? [row.first_name, row.last_name].filter(Boolean).join(' ') : '';
  return name === '' ? null : name;
}

/** Ends this teller's reservation of a pending withdrawal; true when there was one to end. */
export async function releaseRow(
  db: Kysely<Database>,
  input: { id: string; agencyId: string; tellerId: string },
): Promise<boolean> {
  const row = await db
    .updateTable('transactions')
    .set({ reserved_by: null, reserved_until: null })
    .where('id', '=', input.id)
    .where('agency_id', '=', input.agencyId)
    .where('status', '=', 'pending')
    .where('reserved_by', '=', input.tellerId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Why a reservation was refused: the row's state as the database sees it now. */
export interface ReservationState {
  status: string;
  agency_id: string | null;
  held_by_other: boolean;
  past_expiry: boolean;
  sender_frozen: boolean;
}

export async function reservationState(
  db: Kysely<Database>,
  id: string,
  tellerId: string,
): Promise<ReservationState | undefined> {
  return db
    .selectFrom('transactions')
    .select(['status', 'agency_id'])
    .select(sql<boolean>`coalesce(reserved_until > now() AND reserved_by <> ${tellerId}, false)`.as('held_by_other'))
    .select(sql<boolean>`coalesce(expires_at <= now(), false)`.as('past_expiry'))
    .select(senderFrozen(sql.ref('transactions.sender_user_id')).as('sender_frozen'))
    .where('id', '=', id)
    .where('kind', '=', 'withdrawal')
    .executeTakeFirst();
}

/** Cash paid out at one agency between two instants: validated withdrawals and collected pickups. */
export async function sumAgencyPayouts(
  db: Kysely<Database>,
  agencyId: string,
  from: Date,
  to: Date,
): Promise<{ count: number; total: bigint }> {
  const row = await db
    .selectFrom('transactions')
    .select([sql<string>`count(*)`.as('count'), sql<string>`coalesce(sum(amount), 0)`.as('total')])
    .where('agency_id', '=', agencyId)
    .where('status', 'in', ['validated', 'collected'])
    .where('validated_at', '>=', from)
    .where('validated_at', '<', to)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), total: BigInt(row.total) };
}
