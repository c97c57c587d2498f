import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DashboardQueueKey } from '../../common/api/ops-dashboard.ts';
import type { Database } from '../db/schema.ts';
import type { OutboxTable } from './outbox-queue.ts';

/**
 * Every outbox-like queue of the service, in one list: a table of work done after a commit, retried by a worker
 * with `attempts`, `next_attempt_at`, `last_error` and `dead_at` (a dead letter for a human after the maximum of
 * attempts). `npm run admin -- outbox:dead` / `outbox:retry`, the ops dashboard's queue figures and the
 * wallet_outbox_dead_letters gauge all read this list, so a new queue is added here once and is seen everywhere
 * (outbox-queues.test.ts fails on a table with those columns that this list does not name).
 */
export interface OutboxQueue {
  /** The CLI's `--kind`, and the first word of each dead letter it lists. */
  kind: string;
  /** Its figures' key in GET /api/ops/dashboard/. */
  key: DashboardQueueKey;
  table: OutboxTable | 'chain_outbox';
  /** Set when a row's work is done (chain_outbox publishes whole batches). */
  finished: 'done_at' | 'published_at';
  /** What the CLI's heading counts: '3 anchoring job(s) given up on:'. */
  noun: string;
  /** One dead letter in a few words, over the queue's row `o`: which transaction, whom, by which channel. */
  what: RawBuilder<string>;
}

export const OUTBOX_QUEUES: readonly OutboxQueue[] = [
  {
    kind: 'anchoring',
    key: 'anchoring',
    table: 'chain_outbox',
    finished: 'published_at',
    noun: 'anchoring job',
    what: sql<string>`'transaction ' || o.transaction_id`,
  },
  {
    kind: 'payment',
    key: 'payment_actions',
    table: 'payment_actions',
    finished: 'done_at',
    noun: 'payment action',
    what: sql<string>`o.kind || ' ' || o.target`,
  },
  {
    kind: 'notification',
    key: 'notification_deliveries',
    table: 'notification_deliveries',
    finished: 'done_at',
    noun: 'notification message',
    what: sql<string>`(SELECT n.kind || ' to user ' || n.user_id FROM notifications n WHERE n.id = o.notification_id)
      || ' by ' || CASE WHEN o.push_subscription_id IS NULL THEN 'e-mail/SMS' ELSE 'push' END`,
  },
  {
    kind: 'receipt',
    key: 'receipt_mails',
    table: 'receipt_mails',
    finished: 'done_at',
    noun: 'receipt mail',
    what: sql<string>`'receipt of transaction ' || o.transaction_id || ' to user ' || o.user_id`,
  },
  {
    kind: 'recipient',
    key: 'recipient_messages',
    table: 'recipient_messages',
    finished: 'done_at',
    noun: 'recipient message',
    what: sql<string>`o.kind || ' for transaction ' || o.transaction_id || coalesce(' by ' || o.channel, '')`,
  },
  {
    // A dispatch given up on has had its payout returned to the sender (partner_unavailable): a retry re-asks the
    // operator only for a payout still waiting, so it never pays a returned one.
    kind: 'wallet',
    key: 'wallet_payouts',
    table: 'wallet_payout_dispatches',
    finished: 'done_at',
    noun: 'mobile wallet payout request',
    what: sql<string>`'mobile wallet payout of transaction ' || o.transaction_id`,
  },
];

export const outboxQueueOf = (kind: string): OutboxQueue | undefined => OUTBOX_QUEUES.find((q) => q.kind === kind);

export interface DeadLetter {
  id: string;
  what: string;
  attempts: number;
  dead_at: Date;
  last_error: string | null;
}

/** A queue's dead letters, newest first. */
export async function listDeadLetters(db: Kysely<Database>, queue: OutboxQueue, limit = 1000): Promise<DeadLetter[]> {
  const { rows } = await sql<DeadLetter>`
    SELECT o.id::text AS id, ${queue.what} AS what, o.attempts, o.dead_at, o.last_error
    FROM ${sql.table(queue.table)} o
    WHERE o.dead_at IS NOT NULL AND ${sql.ref(`o.${queue.finished}`)} IS NULL
    ORDER BY o.dead_at DESC
    LIMIT ${limit}`.execute(db);
  return rows;
}

/** Puts a queue's dead letters back (all, or those ids) with a fresh count of attempts, due now. */
export async function retryDeadLetters(
  db: Kysely<Database>,
  queue: OutboxQueue,
  ids?: readonly string[],
): Promise<number> {
  if (ids?.length === 0) return 0;
  const result = await sql`
    UPDATE ${sql.table(queue.table)} SET dead_at = NULL, attempts = 0, next_attempt_at = now()
    WHERE dead_at IS NOT NULL AND ${sql.ref(queue.finished)} IS NULL
      AND ${ids ? sql<boolean>`id = ANY(${[...ids]}::bigint[])` : sql<boolean>`true`}`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export interface QueueFigures {
  waiting: number;
  failing: number;
  dead: number;
  lag_seconds: number | null;
}

/**
 * Each queue's figures at `now` in one statement: waiting (not done, not dead), failing (of those, the last attempt
 * failed), dead, and the age of the oldest waiting row. Waiting and lag read the partial index each worker leases
 * with (WHERE done and dead are null).
 */
export async function queueFigures(
  db: Kysely<Database>,
  now: Date,
): Promise<Record<DashboardQueueKey, QueueFigures>> {
  const columns = OUTBOX_QUEUES.map((q) => {
    const table = sql.table(q.table);
    const open = sql`${sql.ref(q.finished)} IS NULL AND dead_at IS NULL`;
    return sql`
      (SELECT count(*) FROM ${table} WHERE ${open})::int AS ${sql.ref(`${q.key}_waiting`)},
      (SELECT count(*) FROM ${table} WHERE ${open} AND attempts > 0)::int AS ${sql.ref(`${q.key}_failing`)},
      (SELECT count(*) FROM ${table} WHERE dead_at IS NOT NULL AND ${sql.ref(q.finished)} IS NULL)::int
        AS ${sql.ref(`${q.key}_dead`)},
      (SELECT extract(epoch FROM ${now}::timestamptz - min(created_at))::float8 FROM ${table} WHERE ${open})
        AS ${sql.ref(`${q.key}_lag`)}`;
  });
  const { rows } = await sql<Record<string, number | null>>`SELECT ${sql.join(columns)}`.execute(db);
  const row = rows[0] ?? {};
  const lag = (seconds: number | null | undefined) =>
    seconds === null || seconds === undefined ? null : Math.max(0, Math.round(seconds));
  return Object.fromEntries(
    OUTBOX_QUEUES.map((q) => [
      q.key,
      {
        waiting: Number(row[`${q.key}_waiting`] ?? 0),
        failing: Number(row[`${q.key}_failing`] ?? 0),
        dead: Number(row[`${q.key}_dead`] ?? 0),
        lag_seconds: lag(row[`${q.key}_lag`]),
      },
    ]),
  ) as Record<DashboardQueueKey, QueueFigures>;
}
