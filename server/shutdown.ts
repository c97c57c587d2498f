/**
 * SIGTERM/SIGINT for the long-running processes (server/main.ts, server/worker.ts, the cluster's primary):
 * every signal is handled (a second one only says the shutdown is under way: with `process.once` it killed
 * the process at once, leaving the embedded PostgreSQL and its lock behind), and a shutdown that outlasts the grace
 * period (a slow-body client, a request blocked on a lock) is forced without skipping the database: `force` cuts
 * what the drain still waits on and stops PostgreSQL, then the process exits 1.
 */
export interface ShutdownOptions {
  /** The orderly path: stop taking work, let what is in flight finish (sweep passes too), close the database. */
  drain: () => Promise<void>;
  /** After `graceMs`: cut the connections the drain still waits on and stop the database (never skipped). */
  force: () => Promise<void>;
  graceMs: number;
  log: (message: string) => void;
  /** Said after a clean drain. */
  stoppedMessage?: string;
}

/** Past the forced shutdown's own bound (stopping PostgreSQL waits for it), the process ends whatever hangs. */
const forceLimitMs = 15_000;

export function handleShutdownSignals(options: ShutdownOptions): { shutdown(reason: string): void } {
  let stopping = false;
  const shutdown = (reason: string) => {
    if (stopping) {
      options.log(`${reason}: already shutting down`);
      return;
    }
    stopping = true;
    options.log(`${reason}: finishing in-flight work (at most ${options.graceMs / 1000} s)`);
    const timer = setTimeout(() => {
      options.log(`shutdown took over ${options.graceMs / 1000} s: cutting the remaining connections, stopping the database`);
      setTimeout(() => process.exit(1), forceLimitMs).unref();
      options
        .force()
        .catch((error: unknown) => options.log(`forced shutdown: ${String(error)}`))
        .finally(() => process.exit(1));
    }, options.graceMs);
    options.drain().then(
      () => {
        clearTimeout(timer);
        if (options.stoppedMessage) options.log(options.stoppedMessage);
      },
      (error: unknown) => {
        options.log(`shutdown: ${String(error)}`);
        process.exitCode = 1;
        // The forced path still runs at the end of the grace period: it stops the database.
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => shutdown(`${signal} received`));
  return { shutdown };
}
