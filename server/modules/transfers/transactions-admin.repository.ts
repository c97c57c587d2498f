import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Database, TransactionKind, TransactionStatus } from '../../db/schema.ts';
import { escapeLike, phoneDigits } from '../contacts/contact-search.ts';

/** A transaction as the back-office lists it: both parties named, the agency, the waiting state. */
export interface AdminTransactionRow {
  id: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: string;
  sender_user_id: string | null;
  sender_name: string | null;
  recipient_user_id: string | null;
  recipient_name: string | null;
  recipient_phone_number: string | null;
  recipient_email: string | null;
  agency_id: string | null;
  agency_name: string | null;
  reference: string | null;
  /** A withdrawal's reference as its customer reads it (its identifier); null for other kinds. */
  identifier: string | null;
  /** A cash pickup's sealed reference, opened by its module's key for the back-office; null for other kinds. */
  pickup_reference_sealed: Buffer | null;
  created_at: Date;
  expires_at: Date | null;
  finished_at: Date | null;
  validated_by: string | null;
  validated_at: Date | null;
  reserved: boolean;
  /** A payout's method (bank_deposit, mobile_wallet); null for other kinds. */
  payout_method: string | null;
}

export interface AdminTransactionFilters {
  search?: string | undefined;
  /** The keyed hash of a cash pickup reference the search text spells (computed by the caller, who holds the key). */
  pickupReferenceHash?: Buffer | undefined;
  /** The withdrawal identifier the search text spells, whatever its dashes, spaces or case. */
  withdrawalIdentifier?: string | undefined;
  kind?: TransactionKind | undefined;
  status?: TransactionStatus | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  amountGte?: bigint | undefined;
  amountLte?: bigint | undefined;
  agency?: string | undefined;
  /** Only the transactions this user sent or received (a customer's page links to them). */
  user?: string | undefined;
}

const name = (alias: 'su' | 'ru' | 'p' | 'c', first = 'first_name', last = 'last_name') =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.${first}`)} || ' ' || ${sql.ref(`${alias}.${last}`)}), '')`;

function base(db: Kysely<Database>) {
  return (
    db
      .selectFrom('transactions as t')
      .leftJoin('users as su', 'su.id', 't.sender_user_id')
      .leftJoin('users as ru', 'ru.id', 't.recipient_user_id')
      .leftJoin('contacts as a', 'a.id', 't.agency_id')
      // The person the sender named, for a recipient without an account (a send waiting for them, a payout):
      // never a withdrawal's, whose contact is the sender's agency.
      .leftJoin('contacts as c', (join) => join.onRef('c.id', '=', 't.contact_id').on('t.kind', '!=', 'withdrawal'))
      .leftJoin('pickups as p', 'p.transaction_id', 't.id')
  );
}

/**
 * Search by id, top-up reference, withdrawal reference (in any spelling the caller recognised), cash pickup
 * reference (by its keyed hash), phone (as typed), e-mail or the name of the sender, the recipient, the person
 * a cash pickup is for or the name the sender gave a recipient without an account.
 */
function searchCondition(term: string, f: AdminTransactionFilters) {
  const pattern = `%${escapeLike(term.normalize('NFC').toLowerCase())}%`;
  const names = sql`concat_ws(' ', su.first_name, su.last_name, su.email, ru.first_name, ru.last_name, ru.email,
    t.recipient_email, p.recipient_first_name, p.recipient_last_name, c.first_name, c.last_name)`;
  const any = [
    sql<SqlBool>`lower(unaccent(${names})) LIKE lower(unaccent(${pattern})) ESCAPE '\\'`,
    sql<SqlBool>`t.reference = ${term}`,
    sql<SqlBool>`t.identifier = ${f.withdrawalIdentifier ?? term}`,
  ];
  if (f.pickupReferenceHash !== undefined) any.push(sql<SqlBool>`p.reference_hash = ${f.pickupReferenceHash}`);
  if (/^\d{1,15}$/.test(term)) any.push(sql<SqlBool>`t.id = ${term}::bigint`);
  const digits = phoneDigits(term);
  if (digits !== undefined) {
    const like = `%${digits}%`;
    any.push(sql<SqlBool>`(t.recipient_phone_number LIKE ${like} OR su.phone_number LIKE ${like}
      OR ru.phone_number LIKE ${like})`);
  }
  return sql<SqlBool>`(${sql.join(any, sql` OR `)})`;
}

function filtered(db: Kysely<Database>, f: AdminTransactionFilters) {
  let q = base(db);
  const term = f.search?.trim();
  if (term) q = q.where(searchCondition(term, f));
  if (f.kind !== undefined) q = q.where('t.kind', '=', f.kind);
  if (f.status !== undefined) q = q.where('t.status', '=', f.status);
  if (f.from !== undefined) q = q.where('t.created_at', '>=', f.from);
  if (f.before !== undefined) q = q.where('t.created_at', '<', f.before);
  if (f.amountGte !== undefined) q = q.where('t.amount', '>=', f.amountGte.toString());
  if (f.amountLte !== undefined) q = q.where('t.amount', '<=', f.amountLte.toString());
  if (f.agency !== undefined) q = q.where('t.agency_id', '=', f.agency);
  if (f.user !== undefined) {
    const user = f.user;
    q = q.where((eb) => eb.or([eb('t.sender_user_id', '=', user), eb('t.recipient_user_id', '=', user)]));
  }
  return q;
}

function selectRow<Q extends ReturnType<typeof base>>(q: Q) {
  return q.select([
    't.id',
    't.kind',
    't.status',
    't.amount',
    't.sender_user_id',
    name('su').as('sender_name'),
    't.recipient_user_id',
    sql<
      string | null
    >`coalesce(${name('ru')}, ${name('p', 'recipient_first_name', 'recipient_last_name')}, ${name('c')})`.as(
      'recipient_name',
    ),
    't.recipient_phone_number',
    't.recipient_email',
    't.agency_id',
    'a.first_name as agency_name',
    't.reference',
    't.identifier',
    'p.reference_sealed as pickup_reference_sealed',
    't.created_at',
    't.expires_at',
    't.finished_at',
    't.validated_by',
    't.validated_at',
    sql<boolean>`coalesce(t.reserved_until > now(), false)`.as('reserved'),
    sql<string | null>`CASE WHEN t.kind = 'payout'
      THEN (SELECT po.method FROM payouts po WHERE po.transaction_id = t.id) END`.as('payout_method'),
  ]);
}

export async function listAdminTransactions(
  db: Kysely<Database>,
  filters: AdminTransactionFilters,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: AdminTransactionRow[] }> {
  const [rows, total] = await Promise.all([
    selectRow(filtered(db, filters)).orderBy('t.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    filtered(db, filters)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows: rows };
}

export async function findAdminTransaction(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
): Promise<AdminTransactionRow | undefined> {
  const row = await selectRow(base(db)).where('t.id', '=', id).executeTakeFirst();
  return row;
}

export interface PostingRow {
  entry_id: string;
  entry_kind: string;
  entry_created_at: Date;
  metadata: Record<string, unknown>;
  line: number;
  account_id: string;
  account_kind: string;
  owner_user_id: string | null;
  owner_name: string | null;
  account_agency_id: string | null;
  currency: string;
  amount: string;
}

/** Every ledger entry of a transaction (its creation, then its way out), with the postings, in order. */
export async function transactionPostings(db: Kysely<Database>, id: string): Promise<PostingRow[]> {
  return db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_accounts as la', 'la.id', 'p.account_id')
    .leftJoin('users as o', 'o.id', 'la.owner_user_id')
    .select([
      'e.id as entry_id',
      'e.kind as entry_kind',
      'e.created_at as entry_created_at',
      'e.metadata',
      'p.line',
      'p.account_id',
      'la.kind as account_kind',
      'la.owner_user_id',
      sql<string | null>`nullif(trim(o.first_name || ' ' || o.last_name), '')`.as('owner_name'),
      'la.agency_id as account_agency_id',
      'p.currency',
      'p.amount',
    ])
    .where('e.reference_type', '=', 'transaction')
    .where('e.reference_id', '=', id)
    .orderBy('e.id')
    .orderBy('p.line')
    .execute();
}
