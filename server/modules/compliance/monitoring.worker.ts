import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { MONITORING_REVIEW_KIND } from '../../../common/api/monitoring.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { outageTracker, type WorkerLog } from '../../jobs/worker-log.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { openReview } from '../reviews/reviews.service.ts';
import { judgeWritten, payeeOf, payloadOf, recordAlert } from './monitoring.ts';
import { monitoringRuleSettings, type MonitorConfig } from './monitoring-rules.ts';

/** The worker of the non-blocking rules: the movements the triggers queued, judged after their commit. */

interface QueuedRow {
  transaction_id: string;
  sender_user_id: string | null;
  recipient_user_id: string | null;
  recipient_phone_number: string | null;
  recipient_email: string | null;
  amount: string | null;
  created_at: Date | null;
}

/**
 * One pass of the worker: up to MONITOR_BATCH queued movements judged, their alerts raised and the queue rows
 * deleted, in one transaction. One pass at a time across processes (a transaction-scoped advisory lock taken with
 * try: another process's pass is under way, this one returns). Returns the rows taken.
 */
export async function runMonitoringPass(deps: {
  db: Kysely<Database>;
  config: MonitorConfig & Pick<Config, 'MONITOR_BATCH'>;
  clock: { now(): Date };
}): Promise<number> {
  const rules = monitoringRuleSettings(deps.config);
  return withTransaction(deps.db, async (tx) => {
    const { rows: locked } = await sql<{ ok: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtextextended('monitoring:pass', 0)) AS ok`.execute(tx);
    if (!locked[0]?.ok) return 0;
    const { rows } = await sql<QueuedRow>`
      SELECT q.transaction_id::text, t.sender_user_id::text, t.recipient_user_id::text, t.recipient_phone_number,
             t.recipient_email, t.amount::text, t.created_at
        FROM monitoring_queue q LEFT JOIN transactions t ON t.id = q.transaction_id
       ORDER BY q.transaction_id LIMIT ${deps.config.MONITOR_BATCH}`.execute(tx);
    const movements = rows.flatMap((row) => {
      const payee = payeeOf(row);
      if (row.sender_user_id === null || row.amount === null || row.created_at === null || payee === null) return [];
      return [
        { id: row.transaction_id, senderId: row.sender_user_id, payee, amount: BigInt(row.amount), at: row.created_at },
      ];
    });
    // Findings are rare; each is recorded in movement order, and recordAlert skips one that falls in the window of
    // an alert raised earlier in this same pass (the batch was judged before any of its alerts existed).
    for (const { m, finding } of await judgeWritten(tx, rules, movements)) {
      const alert = await recordAlert(tx, finding, m, null);
      if (alert === null) continue;
      const review = await openReview(
        tx,
        {
          kind: MONITORING_REVIEW_KIND,
          subject: finding.reviewSubject,
          payload: { ...payloadOf(m, [finding], false) },
          dedupeKey: `alert:${alert}`,
        },
        deps.clock.now(),
      );
      await tx.updateTable('monitoring_alerts').set({ review_id: review.id }).where('id', '=', alert).execute();
    }
    if (rows.length > 0)
      await tx
        .deleteFrom('monitoring_queue')
        .where(
          'transaction_id',
          'in',
          rows.map((r) => r.transaction_id),
        )
        .execute();
    return rows.length;
  });
}

/**
 * Runs passes every MONITOR_INTERVAL_MS (at once again after a full batch). An outage is one log line when it
 * starts and one when it ends. Returns stop(), which waits for the pass in flight.
 */
export function startMonitoringWorker(
  deps: Parameters<typeof runMonitoringPass>[0] & { config: Pick<Config, 'MONITOR_INTERVAL_MS'> },
  log: WorkerLog,
): () => Promise<void> {
  const database = outageTracker(log, 'monitoring: the database');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    const started = performance.now();
    running = runMonitoringPass(deps)
      .then((taken) => {
        database.up();
        return taken >= deps.config.MONITOR_BATCH
          ? 0
          : Math.max(0, deps.config.MONITOR_INTERVAL_MS - (performance.now() - started));
      })
      .catch((error: unknown) => {
        database.down(error);
        return deps.config.MONITOR_INTERVAL_MS;
      })
      .then((delay) => {
        if (!stopped) timer = setTimeout(tick, delay);
      });
  };
  timer = setTimeout(tick, deps.config.MONITOR_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
