import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { searchCondition } from '../../db/search-condition.ts';

/** Agencies are the public contacts: no owner, an address and a place on the map. */
export interface AgencyRow {
  id: string;
  first_name: string;
  address: string | null;
  zip_code: string | null;
  city: string | null;
  phone_number: string | null;
  email: string | null;
  latitude: string | null;
  longitude: string | null;
}

const agencyColumns = [
  'id',
  'first_name',
  'address',
  'zip_code',
  'city',
  'phone_number',
  'email',
  'latitude',
  'longitude',
] as const;

export interface NewAgency {
  name: string;
  address: string;
  zipCode: string;
  city: string;
  latitude: string;
  longitude: string;
  phone: string | null;
  email: string | null;
}

export async function insertAgency(tx: Transaction<Database>, agency: NewAgency): Promise<AgencyRow> {
  return tx
    .insertInto('contacts')
    .values({
      public: true,
      owner_user_id: null,
      // The agency's name is its first name: lists show "first last", and an agency has one name.
      first_name: agency.name,
      last_name: '',
      address: agency.address,
      zip_code: agency.zipCode,
      city: agency.city,
      latitude: agency.latitude,
      longitude: agency.longitude,
      phone_number: agency.phone,
      email: agency.email,
    })
    .returning(agencyColumns)
    .executeTakeFirstOrThrow();
}

export async function findAgency(db: Kysely<Database>, id: string): Promise<AgencyRow | undefined> {
  if (!/^[1-9]\d{0,18}$/.test(id)) return undefined;
  return db
    .selectFrom('contacts')
    .select(agencyColumns)
    .where('id', '=', id)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findAgencyByName(db: Kysely<Database>, name: string): Promise<AgencyRow | undefined> {
  return db
    .selectFrom('contacts')
    .select(agencyColumns)
    .where('first_name', '=', name)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** An agency as the back-office sees it: its state, its tellers and what is pending there. */
export interface OpsAgencyRow extends AgencyRow {
  disabled_at: Date | null;
  created_at: Date;
  tellers: string;
  pending_withdrawals: string;
  pending_pickups: string;
}

export interface OpsAgencyFilters {
  search?: string | undefined;
  state?: 'active' | 'disabled' | undefined;
}

/**
 * The agencies with their counts. Pending means not paid, not cancelled and not expired yet: what a teller of the
 * agency can still pay out, disabled or not.
 */
function opsAgencies(db: Kysely<Database>, now: Date) {
  return db
    .selectFrom('contacts as c')
    .where('c.public', '=', true)
    .where('c.deleted_at', 'is', null)
    .select([
      ...agencyColumns.map((column) => `c.${column}` as const),
      'c.disabled_at',
      'c.created_at',
      sql<string>`(SELECT count(*) FROM users u WHERE u.role = 'BANKER' AND u.agency_id = c.id)`.as('tellers'),
      sql<string>`(SELECT count(*) FROM transactions t
                     WHERE t.agency_id = c.id AND t.kind = 'withdrawal' AND t.status = 'pending'
                       AND (t.expires_at IS NULL OR t.expires_at > ${now}))`.as('pending_withdrawals'),
      sql<string>`(SELECT count(*) FROM pickups p JOIN transactions t ON t.id = p.transaction_id
                     WHERE p.agency_id = c.id AND t.status = 'available'
                       AND (t.expires_at IS NULL OR t.expires_at > ${now}))`.as('pending_pickups'),
    ]);
}

export async function listOpsAgencies(
  db: Kysely<Database>,
  filters: OpsAgencyFilters,
  window: { limit: number; offset: number },
  now: Date,
): Promise<{ count: number; rows: OpsAgencyRow[] }> {
  let base = db.selectFrom('contacts').where('public', '=', true).where('deleted_at', 'is', null);
  if (filters.search) base = base.where(searchCondition(filters.search, true));
  if (filters.state === 'active') base = base.where('disabled_at', 'is', null);
  if (filters.state === 'disabled') base = base.where('disabled_at', 'is not', null);
  const ids = base.select('id');
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    opsAgencies(db, now)
      .where('c.id', 'in', ids)
      .orderBy(sql`c.disabled_at IS NOT NULL`)
      .orderBy(sql`lower(unaccent(c.city))`)
      .orderBy(sql`lower(unaccent(c.first_name))`)
      .orderBy('c.id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(total.count), rows };
}

export async function findOpsAgency(db: Kysely<Database>, id: string, now: Date): Promise<OpsAgencyRow | undefined> {
  if (!/^[1-9]\d{0,18}$/.test(id)) return undefined;
  return opsAgencies(db, now).where('c.id', '=', id).executeTakeFirst();
}

/** The agency's row locked for a change (edit, disable), so two operators' changes come one after the other. */
export async function lockAgency(tx: Transaction<Database>, id: string): Promise<boolean> {
  if (!/^[1-9]\d{0,18}$/.test(id)) return false;
  const row = await tx
    .selectFrom('contacts')
    .select('id')
    .where('id', '=', id)
    .where('public', '=', true)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export type AgencyChanges = Partial<NewAgency>;

export async function updateAgency(tx: Transaction<Database>, id: string, changes: AgencyChanges): Promise<void> {
  const set = {
    ...(changes.name !== undefined && { first_name: changes.name }),
    ...(changes.address !== undefined && { address: changes.address }),
    ...(changes.zipCode !== undefined && { zip_code: changes.zipCode }),
    ...(changes.city !== undefined && { city: changes.city }),
    ...(changes.latitude !== undefined && { latitude: changes.latitude }),
    ...(changes.longitude !== undefined && { longitude: changes.longitude }),
    ...(changes.phone !== undefined && { phone_number: changes.phone }),
    ...(changes.email !== undefined && { email: changes.email }),
  };
  if (Object.keys(set).length === 0) return;
  await tx.updateTable('contacts').set(set).where('id', '=', id).where('public', '=', true).execute();
}

/** Disables (a date) or enables (null) an agency. */
export async function setAgencyDisabled(tx: Transaction<Database>, id: string, at: Date | null): Promise<void> {
  await tx.updateTable('contacts').set({ disabled_at: at }).where('id', '=', id).where('public', '=', true).execute();
}
