import { serviceDeps } from './app.ts';
import { hostClock, startDatabaseClock } from './clock.ts';
import { loadConfig } from './config.ts';
import { handleShutdownSignals } from './shutdown.ts';
import { openDatabase } from './db/open-database.ts';
import { consoleWorkerLog } from './jobs/worker-log.ts';
import { startAnchorWorker } from './modules/anchoring/anchor-worker.ts';
import { startPaymentActionsWorker } from './modules/billing/payment-actions.worker.ts';
import { startWalletDispatchWorker } from './modules/transfers/methods/mobile-wallet/wallet-dispatch.ts';
import { startNotificationDelivery } from './modules/notifications/delivery.worker.ts';
import { runRecipientMessages } from './modules/invitations/recipient-messages.worker.ts';
import { startMonitoringWorker } from './modules/compliance/monitoring.worker.ts';
import { startReceiptMails } from './modules/receipts/receipt-mail.worker.ts';
import { startScheduler } from './modules/schedules/scheduler.ts';

/**
 * `npm run worker`: the anchoring worker apart from the API (set CHAIN_WORKER=off on the API servers). Several
 * may run at once: jobs are leased with SKIP LOCKED; on the built-in ledger appends are serialised by the
 * chain-head lock, on an EVM network the operator's nonces by an advisory lock (ADR 007).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  // `--receipts`: only the receipt mails, the process `npm start` forks beside its API processes
  // (server/receipt-mail-process.ts); otherwise every worker, as `npm run worker`.
  const receiptsOnly = process.argv.includes('--receipts');
  const label = receiptsOnly ? '[receipts]' : '[worker]';
  const say = (message: string) => console.log(`${label} ${message}`);
  // Forked by `npm start`: when it is gone (even by kill -9) the channel closes, and this process stops with it:
  // at once while still starting (nothing to drain yet), by the orderly shutdown once it works.
  let parentGone: () => void = () => process.exit(0);
  const onDisconnect = () => parentGone();
  if (process.send) {
    process.on('disconnect', onDisconnect);
    if (!process.connected) process.exit(0); // it went while this module was loading
  }
  const database = await openDatabase(config, { log: say, role: 'app', attachToRunning: true });
  const clock = await startDatabaseClock(database.db, { hostNow: hostClock(config), log: say });
  const deps = serviceDeps({ config, db: database.db, clock });
  const log = consoleWorkerLog(label);
  const stops = receiptsOnly
    ? // Beside npm start's API processes: at most a tenth of a core, so a burst of sends is not slowed by its PDFs.
      [startReceiptMails(deps, log, { cpuShare: 0.1 })]
    : [
        startAnchorWorker(deps, log),
        // The card provider's refunds and cancellations recorded by webhooks (same outbox pattern, same settings).
        startPaymentActionsWorker(deps, log),
        // Mobile wallet payouts' requests to the operator (same outbox pattern; retried, then returned).
        startWalletDispatchWorker(deps, log),
        // The e-mail/SMS of notifications, from their outbox.
        stopperOf(startNotificationDelivery(deps, log, { poll: true, alongside: [runRecipientMessages] })),
        // Transaction monitoring: the queue of sends and pickups judged by the rules.
        startMonitoringWorker(deps, log),
        // The receipt PDFs mailed to payers: rendering is CPU work kept off the API processes.
        startReceiptMails(deps, log),
        // Recurring transfers (ADR 024): a pass every minute sends the occurrences due, once each.
        startScheduler(deps, log),
      ];
  const stop = async () => {
    await Promise.all(stops.map((stopOne) => stopOne()));
  };
  say(receiptsOnly ? 'receipt mails' : `anchoring every ${config.CHAIN_WORKER_INTERVAL_MS} ms`);
  const shutdown = handleShutdownSignals({
    graceMs: config.SHUTDOWN_TIMEOUT_MS,
    log: say,
    stoppedMessage: 'stopped',
    drain: async () => {
      try {
        await stop(); // each worker's pass in flight ends first
      } finally {
        clock.stop();
        await database.close();
        // The channel to `npm start` would keep this process alive once drained: close it from this end.
        process.off('disconnect', onDisconnect);
        if (process.connected) process.disconnect();
      }
    },
    // A pass stuck past the grace period (an EVM node that never answers): the database is closed all the same.
    force: () => database.forceClose(),
  });
  parentGone = () => shutdown.shutdown('npm start is gone');
  if (process.send && !process.connected) parentGone(); // it went while the database was being opened
}

function stopperOf(worker: { stop(): Promise<void> }): () => Promise<void> {
  return () => worker.stop();
}

await main().catch((error: unknown) => {
  console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
  // Exit now: a process forked by `npm start` would otherwise live on through its IPC channel, doing nothing.
  process.exit(1);
});
