import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { TransactionCategory } from '../../../common/api/transactions.ts';
import type { Database, TransactionKind, TransactionStatus } from '../../db/schema.ts';

/**
 * The history reads. They join the users and contacts tables for the names and the agency address, read-only:
 * a page of 10 rows in one query instead of 30 calls to other modules (the rule that a module goes through another's
 * service is about writes and business reads; a display join changes nothing in those modules).
 */

export interface Viewer {
  id: string;
  /** A banker also sees the withdrawals of their agency. */
  agencyId: string | null;
}

export interface HistoryRow {
  id: string;
  kind: TransactionKind;
  status: TransactionStatus;
  sender_user_id: string | null;
  recipient_user_id: string | null;
  contact_id: string | null;
  agency_id: string | null;
  amount: string;
  token_sealed: Buffer | null;
  identifier: string | null;
  tx_id: string | null;
  expires_at: Date | null;
  validated_at: Date | null;
  created_at: Date;
  sender_first_name: string | null;
  sender_last_name: string | null;
  recipient_user_first_name: string | null;
  recipient_user_last_name: string | null;
  contact_first_name: string | null;
  contact_last_name: string | null;
  contact_phone_number: string | null;
  agency_name: string | null;
  agency_address: string | null;
  agency_zip_code: string | null;
  agency_city: string | null;
  /** Cash pickup: null for the other kinds. */
  pickup_reference_sealed: Buffer | null;
  pickup_first_name: string | null;
  pickup_last_name: string | null;
  pickup_agency_id: string | null;
  pickup_agency_name: string | null;
  pickup_agency_city: string | null;
  pickup_id_document_type: 'national_id' | 'passport' | 'residence_permit' | null;
  pickup_id_document_hint: string | null;
  recipient_phone_number: string | null;
  reserved: boolean;
  /** The recurring transfer that sent it (its date's record), when one did; absent on rows built without a query. */
  schedule_id?: string | null;
  /** A payout's method (bank_deposit, mobile_wallet); absent or null for the other kinds. */
  payout_method?: string | null;
}

/** The pickup columns of a row that is not a cash pickup (rows built without a query, e.g. wallet_send()'s). */
export const notAPickup = {
  pickup_reference_sealed: null,
  pickup_first_name: null,
  pickup_last_name: null,
  pickup_agency_id: null,
  pickup_agency_name: null,
  pickup_agency_city: null,
  pickup_id_document_type: null,
  pickup_id_document_hint: null,
  recipient_phone_number: null,
  reserved: false,
} as const;

export interface HistoryFilters {
  user?: string;
  contact?: string;
  category?: TransactionCategory;
  amountMinor?: bigint;
  amountGteMinor?: bigint;
  amountLteMinor?: bigint;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  before?: Date;
}

function base(db: Kysely<Database>) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('users as su', 'su.id', 't.sender_user_id')
    .leftJoin('users as ru', 'ru.id', 't.recipient_user_id')
    .leftJoin('contacts as c', 'c.id', 't.contact_id')
    .leftJoin('contacts as a', 'a.id', 't.agency_id')
    .leftJoin('pickups as pk', 'pk.transaction_id', 't.id')
    .leftJoin('contacts as pka', 'pka.id', 'pk.agency_id');
}

type Eb = ExpressionBuilder<Database & { t: Database['transactions'] }, 't'>;

function visibleTo(eb: Eb, viewer: Viewer) {
  return eb.or([
    eb('t.sender_user_id', '=', viewer.id),
    eb('t.recipient_user_id', '=', viewer.id),
    ...(viewer.agencyId !== null
      ? [eb.and([eb('t.kind', 'in', ['withdrawal', 'pickup']), eb('t.agency_id', '=', viewer.agencyId)])]
      : []),
  ]);
}

/**
 * A kind as a literal in the statement's text, not a parameter: it comes from the code, never from the request, so
 * a parameter only hid it from the generic plan. With `kind = $2`, PostgreSQL costed the generic plan of the
 * withdraw filter for an average kind and the custom one for 'withdrawal' (no row for a customer), found the
 * custom one always cheaper and planned the statement again at every execution (ADR 010, "Lists, third pass").
 */
const kind = (k: TransactionKind) => sql.lit(k);

function categoryIs(eb: Eb, viewer: Viewer, category: TransactionCategory) {
  switch (category) {
    case 'sending':
      return eb.and([
        eb('t.kind', 'in', [kind('transfer'), kind('pickup'), kind('payout')]),
        eb('t.sender_user_id', '=', viewer.id),
      ]);
    case 'reception':
      return eb.and([eb('t.kind', '=', kind('transfer')), eb('t.recipient_user_id', '=', viewer.id)]);
    case 'exchange':
      return eb.and([eb('t.kind', '=', kind('exchange')), eb('t.recipient_user_id', '=', viewer.id)]);
    case 'withdrawal':
      // A cash pickup paid at the teller's agency reads as a payout there.
      return viewer.agencyId === null
        ? eb('t.kind', '=', kind('withdrawal'))
        : eb.or([
            eb('t.kind', '=', kind('withdrawal')),
            eb.and([eb('t.kind', '=', kind('pickup')), eb('t.agency_id', '=', viewer.agencyId)]),
          ]);
  }
}

/** HistoryFilters as a statement binds them: the amounts as the decimal strings of their minor units. */
export type BoundFilters = Omit<HistoryFilters, 'amountMinor' | 'amountGteMinor' | 'amountLteMinor'> & {
  amount?: string | undefined;
  amountGte?: string | undefined;
  amountLte?: string | undefined;
};

/** The history's filters but `user` and the visibility, which `sides` says. */
export function filtered(eb: Eb, viewer: Viewer, f: BoundFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (f.contact !== undefined) {
    conditions.push(eb.and([eb('t.sender_user_id', '=', viewer.id), eb('t.contact_id', '=', f.contact)]));
  }
  if (f.category !== undefined) conditions.push(categoryIs(eb, viewer, f.category));
  if (f.amount !== undefined) conditions.push(eb('t.amount', '=', f.amount));
  if (f.amountGte !== undefined) conditions.push(eb('t.amount', '>=', f.amountGte));
  if (f.amountLte !== undefined) conditions.push(eb('t.amount', '<=', f.amountLte));
  if (f.from !== undefined) conditions.push(eb('t.created_at', '>=', f.from));
  if (f.before !== undefined) conditions.push(eb('t.created_at', '<', f.before));
  return conditions;
}

/**
 * The history as a union of "sides", each a conjunction one index answers newest first: the viewer as sender
 * (transactions_sender_history_idx), as recipient (transactions_recipient_history_idx), the banker's agency
 * (transactions_agency_idx). `sender_user_id = $1 OR recipient_user_id = $1` in one query cannot be read from an
 * index in id order: PostgreSQL walked transactions_pkey backwards through the whole table for a customer with few
 * rows, and scanned a BitmapOr of all 42,000 rows for the heaviest one (bench/list-endpoints.ts; migration 0010
 * has the plans).
 *
 * The sides may overlap (a row with sender = recipient, a banker's own withdrawal at their agency): the page takes
 * the newest ids of each side and merges them with UNION, which drops the duplicates; the count leaves out of each
 * side the rows of the sides before it. A filter that names one side (category sending, reception or exchange;
 * contact) keeps that side only; `user` turns the two sides into the two directions between the pair.
 */
export function sides(viewer: Viewer, f: BoundFilters, userIsViewer: boolean): ((eb: Eb) => Expression<SqlBool>)[] {
  const mine = (eb: Eb, side: 'sender' | 'recipient') => eb(`t.${side}_user_id`, '=', viewer.id);
  if (f.user !== undefined) {
    const other = f.user;
    if (userIsViewer) return [(eb) => eb.and([mine(eb, 'sender'), mine(eb, 'recipient')])];
    return [
      (eb) => eb.and([mine(eb, 'sender'), eb('t.recipient_user_id', '=', other)]),
      (eb) => eb.and([eb('t.sender_user_id', '=', other), mine(eb, 'recipient')]),
    ];
  }
  if (f.contact !== undefined || f.category === 'sending') return [(eb) => eb.and([mine(eb, 'sender')])];
  if (f.category === 'reception' || f.category === 'exchange') return [(eb) => eb.and([mine(eb, 'recipient')])];
  return [
    (eb) => eb.and([mine(eb, 'sender')]),
    (eb) => eb.and([mine(eb, 'recipient')]),
    ...(viewer.agencyId !== null
      ? [
          (eb: Eb) => eb.and([eb('t.kind', '=', kind('withdrawal')), eb('t.agency_id', '=', viewer.agencyId)]),
          (eb: Eb) => eb.and([eb('t.kind', '=', kind('pickup')), eb('t.agency_id', '=', viewer.agencyId)]),
        ]
      : []),
  ];
}

/** The row's own columns and its pickup's: what the page selects directly (pageNames reads the rest). */
export const pageSelection = [
  't.id',
  't.kind',
  't.status',
  't.sender_user_id',
  't.recipient_user_id',
  't.contact_id',
  't.agency_id',
  't.amount',
  't.token_sealed',
  't.identifier',
  't.tx_id',
  't.expires_at',
  't.validated_at',
  't.created_at',
  'pk.reference_sealed as pickup_reference_sealed',
  'pk.recipient_first_name as pickup_first_name',
  'pk.recipient_last_name as pickup_last_name',
  'pk.agency_id as pickup_agency_id',
  'pk.id_document_type as pickup_id_document_type',
  'pk.id_document_hint as pickup_id_document_hint',
  't.recipient_phone_number',
] as const;

const selection = [
  ...pageSelection,
  'su.first_name as sender_first_name',
  'su.last_name as sender_last_name',
  'ru.first_name as recipient_user_first_name',
  'ru.last_name as recipient_user_last_name',
  'c.first_name as contact_first_name',
  'c.last_name as contact_last_name',
  'c.phone_number as contact_phone_number',
  'a.first_name as agency_name',
  'a.address as agency_address',
  'a.zip_code as agency_zip_code',
  'a.city as agency_city',
  'pka.first_name as pickup_agency_name',
  'pka.city as pickup_agency_city',
] as const;

/**
 * The names and the agency's address of a page's rows, one scalar subquery per column, by primary key: the same
 * values as `selection`'s left joins (a missing row is NULL either way). Five more relations in the page's join
 * made PostgreSQL search their join orders at each plan: 1.9-2.0 ms of planning per custom plan against
 * 0.44-0.46 ms this way, for the same execution (ADR 010, "Lists, fourth pass"). A connection plans each shape six
 * times before it keeps the generic plan, again whenever the pool replaces it: those plans were the slow tail.
 */
export function pageNames(
  eb: ExpressionBuilder<Database & { t: Database['transactions']; pk: Database['pickups'] }, 't' | 'pk'>,
) {
  const user = (ref: 't.sender_user_id' | 't.recipient_user_id', column: 'first_name' | 'last_name') =>
    eb.selectFrom('users as u').select(`u.${column}`).whereRef('u.id', '=', ref);
  const contact = (
    ref: 't.contact_id' | 't.agency_id' | 'pk.agency_id',
    column: 'first_name' | 'last_name' | 'phone_number' | 'address' | 'zip_code' | 'city',
  ) => eb.selectFrom('contacts as k').select(`k.${column}`).whereRef('k.id', '=', ref);
  return [
    user('t.sender_user_id', 'first_name').as('sender_first_name'),
    user('t.sender_user_id', 'last_name').as('sender_last_name'),
    user('t.recipient_user_id', 'first_name').as('recipient_user_first_name'),
    user('t.recipient_user_id', 'last_name').as('recipient_user_last_name'),
    contact('t.contact_id', 'first_name').as('contact_first_name'),
    contact('t.contact_id', 'last_name').as('contact_last_name'),
    contact('t.contact_id', 'phone_number').as('contact_phone_number'),
    contact('t.agency_id', 'first_name').as('agency_name'),
    contact('t.agency_id', 'address').as('agency_address'),
    contact('t.agency_id', 'zip_code').as('agency_zip_code'),
    contact('t.agency_id', 'city').as('agency_city'),
    contact('pk.agency_id', 'first_name').as('pickup_agency_name'),
    contact('pk.agency_id', 'city').as('pickup_agency_city'),
  ];
}

export const reservedNow = sql<boolean>`coalesce(t.reserved_until > now(), false)`.as('reserved');

/** The schedule whose date sent the row, by the occurrences' index on their transaction (null for the others). */
/** A payout's method, read only for a payout row (a point lookup by primary key). */
export const payoutMethodOf = sql<
  string | null
>`(SELECT po.method FROM payouts po WHERE t.kind = 'payout' AND po.transaction_id = t.id)`.as('payout_method');

export const scheduleOf = sql<
  string | null
>`(SELECT so.schedule_id FROM schedule_occurrences so WHERE so.transaction_id = t.id)`.as('schedule_id');

/** One transaction if the viewer takes part in it (or it is a withdrawal of the banker's agency). */
export async function findHistoryRow(
  db: Kysely<Database>,
  viewer: Viewer,
  id: string,
): Promise<HistoryRow | undefined> {
  return base(db)
    .select(selection)
    .select(reservedNow)
    .select(scheduleOf)
    .select(payoutMethodOf)
    .where('t.id', '=', id)
    .where((eb) => visibleTo(eb, viewer))
    .executeTakeFirst();
}

/** A withdrawal by id, whoever asks: the teller's lookup checks the agency itself to answer "another agency". */
export async function findWithdrawalRow(db: Kysely<Database>, id: string): Promise<HistoryRow | undefined> {
  return base(db)
    .select(selection)
    .select(reservedNow)
    .where('t.id', '=', id)
    .where('t.kind', '=', 'withdrawal')
    .executeTakeFirst();
}
