import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of `chain_outbox` (migration 0007): one anchoring job per completed transaction. */

export interface AnchorJob {
  id: string;
  transaction_id: string;
  attempts: number;
  created_at: Date;
}

/** Idempotent: a transaction is anchored once, however many times its completion is recorded. */
export async function insertAnchorJob(tx: Transaction<Database>, transactionId: string): Promise<void> {
  await tx
    .insertInto('chain_outbox')
    .values({ transaction_id: transactionId })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .execute();
}

/**
 * Leases up to `limit` due jobs: rows another worker holds are skipped (SKIP LOCKED), and the lease moves
 * next_attempt_at forward so that nobody else takes them while this worker publishes outside any transaction.
 * A worker that dies mid-publish leaves its jobs to be retried when the lease ends.
 */
export async function leaseDueJobs(
  db: Kysely<Database>,
  options: { limit: number; leaseSeconds: number; transactionIds?: string[] },
): Promise<AnchorJob[]> {
  const { transactionIds } = options;
  if (transactionIds?.length === 0) return [];
  return db.transaction().execute(async (tx) => {
    let due = tx
      .selectFrom('chain_outbox')
      .select('id')
      .where('published_at', 'is', null)
      .where('dead_at', 'is', null)
      .where('next_attempt_at', '<=', sql<Date>`now()`)
      .orderBy('next_attempt_at')
      .limit(options.limit)
      .forUpdate()
      .skipLocked();
    if (transactionIds) due = due.where('transaction_id', 'in', transactionIds);
    const ids = (await due.execute()).map((row) => row.id);
    if (ids.length === 0) return [];
    return tx
      .updateTable('chain_outbox')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_attempt_at: sql<Date>`now() + make_interval(secs => ${options.leaseSeconds})`,
      })
      .where('id', 'in', ids)
      .returning(['id', 'transaction_id', 'attempts', 'created_at'])
      .execute();
  });
}

/** Marks a batch of jobs published with their tx_ids, in one statement. */
export async function markPublished(
  db: Kysely<Database>,
  jobs: readonly { jobId: string; txId: string }[],
): Promise<void> {
  if (jobs.length === 0) return;
  await sql`
    UPDATE chain_outbox AS o SET tx_id = d.tx_id, published_at = now(), last_error = NULL
    FROM unnest(${jobs.map((j) => j.jobId)}::bigint[], ${jobs.map((j) => j.txId)}::text[]) AS d(id, tx_id)
    WHERE o.id = d.id`.execute(db);
}

export interface DeadJob {
  id: string;
  transaction_id: string;
  attempts: number;
  last_error: string | null;
}

/**
 * Reschedules a batch of failed jobs, each after its own delay and with its own error, in one statement; a job that
 * has had `maxAttempts` attempts becomes a dead letter instead (dead_at set, never leased again). Returns those.
 */
export async function markFailed(
  db: Kysely<Database>,
  jobs: readonly { jobId: string; delayMs: number; error: string }[],
  maxAttempts: number,
): Promise<DeadJob[]> {
  if (jobs.length === 0) return [];
  const result = await sql<DeadJob & { dead_at: Date | null }>`
    UPDATE chain_outbox AS o
    SET next_attempt_at = now() + make_interval(secs => d.delay_ms / 1000), last_error = d.error,
        dead_at = CASE WHEN o.attempts >= ${maxAttempts}::int THEN now() END
    FROM unnest(
      ${jobs.map((j) => j.jobId)}::bigint[],
      ${jobs.map((j) => j.delayMs)}::float8[],
      ${jobs.map((j) => j.error.slice(0, 500))}::text[]
    ) AS d(id, delay_ms, error)
    WHERE o.id = d.id AND o.published_at IS NULL
    RETURNING o.id::text, o.transaction_id::text, o.attempts, o.last_error, o.dead_at`.execute(db);
  return result.rows
    .filter((row) => row.dead_at !== null)
    .map(({ id, transaction_id, attempts, last_error }) => ({ id, transaction_id, attempts, last_error }));
}

/** Jobs still waiting, for health and for the bench. */
export async function countPendingJobs(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('chain_outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('published_at', 'is', null)
    .where('dead_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
