import { sql, type Kysely, type Transaction } from 'kysely';
import type { Role } from '../../../common/api/auth.ts';
import type { Database } from '../../db/schema.ts';
import { searchCondition } from '../../db/search-condition.ts';

/** A person of the service as the back-office lists them: tellers, operators, auditors. */
export interface StaffRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
  role: Role;
  agency_id: string | null;
  agency_name: string | null;
  agency_disabled_at: Date | null;
  created_at: Date;
  last_sign_in: Date | null;
}

export interface StaffFilters {
  roles: readonly Role[];
  agency?: string | undefined;
  search?: string | undefined;
}

function staff(db: Kysely<Database>) {
  return db
    .selectFrom('users as u')
    .leftJoin('contacts as a', 'a.id', 'u.agency_id')
    .select([
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.role',
      'u.agency_id',
      'a.first_name as agency_name',
      'a.disabled_at as agency_disabled_at',
      'u.created_at',
      sql<Date | null>`(SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id)`.as('last_sign_in'),
    ]);
}

/** By agency, then name; the filters run on users alone (the search's columns are the user's). */
export async function listStaff(
  db: Kysely<Database>,
  filters: StaffFilters,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: StaffRow[] }> {
  let base = db.selectFrom('users').where('role', 'in', [...filters.roles]);
  if (filters.agency) base = base.where('agency_id', '=', filters.agency);
  if (filters.search) base = base.where(searchCondition(filters.search, false));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    staff(db)
      .where('u.id', 'in', base.select('id'))
      .orderBy(sql`lower(unaccent(a.first_name))`)
      .orderBy(sql`lower(unaccent(u.last_name))`)
      .orderBy(sql`lower(unaccent(u.first_name))`)
      .orderBy('u.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(total.count), rows };
}

export async function findStaff(db: Kysely<Database>, id: string): Promise<StaffRow | undefined> {
  return staff(db).where('u.id', '=', id).executeTakeFirst();
}

/** The user's row locked for a change of role, with their role as it is now. */
export async function lockUserRole(
  tx: Transaction<Database>,
  id: string,
): Promise<{ role: Role; agency_id: string | null } | undefined> {
  return tx.selectFrom('users').select(['role', 'agency_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Transactions a sender has still waiting for a way out: to be claimed, paid out, or decided by a review. */
export const WAITING_STATUSES = ['pending', 'unclaimed', 'available', 'on_hold'] as const;

/**
 * Money still theirs, on its way or held: a wallet balance, a transaction they sent still waiting (a withdrawal,
 * unclaimed transfer or pickup, or one held by monitoring or sanctions screening), a withdrawal's reserved hold on
 * their wallet, or a freeze on the account. A teller or operator cannot send, so that money would be stuck, and a
 * person under a hold or freeze must not step out of it by becoming staff.
 */
export async function hasMoneyOrPending(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectNoFrom([
      sql<boolean>`EXISTS (SELECT 1 FROM ledger_accounts w
                            WHERE w.owner_user_id = ${userId} AND w.kind = 'customer_wallet' AND w.balance <> 0)
                OR EXISTS (SELECT 1 FROM transactions t
                            WHERE t.sender_user_id = ${userId} AND t.status IN (${sql.join([...WAITING_STATUSES])}))
                OR EXISTS (SELECT 1 FROM ledger_holds h JOIN ledger_accounts w ON w.id = h.wallet_account_id
                            WHERE w.owner_user_id = ${userId} AND h.status = 'reserved')
                OR EXISTS (SELECT 1 FROM users u WHERE u.id = ${userId} AND u.frozen_at IS NOT NULL)`.as('busy'),
    ])
    .executeTakeFirstOrThrow();
  return row.busy;
}

/** Back to a plain customer (a disabled teller, a removed operator): no agency. */
export async function makeCustomer(tx: Transaction<Database>, id: string): Promise<void> {
  await tx
    .updateTable('users')
    .set({ role: 'customer', agency_id: null, role_since: sql<Date>`now()`, role_added_by: null })
    .where('id', '=', id)
    .execute();
}

export async function countRole(db: Kysely<Database>, role: Role): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('role', '=', role)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The agency a teller works at, as their own profile names it. Read here rather than through the contacts module,
 * which sits above users (it finds customers by phone): an agency is a public row of `contacts`.
 */
export async function tellerAgency(
  db: Kysely<Database>,
  agencyId: string,
): Promise<
  { id: string; name: string; address: string | null; zip_code: string | null; city: string | null } | undefined
> {
  return db
    .selectFrom('contacts')
    .select(['id', 'first_name as name', 'address', 'zip_code', 'city'])
    .where('id', '=', agencyId)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
