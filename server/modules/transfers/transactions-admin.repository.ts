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
  created_at: Date;
  expires_at: Date | null;
  finished_at: Date | null;
  validated_by: string | null;
  validated_at: Date | null;
  reserved: boolean;
}

export interface AdminTransactionFilters {
  search?: string | undefined;
  kind?: TransactionKind | undefined;
  status?: TransactionStatus | undefined;
  from?: Date | undefined;
  before?: Date | undefined;
  amountGte?: bigint | undefined;
  amountLte?: bigint | undefined;
  agency?: string | undefined;
}

const name = (alias: 'su' | 'ru') =>
  sql<string | null>`nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), '')`;

function base(db: Kysely<Database>) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('users as su', 'su.id', 't.sender_user_id')
    .leftJoin('users as ru', 'ru.id', 't.recipient_user_id')
    .leftJoin('contacts as a', 'a.id', 't.agency_id');
}

/** Search by id, top-up reference or withdrawal identifier, phone (as typed), e-mail or either party's name. */
function searchCondition(term: string) {
  const pattern = `%${escapeLike(term.normalize('NFC').toLowerCase())}%`;
  const names = sql`concat_ws(' ', su.first_name, su.last_name, su.email, ru.first_name, ru.last_name, ru.email,
    t.recipient_email)`;
  const any = [
    sql<SqlBool>`lower(unaccent(${names})) LIKE lower(unaccent(${pattern})) ESCAPE '\\'`,
    sql<SqlBool>`t.reference = ${term}`,
    sql<SqlBool>`t.identifier = ${term}`,
  ];
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
  if (term) q = q.where(searchCondition(term));
  if (f.kind !== undefined) q = q.where('t.kind', '=', f.kind);
  if (f.status !== undefined) q = q.where('t.status', '=', f.status);
  if (f.from !== undefined) q = q.where('t.created_at', '>=', f.from);
  if (f.before !== undefined) q = q.where('t.created_at', '<', f.before);
  if (f.amountGte !== undefined) q = q.where('t.amount', '>=', f.amountGte.toString());
  if (f.amountLte !== undefined) q = q.where('t.amount', '<=', f.amountLte.toString());
  if (f.agency !== undefined) q = q.where('t.agency_id', '=', f.agency);
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
    name('ru').as('recipient_name'),
    't.recipient_phone_number',
    't.recipient_email',
    't.agency_id',
    'a.first_name as agency_name',
    't.reference',
    't.created_at',
    't.expires_at',
    't.finished_at',
    't.validated_by',
    't.validated_at',
    sql<boolean>`coalesce(t.reserved_until > now(), false)`.as('reserved'),
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
    .select([
      'e.id as entry_id',
      'e.kind as entry_kind',
      'e.created_at as entry_created_at',
      'e.metadata',
      'p.line',
      'p.account_id',
      'la.kind as account_kind',
      'la.owner_user_id',
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
