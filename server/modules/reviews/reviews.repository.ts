import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ReviewState } from '../../../common/api/ops-reviews.ts';
import type { Database } from '../../db/schema.ts';

export interface ReviewRow {
  id: string;
  kind: string;
  subject: string;
  payload: Record<string, unknown>;
  state: ReviewState;
  dedupe_key: string | null;
  opened_by: string | null;
  created_at: Date;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: Date | null;
  reason: string | null;
  /** Who the item is about, by name: the customer of `user:N`, the recipient of `contact:N`. */
  subject_name: string | null;
  /** The people the payload points to by id, by name: `sender_user_id` -> 'Nadia Test' (see `payloadNames`). */
  payload_names: Record<string, string> | null;
}

/** The payload's fields that hold a customer's id, and the one that holds a recipient's (a contact). */
const USER_FIELDS = ['sender_user_id', 'owner_user_id', 'user_id'] as const;

/** The name of whoever `field` of the payload points to, read only when the field holds an id. */
function payloadName(field: string, table: 'users' | 'contacts') {
  const id = sql`CASE WHEN r.payload->>${field} ~ '^[0-9]{1,15}$' THEN (r.payload->>${field})::bigint END`;
  return sql`(SELECT nullif(trim(n.first_name || ' ' || n.last_name), '') FROM ${sql.table(table)} n WHERE n.id = ${id})`;
}

/**
 * The payload's people by name, so the queue shows 'Expéditeur : Nadia Test' where the payload keeps only an id;
 * a field without an id or a name is left out.
 */
const payloadNames = sql<Record<string, string> | null>`jsonb_strip_nulls(jsonb_build_object(${sql.join([
  ...USER_FIELDS.flatMap((field) => [sql.lit(field), payloadName(field, 'users')]),
  sql.lit('contact_id'),
  payloadName('contact_id', 'contacts'),
])}))`;

function reviews(db: Kysely<Database>) {
  return db
    .selectFrom('reviews as r')
    .leftJoin('users as u', 'u.id', 'r.decided_by')
    .select([
      'r.id',
      'r.kind',
      'r.subject',
      'r.payload',
      'r.state',
      'r.dedupe_key',
      'r.opened_by',
      'r.created_at',
      'r.decided_by',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('decided_by_name'),
      'r.decided_at',
      'r.reason',
      sql<string | null>`CASE
        WHEN r.subject ~ '^user:[0-9]{1,15}$' THEN (SELECT nullif(trim(s.first_name || ' ' || s.last_name), '')
          FROM users s WHERE s.id = substring(r.subject FROM 6)::bigint)
        WHEN r.subject ~ '^contact:[0-9]{1,15}$' THEN (SELECT nullif(trim(c.first_name || ' ' || c.last_name), '')
          FROM contacts c WHERE c.id = substring(r.subject FROM 9)::bigint)
      END`.as('subject_name'),
      payloadNames.as('payload_names'),
    ]);
}

/** Inserts an open item; with a dedupe key already open for this kind, inserts nothing and returns undefined. */
export async function insertReview(
  tx: Transaction<Database> | Kysely<Database>,
  row: {
    kind: string;
    subject: string;
    payload: Record<string, unknown>;
    dedupeKey: string | null;
    openedBy: string | null;
    createdAt: Date;
  },
): Promise<string | undefined> {
  const inserted = await tx
    .insertInto('reviews')
    .values({
      kind: row.kind,
      subject: row.subject,
      payload: JSON.stringify(row.payload),
      dedupe_key: row.dedupeKey,
      opened_by: row.openedBy,
      created_at: row.createdAt,
    })
    .onConflict((oc) =>
      oc.columns(['kind', 'dedupe_key']).where('state', '=', 'open').where('dedupe_key', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function findOpenReviewByKey(
  db: Kysely<Database>,
  kind: string,
  dedupeKey: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('reviews')
    .select('id')
    .where('kind', '=', kind)
    .where('dedupe_key', '=', dedupeKey)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return row?.id;
}

export async function findReview(db: Kysely<Database>, id: string): Promise<ReviewRow | undefined> {
  return reviews(db).where('r.id', '=', id).executeTakeFirst();
}

/** The row lock a decision takes: a second decider waits here, then reads the first one's state. */
export async function lockReview(tx: Transaction<Database>, id: string): Promise<ReviewRow | undefined> {
  return reviews(tx).where('r.id', '=', id).forUpdate('r').executeTakeFirst();
}

/** The open items of `kind` whose payload holds `fields` (jsonb containment), oldest first. */
export async function findOpenReviewsContaining(
  db: Kysely<Database>,
  kind: string,
  fields: Record<string, unknown>,
): Promise<ReviewRow[]> {
  return reviews(db)
    .where('r.kind', '=', kind)
    .where('r.state', '=', 'open')
    .where(sql<boolean>`r.payload @> ${JSON.stringify(fields)}::jsonb`)
    .orderBy('r.id')
    .execute();
}

/** Open items among `ids`, locked; one another decision holds already is left out (SKIP LOCKED). */
export async function lockOpenReviews(tx: Transaction<Database>, ids: string[]): Promise<ReviewRow[]> {
  if (ids.length === 0) return [];
  return reviews(tx)
    .where('r.id', 'in', ids)
    .where('r.state', '=', 'open')
    .orderBy('r.id')
    .forUpdate('r')
    .skipLocked()
    .execute();
}

/** Returns false when the item was no longer open (the row lock makes that impossible; the guard says so twice). */
export async function markDecided(
  tx: Transaction<Database>,
  id: string,
  decision: { state: 'approved' | 'rejected'; by: string; at: Date; reason: string },
): Promise<boolean> {
  const res = await tx
    .updateTable('reviews')
    .set({ state: decision.state, decided_by: decision.by, decided_at: decision.at, reason: decision.reason })
    .where('id', '=', id)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/**
 * An item an operator finds by what they were told: the name of the customer or recipient it is about, the name
 * of the customer whose money it holds (a held send's sender), or its transaction's number or reference.
 */
function searchCondition(term: string) {
  const pattern = `%${term
    .normalize('NFC')
    .toLowerCase()
    .replace(/[\\%_]/g, '\\$&')}%`;
  const named = (alias: string) =>
    sql<SqlBool>`lower(unaccent(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}))
      LIKE lower(unaccent(${pattern})) ESCAPE '\\'`;
  const idOf = (prefix: string) =>
    sql`CASE WHEN r.subject ~ ${`^${prefix}:[0-9]{1,15}$`} THEN substring(r.subject FROM ${sql.lit(prefix.length + 2)})::bigint END`;
  const sender = sql`CASE WHEN r.payload->>'sender_user_id' ~ '^[0-9]{1,15}$'
    THEN (r.payload->>'sender_user_id')::bigint END`;
  return sql<SqlBool>`(r.subject = ${term}
    OR EXISTS (SELECT 1 FROM users u2 WHERE u2.id IN (${idOf('user')}, ${sender}) AND ${named('u2')})
    OR EXISTS (SELECT 1 FROM contacts c2 WHERE c2.id = ${idOf('contact')} AND ${named('c2')})
    OR EXISTS (SELECT 1 FROM transactions t2 WHERE t2.id = ${idOf('transaction')}
      AND (t2.id::text = ${term} OR t2.reference = ${term} OR t2.identifier = upper(${term}))))`;
}

export async function listReviews(
  db: Kysely<Database>,
  filters: {
    state?: ReviewState | undefined;
    kind?: string | undefined;
    subject?: string | undefined;
    search?: string | undefined;
  },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ReviewRow[] }> {
  let q = reviews(db);
  if (filters.state !== undefined) q = q.where('r.state', '=', filters.state);
  if (filters.kind !== undefined) q = q.where('r.kind', '=', filters.kind);
  if (filters.subject !== undefined) q = q.where('r.subject', '=', filters.subject);
  const term = filters.search?.trim();
  if (term) q = q.where(searchCondition(term));
  const [rows, total] = await Promise.all([
    q.orderBy('r.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}
