import { outageTracker, reasonOf, type WorkerLog } from '../../jobs/worker-log.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { retryDelayMs } from '../anchoring/anchor-worker.ts';
import { leaseDueActions, markActionDone, markActionFailed, type PaymentAction } from './payment-actions.repository.ts';

export type PaymentActionDeps = Pick<ServiceDeps, 'db' | 'config' | 'payments'>;

/** The provider call of one action. The adapters treat 'already refunded' / 'already cancelled' as done. */
async function perform(deps: PaymentActionDeps, action: PaymentAction): Promise<void> {
  if (action.kind === 'refund') await deps.payments.refund(action.target, action.idempotency_key);
  else await deps.payments.cancelNow(action.target, action.idempotency_key);
}

/**
 * One pass over the due refunds and cancellations (or only those of `eventId`: the webhook performs its own at once
 * after its commit), with the anchoring worker's lease, backoff and settings. Never throws for an action: a failed one is
 * retried later with the same idempotency key, so the provider does it once.
 */
export async function runPaymentActions(
  deps: PaymentActionDeps,
  options: { eventId?: string } = {},
  log?: WorkerLog,
): Promise<{ done: number; failed: number; dead: number }> {
  const { config } = deps;
  const actions = await leaseDueActions(deps.db, {
    limit: config.CHAIN_WORKER_BATCH,
    leaseSeconds: config.CHAIN_LEASE_SECONDS,
    ...(options.eventId !== undefined && { eventId: options.eventId }),
  });
  const result = { done: 0, failed: 0, dead: 0 };
  for (const action of actions) {
    try {
      await perform(deps, action);
      await markActionDone(deps.db, action.id);
      result.done++;
    } catch (error) {
      result.failed++;
      const delay = retryDelayMs(action.attempts, config.CHAIN_RETRY_BASE_MS, config.CHAIN_RETRY_MAX_MS);
      const reason = reasonOf(error);
      if (await markActionFailed(deps.db, action.id, delay, reason, config.CHAIN_MAX_ATTEMPTS)) {
        result.dead++;
        log?.error(
          { actionId: action.id, kind: action.kind, target: action.target, attempts: action.attempts, lastError: reason },
          'payment actions: gave up after CHAIN_MAX_ATTEMPTS (dead letter: npm run admin -- outbox:dead)',
        );
      }
    }
  }
  return result;
}

/**
 * Every CHAIN_WORKER_INTERVAL_MS, next to the anchoring worker; stop() waits for the pass in progress. A database
 * outage is one line when it starts and one when it ends, a dead letter one error line.
 */
export function startPaymentActionsWorker(deps: PaymentActionDeps, log: WorkerLog): () => Promise<void> {
  const database = outageTracker(log, 'payment actions: the database');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runPaymentActions(deps, {}, log)
      .then(() => database.up())
      .catch((error: unknown) => database.down(error))
      .then(() => {
        if (!stopped) timer = setTimeout(tick, deps.config.CHAIN_WORKER_INTERVAL_MS);
      });
  };
  timer = setTimeout(tick, deps.config.CHAIN_WORKER_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
