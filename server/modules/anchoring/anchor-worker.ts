import { asError, type AnchorPayload, type RecordOutcome } from '../../adapters/chain/chain-adapter.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { findAnchorSources, storeTxIds } from './anchor-sources.repository.ts';
import { outageTracker, type WorkerLog } from '../../jobs/worker-log.ts';
import { leaseDueJobs, markFailed, markPublished, type AnchorJob, type DeadJob } from './anchor-outbox.repository.ts';
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
  /** Jobs of this pass that reached CHAIN_MAX_ATTEMPTS and became dead letters (never leased again). */
  dead: DeadJob[];
}

/** Exponential backoff with jitter, capped: a long outage is probed every CHAIN_RETRY_MAX_MS, not hammered. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

interface ReadyJob {
  job: AnchorJob;
  payload: AnchorPayload;
}

/**
 * One pass: lease due jobs, load their transactions with one query, hand the payloads to the chain in batches of
 * `chain.maxBatch` (CHAIN_WORKER_CONCURRENCY batches at once: the whole lease in one call for the local ledger,
 * one record per call for an EVM network), then store each batch's tx_ids on the transactions and mark its jobs
 * published in one transaction of two set-based statements; reschedule the failed jobs with one statement. Never
 * throws for a job.
 *
 * A crash between a batch being recorded and its tx_ids being stored leaves the jobs leased: when the lease ends
 * the retry publishes the same record ids and gets the same tx_ids back (record() is idempotent on the id).
 */
export async function runOnce(deps: AnchorDeps, options: RunOnceOptions = {}): Promise<RunOnceResult> {
  const { config, chain } = deps;
  const jobs = await leaseDueJobs(deps.db, {
    limit: options.limit ?? config.CHAIN_WORKER_BATCH,
    leaseSeconds: config.CHAIN_LEASE_SECONDS,
    transactionIds: options.transactionIds,
  });
  const result: RunOnceResult = { published: 0, failed: 0, errors: [], dead: [] };
  const failures: { jobId: string; delayMs: number; error: string }[] = [];
  const fail = (job: AnchorJob, error: unknown) => {
    result.failed++;
    // The message of our own adapter or of the database: no secrets in it (the signing key never is).
    const message = error instanceof Error ? error.message : String(error);
    result.errors.push(message);
    failures.push({
      jobId: job.id,
      delayMs: retryDelayMs(job.attempts, config.CHAIN_RETRY_BASE_MS, config.CHAIN_RETRY_MAX_MS),
      error: message,
    });
  };

  const ready: ReadyJob[] = [];
  try {
    const transactionIds = jobs.map((job) => job.transaction_id);
    const sources = await findAnchorSources(deps.db, transactionIds);
    for (const job of jobs) {
      const source = sources.get(job.transaction_id);
      try {
        if (!source || !isAnchorable(source)) throw new Error(`transaction ${job.transaction_id} is not anchorable`);
        ready.push({ job, payload: anchorPayload(source, chain, deps.keys.chainReference) });
      } catch (error) {
        fail(job, error);
      }
    }
  } catch (error) {
    for (const job of jobs) fail(job, error);
  }

  const publishBatch = async (batch: ReadyJob[]) => {
    let outcomes: RecordOutcome[];
    try {
      outcomes = await chain.record(batch.map((r) => r.payload));
      if (outcomes.length !== batch.length) throw new Error(`the chain answered ${outcomes.length} of ${batch.length}`);
    } catch (error) {
      // The chain is down, or the local ledger's transaction failed: every record of the batch is retried.
      outcomes = batch.map(() => ({ ok: false, error: asError(error) }));
    }
    const published: { job: AnchorJob; txId: string }[] = [];
    batch.forEach(({ job }, i) => {
      const outcome = outcomes[i];
      if (outcome?.ok) published.push({ job, txId: outcome.txId });
      else fail(job, outcome?.error ?? new Error('no outcome'));
    });
    if (published.length === 0) return;
    try {
      const stored = published.map((p) => ({ transactionId: p.job.transaction_id, txId: p.txId }));
      const marked = published.map((p) => ({ jobId: p.job.id, txId: p.txId }));
      await withTransaction(deps.db, async (tx) => {
        await storeTxIds(tx, stored);
        await markPublished(tx, marked);
      });
      result.published += published.length;
    } catch (error) {
      for (const p of published) fail(p.job, error);
    }
  };

  const batches: ReadyJob[][] = [];
  const size = Math.max(1, Math.min(chain.maxBatch, ready.length));
  for (let i = 0; i < ready.length; i += size) batches.push(ready.slice(i, i + size));
  let next = 0;
  const lane = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      if (batch) await publishBatch(batch);
    }
  };
  await Promise.all(Array.from({ length: Math.min(config.CHAIN_WORKER_CONCURRENCY, batches.length) }, lane));
  result.dead = await markFailed(deps.db, failures, config.CHAIN_MAX_ATTEMPTS);
  return result;
}

/**
 * Runs runOnce every CHAIN_WORKER_INTERVAL_MS, counted from the start of each pass: a pass that took longer than
 * the interval (EVM sends) is followed at once, and so is a full batch, which suggests more is due. After an error
 * the worker waits a whole interval. The returned stop() waits for the pass in progress, so the pool is not closed
 * under it.
 *
 * Logging: a database or chain outage is one warning when it starts and one line when it ends; a
 * job that becomes a dead letter is one error line naming its transaction. Nothing per failed attempt.
 */
export function startAnchorWorker(
  deps: AnchorDeps,
  log: WorkerLog,
  /** Tests only: the worker's passes limited to their own transactions (one database for every test file). */
  passOptions: RunOnceOptions = {},
): () => Promise<void> {
  const interval = deps.config.CHAIN_WORKER_INTERVAL_MS;
  const database = outageTracker(log, 'anchoring: the database');
  const network = outageTracker(log, 'anchoring: the public ledger');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const report = (r: RunOnceResult) => {
    database.up();
    // Every record of the pass refused: the chain (or its transaction) is down; one success says it is back.
    if (r.failed > 0 && r.published === 0) network.down(r.errors[0]);
    else if (r.published > 0) network.up();
    for (const job of r.dead) {
      log.error(
        { transactionId: job.transaction_id, jobId: job.id, attempts: job.attempts, lastError: job.last_error },
        'anchoring: gave up on a record after CHAIN_MAX_ATTEMPTS (dead letter: npm run admin -- outbox:dead)',
      );
    }
  };
  const tick = () => {
    const started = performance.now();
    running = runOnce(deps, passOptions)
      .then((r) => {
        report(r);
        return r.published + r.failed >= deps.config.CHAIN_WORKER_BATCH
          ? 0
          : Math.max(0, interval - (performance.now() - started));
      })
      .catch((error: unknown) => {
        database.down(error);
        return interval;
      })
      .then((delay) => {
        if (!stopped) timer = setTimeout(tick, delay);
      });
  };
  timer = setTimeout(tick, interval);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
