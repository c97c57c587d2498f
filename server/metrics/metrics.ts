import cluster from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { idempotentReplays } from '../ledger/ledger-metrics.ts';

/**
 * The process's metrics, in one registry that the metrics port publishes (metrics-server.ts). Counting is
 * an increment in memory, cheap enough for the money path; nothing is sent anywhere until Prometheus scrapes.
 * In a cluster every API process keeps its own counts and the primary adds them up on each scrape (prom-client's
 * AggregatorRegistry: counters and histograms summed, gauges by the aggregator each one names).
 */
export const registry = new Registry();

// Node's own: event-loop lag (a histogram of monitorEventLoopDelay), heap, GC, handles, CPU.
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

if (cluster.isWorker) {
  // Answers the primary's IPC requests for this process's metrics (the constructor installs the listener).
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
}

export const httpRequests = new Counter({
  name: 'wallet_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'wallet_http_request_duration_seconds',
  help: 'Time from the request to its answer, by method, route template and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

export type MoneyOutcome = 'ok' | 'refused' | 'error';

export const moneyOperations = new Counter({
  name: 'wallet_money_operations_total',
  help: 'Money operations answered: send, withdrawal, cash pickup, cancel, payout, top-up, refund; ok, refused (4xx) or error (5xx).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

/**
 * Group commit of sends (transfers/send-batcher.ts): its writes, the sends they carried (sends per write is what it
 * saves under load; 1 on a quiet server) and the sends it wrote again alone.
 */
export const sendWrites = {
  writes: new Counter({
    name: 'wallet_send_writes_total',
    help: 'Writes of wallet sends to the database, one statement and one transaction each, carrying one send or several (group commit).',
    registers: [registry],
  }),
  sends: new Counter({
    name: 'wallet_send_writes_sends_total',
    help: 'Wallet sends carried by those writes: divided by wallet_send_writes_total, the sends per write.',
    registers: [registry],
  }),
  alone: new Counter({
    name: 'wallet_send_writes_alone_total',
    help: 'Sends written again on their own after their write could not decide them (a send that raised in it, or a write the database aborted).',
    registers: [registry],
  }),
};

export const webhookFailures = new Counter({
  name: 'wallet_webhook_failures_total',
  help: 'Payment-provider webhooks answered with an error (the provider will retry them).',
  registers: [registry],
});

// Counted by the ledger (which may not import this layer), published here with the others.
registry.registerMetric(idempotentReplays);
export { idempotentReplays };

export const codeFailures = new Counter({
  name: 'wallet_code_failures_total',
  help: 'Sign-in and security codes (kind): wrong codes, answers "locked" (the attempt that locks and those refused after), locks that start (lockout).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

/**
 * A wrong code (`wrong`), an attempt refused by a lock (`locked`), or a lock that starts (`lockout`: the failure that
 * locked it, counted as well under `wrong`), for the sign-in code, the security code or a profile phone's code.
 */
export function countCodeFailure(
  kind: 'login_code' | 'security_code' | 'phone_confirmation',
  outcome: 'wrong' | 'locked' | 'lockout'): void {
  codeFailures.inc({ kind, outcome });
}

/** The expiry sweep's rows that fail (each logged), and those failing pass after pass. */
export const sweepRowFailures = new Counter({
  name: 'wallet_expiry_sweep_row_failures_total',
  help: 'Expired transactions the sweep failed to expire (each logged at warn; the sweep went on with the others).',
  registers: [registry],
});

export const sweepStuckRows = new Gauge({
  name: 'wallet_expiry_sweep_stuck_rows',
  help: 'Transactions that failed to expire in several sweep passes in a row (logged once at error: an operator must look).',
  aggregator: 'max',
  registers: [registry],
});

export const sweepPassFailures = new Counter({
  name: 'wallet_expiry_sweep_pass_failures_total',
  help: 'Sweep passes of which a part (expiry, pickup reminders, idempotency-key purge) failed as a whole (the database, usually).',
  registers: [registry],
});
