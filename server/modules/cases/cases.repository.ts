import { sql, type Kysely, type Transaction } from 'kysely';
import type { CaseKind, CaseState, Database, KycMediaType } from '../../db/schema.ts';
import type { SealedFile } from '../kyc/document-crypto.ts';

/** SQL of `cases`, `case_messages` and `case_attachments` (migration 0620). */

export interface CaseRow {
  id: string;
  reference: string;
  user_id: string;
  kind: CaseKind;
  state: CaseState;
  transaction_id: string | null;
  assigned_to: string | null;
  assigned_name: string | null;
  created_at: Date;
  first_answer_at: Date | null;
  resolved_at: Date | null;
  updated_at: Date;
  /** The newest message the customer can read (never an internal note), cut to a line's length. */
  last_message: string | null;
  customer_name: string;
  customer_language: string;
}

export interface MessageRow {
  id: string;
  author: 'customer' | 'operator';
  author_name: string;
  body: string;
  internal: boolean;
  created_at: Date;
  attachment_id: string | null;
  media_type: KycMediaType | null;
  size: number | null;
}

const fullName = (table: 'u' | 'a') =>
  sql<string>`trim(${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)})`;

function selectCases(db: Kysely<Database>) {
  return db
    .selectFrom('cases as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('users as a', 'a.id', 'c.assigned_to')
    .select([
      'c.id',
      'c.reference',
      'c.user_id',
      'c.kind',
      'c.state',
      'c.transaction_id',
      'c.assigned_to',
      fullName('a').as('assigned_name'),
      'c.created_at',
      'c.first_answer_at',
      'c.resolved_at',
      sql<Date>`coalesce((SELECT max(m.created_at) FROM case_messages m WHERE m.case_id = c.id AND NOT m.internal),
                         c.created_at)`.as('updated_at'),
      sql<string | null>`(SELECT left(m.body, 140) FROM case_messages m WHERE m.case_id = c.id AND NOT m.internal
                          ORDER BY m.id DESC LIMIT 1)`.as('last_message'),
      fullName('u').as('customer_name'),
      'u.language as customer_language',
    ]);
}

export async function insertCase(
  tx: Transaction<Database>,
  values: { userId: string; kind: CaseKind; transactionId: string | null; at: Date },
): Promise<string> {
  const row = await tx
    .insertInto('cases')
    .values({ user_id: values.userId, kind: values.kind, transaction_id: values.transactionId, created_at: values.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMessage(
  tx: Transaction<Database>,
  values: {
    caseId: string;
    author: 'customer' | 'operator';
    userId: string;
    body: string;
    internal: boolean;
    at: Date;
  },
): Promise<string> {
  const row = await tx
    .insertInto('case_messages')
    .values({
      case_id: values.caseId,
      author: values.author,
      author_user_id: values.userId,
      body: values.body,
      internal: values.internal,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertAttachment(
  tx: Transaction<Database>,
  file: { messageId: string; mediaType: KycMediaType; size: number; sealed: SealedFile },
): Promise<void> {
  await tx
    .insertInto('case_attachments')
    .values({
      message_id: file.messageId,
      media_type: file.mediaType,
      size: file.size,
      key_id: file.sealed.keyId,
      iv: file.sealed.iv,
      tag: file.sealed.tag,
      ciphertext: file.sealed.ciphertext,
    })
    .execute();
}

/** One case; `userId` restricts it to its customer (another customer's case reads as none). */
export async function findCase(db: Kysely<Database>, id: string, userId?: string): Promise<CaseRow | undefined> {
  let query = selectCases(db).where('c.id', '=', id);
  if (userId !== undefined) query = query.where('c.user_id', '=', userId);
  return query.executeTakeFirst();
}

/** Locks a case row for a change of state (two replies racing queue). */
export async function lockCase(tx: Transaction<Database>, id: string): Promise<void> {
  await tx.selectFrom('cases').select('id').where('id', '=', id).forNoKeyUpdate().execute();
}

export async function updateCase(
  tx: Transaction<Database>,
  id: string,
  values: { state?: CaseState; resolved_at?: Date | null; first_answer_at?: Date; assigned_to?: string },
): Promise<void> {
  await tx.updateTable('cases').set(values).where('id', '=', id).execute();
}

/** The thread, oldest first; `withInternal` false leaves the operators' notes out in SQL, never after. */
export async function caseMessages(db: Kysely<Database>, caseId: string, withInternal: boolean): Promise<MessageRow[]> {
  let query = db
    .selectFrom('case_messages as m')
    .innerJoin('users as u', 'u.id', 'm.author_user_id')
    .leftJoin('case_attachments as f', 'f.message_id', 'm.id')
    .select([
      'm.id',
      'm.author',
      fullName('u').as('author_name'),
      'm.body',
      'm.internal',
      'm.created_at',
      'f.id as attachment_id',
      'f.media_type',
      'f.size',
    ])
    .where('m.case_id', '=', caseId)
    .orderBy('m.id');
  if (!withInternal) query = query.where('m.internal', '=', false);
  return query.execute();
}

interface PageWindow {
  limit: number;
  offset: number;
}

export async function customerCasesPage(
  db: Kysely<Database>,
  userId: string,
  page: PageWindow,
): Promise<{ count: number; rows: CaseRow[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('cases')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    selectCases(db)
      .where('c.user_id', '=', userId)
      .orderBy('c.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { count: Number(count.n), rows };
}

/** The operators' queue, oldest first, filtered by state and kind. */
export async function queuePage(
  db: Kysely<Database>,
  filters: { state?: CaseState | undefined; kind?: CaseKind | undefined },
  page: PageWindow,
): Promise<{ count: number; rows: CaseRow[] }> {
  let countQuery = db.selectFrom('cases as c').select((eb) => eb.fn.countAll<string>().as('n'));
  let rowsQuery = selectCases(db);
  if (filters.state !== undefined) {
    countQuery = countQuery.where('c.state', '=', filters.state);
    rowsQuery = rowsQuery.where('c.state', '=', filters.state);
  }
  if (filters.kind !== undefined) {
    countQuery = countQuery.where('c.kind', '=', filters.kind);
    rowsQuery = rowsQuery.where('c.kind', '=', filters.kind);
  }
  const [count, rows] = await Promise.all([
    countQuery.executeTakeFirstOrThrow(),
    rowsQuery.orderBy('c.created_at').orderBy('c.id').limit(page.limit).offset(page.offset).execute(),
  ]);
  return { count: Number(count.n), rows };
}

export interface CaseTransferRow {
  id: string;
  kind: string;
  status: string;
  amount: string;
  currency: string;
  sender: string | null;
  recipient: string | null;
}

/** A transaction with who sent and who received it (the service checks the customer is one of them). */
export async function findTransfer(db: Kysely<Database>, id: string): Promise<CaseTransferRow | undefined> {
  return db
    .selectFrom('transactions')
    .select([
      'id',
      'kind',
      'status',
      'amount',
      'currency',
      'sender_user_id as sender',
      'recipient_user_id as recipient',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Times of a customer's own cases / messages since `since`, oldest first: what their rate limits count. */
export async function casesCreatedSince(tx: Transaction<Database>, userId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .selectFrom('cases')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

export async function messagesWrittenSince(tx: Transaction<Database>, userId: string, since: Date): Promise<Date[]> {
  const rows = await tx
    .selectFrom('case_messages')
    .select('created_at')
    .where('author_user_id', '=', userId)
    .where('author', '=', 'customer')
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.created_at);
}

export interface AttachmentRow {
  id: string;
  message_id: string;
  media_type: KycMediaType;
  key_id: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
  internal: boolean;
}

/** One attachment of a case (the caller checks who may read it). */
export async function findAttachment(
  db: Kysely<Database>,
  caseId: string,
  id: string,
): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('case_attachments as f')
    .innerJoin('case_messages as m', 'm.id', 'f.message_id')
    .select(['f.id', 'f.message_id', 'f.media_type', 'f.key_id', 'f.iv', 'f.tag', 'f.ciphertext', 'm.internal'])
    .where('f.id', '=', id)
    .where('m.case_id', '=', caseId)
    .executeTakeFirst();
}
