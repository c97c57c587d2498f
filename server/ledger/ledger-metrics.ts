import { Counter } from 'prom-client';

/**
 * The ledger's own counters. They belong to no registry here: the metrics layer, above the ledger, adds them to the
 * registry it publishes (server/metrics/metrics.ts), so the ledger counts without importing a higher layer.
 */
export const idempotentReplays = new Counter({
  name: 'wallet_idempotent_replays_total',
  help: 'Requests answered from a stored response because their Idempotency-Key had been used (client retries).',
  registers: [],
});
