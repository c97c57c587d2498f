import { sql, type Kysely } from 'kysely';
import type pg from 'pg';
import { Gauge } from 'prom-client';
import type { Database } from '../db/schema.ts';
import { OUTBOX_QUEUES } from '../jobs/outbox-queues.ts';
import { registry } from './metrics.ts';

interface Backlogs {
  ledger_entries: string;
  anchoring_waiting: string;
  anchoring_failing: string;
  anchoring_lag_seconds: number | null;
  payment_actions_waiting: string;
  payment_actions_failing: string;
  /** Every outbox-like queue's dead letters together (server/jobs/outbox-queues.ts). */
  dead_letters: string;
}

/** One query for every backlog figure, read at most every few seconds whatever the number of scrapes. */
async function readBacklogs(db: Kysely<Database>): Promise<Backlogs> {
  const { rows } = await sql<Backlogs>`
    SELECT
      (SELECT coalesce(max(id), 0) FROM ledger_entries) AS ledger_entries,
      (SELECT count(*) FROM chain_outbox WHERE published_at IS NULL AND dead_at IS NULL) AS anchoring_waiting,
      (SELECT count(*) FROM chain_outbox WHERE published_at IS NULL AND dead_at IS NULL AND attempts > 0)
        AS anchoring_failing,
      (SELECT extract(epoch FROM now() - min(created_at))::float8 FROM chain_outbox
        WHERE published_at IS NULL AND dead_at IS NULL) AS anchoring_lag_seconds,
      (SELECT count(*) FROM payment_actions WHERE done_at IS NULL AND dead_at IS NULL) AS payment_actions_waiting,
      (SELECT count(*) FROM payment_actions WHERE done_at IS NULL AND dead_at IS NULL AND attempts > 0)
        AS payment_actions_failing,
      (${sql.join(
        OUTBOX_QUEUES.map(
          (q) => sql`(SELECT count(*) FROM ${sql.table(q.table)} WHERE dead_at IS NOT NULL AND ${sql.ref(q.finished)} IS NULL)`,
        ),
        sql` + `,
      )}) AS dead_letters`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('backlog query answered nothing');
  return row;
}

const cacheMs = 5_000;

/**
 * Gauges read from the database at scrape time: what is waiting (anchoring, provider refunds) and how old the
 * oldest waiting record is, the ledger's size, and this process's connection pool. In a cluster every process reads
 * the same tables, so those gauges take the maximum across processes; the pool gauges add up.
 */
export function registerDatabaseMetrics(db: Kysely<Database>, pool: pg.Pool): void {
  let cached: { at: number; value: Promise<Backlogs> } | undefined;
  const backlogs = () => {
    const now = Date.now();
    if (!cached || now - cached.at > cacheMs) cached = { at: now, value: readBacklogs(db) };
    return cached.value;
  };
  const fromBacklogs = (name: string, help: string, read: (b: Backlogs) => number) =>
    new Gauge({
      name,
      help,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        try {
          this.set(read(await backlogs()));
        } catch {
          // The database is away: the scrape still answers, and wallet_up-style alerts fire on the 503s instead.
          cached = undefined;
        }
      },
    });
  fromBacklogs(
    'wallet_ledger_entries',
    'Ledger entries posted so far (its rate is the ledger posts per second).',
    (b) => Number(b.ledger_entries),
  );
  fromBacklogs('wallet_anchoring_backlog', 'Completed transactions waiting to reach the public ledger.', (b) =>
    Number(b.anchoring_waiting),
  );
  fromBacklogs('wallet_anchoring_failing', 'Of those, the ones whose last attempt failed.', (b) =>
    Number(b.anchoring_failing),
  );
  fromBacklogs(
    'wallet_anchoring_lag_seconds',
    'Age of the oldest transaction waiting to be anchored (0 when none).',
    (b) => Number(b.anchoring_lag_seconds ?? 0),
  );
  fromBacklogs(
    'wallet_outbox_dead_letters',
    'Jobs of every outbox (anchoring, provider actions, notification messages, receipt mails, recipient messages) given up after their maximum of attempts (`npm run admin -- outbox:dead` lists them, outbox:retry queues them again).',
    (b) => Number(b.dead_letters),
  );
  fromBacklogs(
    'wallet_payment_actions_backlog',
    'Refunds and cancellations waiting to be performed at the provider.',
    (b) => Number(b.payment_actions_waiting),
  );
  fromBacklogs('wallet_payment_actions_failing', 'Of those, the ones whose last attempt failed.', (b) =>
    Number(b.payment_actions_failing),
  );
  new Gauge({
    name: 'wallet_db_pool_connections',
    help: 'Database connections of the API processes: open (total), idle, and requests waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}
