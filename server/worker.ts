import { serviceDeps } from './app.ts';
import { hostClock, startDatabaseClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { handleShutdownSignals } from './shutdown.ts';
import { openDatabase } from './db/open-database.ts';
import { consoleWorkerLog } from './jobs/worker-log.ts';
import { startAnchorWorker } from './modules/anchoring/anchor-worker.ts';
import { startPaymentActionsWorker } from './modules/billing/payment-actions.worker.ts';
import { startNotificationDelivery } from './modules/notifications/delivery.worker.ts';
import { startMonitoringWorker } from './modules/compliance/monitoring.ts';
import { startReceiptMails } from './modules/receipts/receipt-mail.worker.ts';

/**
 * `npm run worker`: the anchoring worker apart from the API (set CHAIN_WORKER=off on the API servers). Several
 * may run at once: jobs are leased with SKIP LOCKED; on the built-in ledger appends are serialised by the
 * chain-head lock, on an EVM network the operator's nonces by an advisory lock (ADR 007).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const say = (message: string) => console.log(`[worker] ${message}`);
  const database = await openDatabase(config, { log: say, attachToRunning: true });
  const clock = await startDatabaseClock(database.db, { hostNow: hostClock(config), log: say });
  const deps = serviceDeps({ config, db: database.db, clock });
  const log = consoleWorkerLog('[worker]');
  const stopAnchoring = startAnchorWorker(deps, log);
  // The card provider's refunds and cancellations recorded by webhooks (same outbox pattern, same settings).
  const stopActions = startPaymentActionsWorker(deps, log);
  // The e-mail/SMS of notifications (issue 18), from their outbox.
  const delivery = startNotificationDelivery(deps, log, { poll: true });
  // Transaction monitoring (issue 16): the queue of sends and pickups judged by the rules.
  const stopMonitoring = startMonitoringWorker(deps, log);
  // The receipt PDFs mailed to payers (issue 18): rendering is CPU work kept off the API processes.
  const stopReceipts = startReceiptMails(deps, log);
  const stop = async () => {
    await Promise.all([stopAnchoring(), stopActions(), delivery.stop(), stopMonitoring(), stopReceipts()]);
  };
  say(`anchoring every ${config.CHAIN_WORKER_INTERVAL_MS} ms`);
  handleShutdownSignals({
    graceMs: config.SHUTDOWN_TIMEOUT_MS,
    log: say,
    stoppedMessage: 'stopped',
    drain: async () => {
      try {
        await stop(); // each worker's pass in flight ends first
      } finally {
        clock.stop();
        await database.close();
      }
    },
    // A pass stuck past the grace period (an EVM node that never answers): the database is closed all the same.
    force: () => database.forceClose(),
  });
}

await main().catch((error: unknown) => {
  console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
