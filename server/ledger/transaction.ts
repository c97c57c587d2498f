import { setTimeout as sleep } from 'node:timers/promises';
import type { IsolationLevel, Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { TransactionContentionError } from './ledger-errors.ts';

/** SQLSTATEs that mean "run the same transaction again": nothing was written and the request was not wrong. */
const retryableCodes = new Set(['40001', '40P01']); // serialization_failure, deadlock_detected

export function isRetryableTransactionError(error: unknown): boolean {
  // Follow `cause` so a service that wraps a database error does not hide it from the retry.
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && retryableCodes.has(code)) return true;
    e = cause;
  }
  return false;
}

export interface TransactionOptions {
  /** READ COMMITTED by default: the ledger takes explicit row locks, so it needs no stronger level. */
  isolation?: IsolationLevel;
  /** Attempts in all, including the first. */
  maxAttempts?: number;
}

export const defaultMaxAttempts = 5;

/**
 * Runs `work` in one database transaction and runs it again, from the start, when PostgreSQL aborts it for a
 * serialization failure or a deadlock, up to `maxAttempts` times with a short randomized backoff (so the
 * transactions that collided do not collide again in lockstep). `work` must therefore be safe to re-run: it
 * may only touch the database through `tx`. After the last attempt the failure becomes a 503
 * (TransactionContentionError), never a 500 and never an overdraft.
 */
export async function withTransaction<T>(
  db: Kysely<Database>,
  work: (tx: Transaction<Database>) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  return withRetries(() => {
    const builder = db.transaction();
    return (options.isolation ? builder.setIsolationLevel(options.isolation) : builder).execute(work);
  }, options.maxAttempts);
}

/**
 * withTransaction's retry without its BEGIN and COMMIT: for `work` that is one statement (one implicit
 * transaction, e.g. a call of a database function that does the whole operation), so one round trip.
 */
export async function withRetries<T>(work: () => Promise<T>, maxAttempts = defaultMaxAttempts): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isRetryableTransactionError(error)) throw error;
      if (attempt >= maxAttempts) throw new TransactionContentionError(attempt, error);
      // 2, 4, 8, 16 ms ceilings with full jitter: enough to break a lockstep, too short for a user to notice.
      await sleep(Math.random() * 2 ** attempt);
    }
  }
}
