import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface ApprovalRow {
  id: string;
  kind: string;
  subject_type: string;
  subject_id: string;
  amount: string | null;
  currency: string | null;
  payload: Record<string, unknown>;
  reason: string;
  requested_by: string;
  requested_by_name: string | null;
  requested_at: Date;
  expires_at: Date;
  state: 'pending' | 'approved' | 'rejected' | 'expired';
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
}

function approvals(db: Kysely<Database>) {
  return db
    .selectFrom('ops_approvals as o')
    .leftJoin('users as u', 'u.id', 'o.requested_by')
    .select([
      'o.id',
      'o.kind',
      'o.subject_type',
      'o.subject_id',
      'o.amount',
      'o.currency',
      'o.payload',
      'o.reason',
      'o.requested_by',
      sql<string | null>`nullif(trim(u.first_name || ' ' || u.last_name), '')`.as('requested_by_name'),
      'o.requested_at',
      'o.expires_at',
      'o.state',
      'o.decided_by',
      'o.decided_at',
      'o.decision_reason',
    ]);
}

/** Requests past their time are marked expired before anyone reads or decides (so the one-pending index frees). */
export async function expireApprovals(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .updateTable('ops_approvals')
    .set({ state: 'expired' })
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .execute();
}

export async function insertApproval(
  tx: Transaction<Database>,
  row: {
    kind: string;
    subjectType: string;
    subjectId: string;
    amount: bigint | null;
    currency: string | null;
    payload: Record<string, unknown>;
    reason: string;
    requestedBy: string;
    requestedAt: Date;
    expiresAt: Date;
  },
): Promise<string | undefined> {
  const inserted = await tx
    .insertInto('ops_approvals')
    .values({
      kind: row.kind,
      subject_type: row.subjectType,
      subject_id: row.subjectId,
      amount: row.amount === null ? null : row.amount.toString(),
      currency: row.currency,
      payload: JSON.stringify(row.payload),
      reason: row.reason,
      requested_by: row.requestedBy,
      requested_at: row.requestedAt,
      expires_at: row.expiresAt,
    })
    .onConflict((oc) => oc.columns(['kind', 'subject_type', 'subject_id']).where('state', '=', 'pending').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function findApproval(db: Kysely<Database>, id: string): Promise<ApprovalRow | undefined> {
  return approvals(db).where('o.id', '=', id).executeTakeFirst();
}

export async function lockApproval(tx: Transaction<Database>, id: string): Promise<ApprovalRow | undefined> {
  return approvals(tx).where('o.id', '=', id).forUpdate('o').executeTakeFirst();
}

/** The pending request about one subject (at most one of a kind: the one-pending index), locked. */
export async function lockPendingApproval(
  tx: Transaction<Database>,
  kind: string,
  subject: { type: string; id: string },
): Promise<ApprovalRow | undefined> {
  return approvals(tx)
    .where('o.kind', '=', kind)
    .where('o.subject_type', '=', subject.type)
    .where('o.subject_id', '=', subject.id)
    .where('o.state', '=', 'pending')
    .forUpdate('o')
    .executeTakeFirst();
}

/** The request about one subject still waiting at `now` (at most one of a kind: the one-pending index), unlocked. */
export async function findPendingApproval(
  db: Kysely<Database>,
  kind: string,
  subject: { type: string; id: string },
  now: Date,
): Promise<ApprovalRow | undefined> {
  return approvals(db)
    .where('o.kind', '=', kind)
    .where('o.subject_type', '=', subject.type)
    .where('o.subject_id', '=', subject.id)
    .where('o.state', '=', 'pending')
    .where('o.expires_at', '>', now)
    .executeTakeFirst();
}

/** A pending request that can no longer be approved ends as expired, which frees the one-pending index. */
export async function expireApproval(tx: Transaction<Database>, id: string): Promise<void> {
  await tx
    .updateTable('ops_approvals')
    .set({ state: 'expired' })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}

export async function decideApproval(
  tx: Transaction<Database>,
  id: string,
  decision: { state: 'approved' | 'rejected'; by: string; at: Date; reason: string },
): Promise<void> {
  await tx
    .updateTable('ops_approvals')
    .set({ state: decision.state, decided_by: decision.by, decided_at: decision.at, decision_reason: decision.reason })
    .where('id', '=', id)
    .execute();
}

export async function listApprovals(
  db: Kysely<Database>,
  filters: { state?: string | undefined; kind?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: ApprovalRow[] }> {
  let q = approvals(db);
  if (filters.state !== undefined) q = q.where('o.state', '=', filters.state as ApprovalRow['state']);
  if (filters.kind !== undefined) q = q.where('o.kind', '=', filters.kind);
  const [rows, total] = await Promise.all([
    q.orderBy('o.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { count: Number(total.n), rows };
}
