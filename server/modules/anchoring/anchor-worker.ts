import { withTransaction } from '../../ledger/transaction.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findAnchorSource, storeTxId } from '../transactions/transactions.repository.ts';
import { leaseDueJobs, markFailed, markPublished, type AnchorJob } from './anchor-outbox.repository.ts';
import { anchorPayload, isAnchorable } from './anchor-payload.ts';

export type AnchorDeps = Pick<ServiceDeps, 'db' | 'config' | 'chain' | 'keys'>;

export interface RunOnceOptions {
  /** Only these transactions' jobs (tests share one database with other test files). */
  transactionIds?: string[];
  limit?: number;
}

export interface RunOnceResult {
  published: number;
  failed: number;
  errors: string[];
}

/** Exponential backoff with jitter, capped: a long outage is probed every CHAIN_RETRY_MAX_MS, not hammered. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

async function publish(deps: AnchorDeps, job: AnchorJob): Promise<void> {
  const source = await findAnchorSource(deps.db, job.transaction_id);
  if (!source || !isAnchorable(source)) throw new Error(`transaction ${job.transaction_id} is not anchorable`);
  const { txId } = await deps.chain.record(anchorPayload(source, deps.chain, deps.keys.chainReference));
  // A crash here leaves the job leased: the retry publishes the same record id and gets the same tx_id back.
  await withTransaction(deps.db, async (tx) => {
    await storeTxId(tx, job.transaction_id, txId);
    await markPublished(tx, job.id, txId);
  });
}

/**
 * One pass: lease due jobs, publish them (CHAIN_WORKER_CONCURRENCY at a time: most of a publish is waiting for
 * the network, and the adapters serialise what must be serial), store each tx_id, or schedule a retry. Never
 * throws for a job.
 */
export async function runOnce(deps: AnchorDeps, options: RunOnceOptions = {}): Promise<RunOnceResult> {
  const { config } = deps;
  const jobs = await leaseDueJobs(deps.db, {
    limit: options.limit ?? config.CHAIN_WORKER_BATCH,
    leaseSeconds: config.CHAIN_LEASE_SECONDS,
    transactionIds: options.transactionIds,
  });
  const result: RunOnceResult = { published: 0, failed: 0, errors: [] };
  const handle = async (job: AnchorJob) => {
    try {
      await publish(deps, job);
      result.published++;
    } catch (error) {
      result.failed++;
      // The message of our own adapter or of the database: no secrets in it (the signing key never is).
      const message = error instanceof Error ? error.message : String(error);
      result.errors.push(message);
      await markFailed(
        deps.db,
        job.id,
        retryDelayMs(job.attempts, config.CHAIN_RETRY_BASE_MS, config.CHAIN_RETRY_MAX_MS),
        message,
      );
    }
  };
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await handle(job);
    }
  };
  await Promise.all(Array.from({ length: Math.min(config.CHAIN_WORKER_CONCURRENCY, jobs.length) }, lane));
  return result;
}

/**
 * Runs runOnce every CHAIN_WORKER_INTERVAL_MS (at once again when a full batch suggests more is due). The
 * returned stop() waits for the pass in progress, so the pool is not closed under it.
 */
export function startAnchorWorker(deps: AnchorDeps, log: (error: unknown) => void): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = runOnce(deps)
      .then((r) => r.published + r.failed >= deps.config.CHAIN_WORKER_BATCH)
      .catch((error: unknown) => {
        log(error);
        return false;
      })
      .then((more) => {
        if (!stopped) timer = setTimeout(tick, more ? 0 : deps.config.CHAIN_WORKER_INTERVAL_MS);
      });
  };
  timer = setTimeout(tick, deps.config.CHAIN_WORKER_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
