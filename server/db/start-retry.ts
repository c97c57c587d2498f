/**
 * A start-up step on the database (the migrations check, the first read of its clock), tried again while the
 * server it reached cannot serve it: a session ended by an operator or a restart (57P01-57P03), a connection that
 * broke mid-way. A process started during a database restart or a failover (a cluster's replacement process, the
 * chaos run's kill -9 beside pg_terminate_backend) then waits for the database instead of exiting; in a cluster
 * such an exit before listening stops the whole start. A database that cannot be reached at all (connection
 * refused, unknown host) still fails the start at once, with its message: that is a setting to fix, not a moment.
 */
export async function retryWhileRestarting<T>(
  step: () => Promise<T>,
  options: {
    what: string;
    log: (message: string) => void;
    deadlineMs?: number;
    /** Tests' own time. */
    sleep?: (ms: number) => Promise<void>;
    now?: () => number;
  },
): Promise<T> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.deadlineMs ?? 30_000);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let pauseMs = 100;
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!isSessionCut(error) || now() + pauseMs > deadline) throw error;
      if (attempt === 1)
        options.log(`${options.what}: the database ended the session (${describe(error)}), trying again`);
      await sleep(pauseMs);
      pauseMs = Math.min(pauseMs * 2, 2_000);
    }
  }
}

/** The server was there and ended (or could not yet take) the session: not a wrong address or a refused port. */
export function isSessionCut(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  // A failed migration's MigrationError carries the database's error as its cause.
  if (cause !== undefined && isSessionCut(cause)) return true;
  // 57P01 admin shutdown (pg_terminate_backend, a fast restart), 57P02 crash shutdown, 57P03 cannot connect now (a
  // server starting or in recovery), 08006 connection failure, 08003 connection does not exist.
  if (typeof code === 'string' && ['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET'].includes(code))
    return true;
  // pg's words for a connection that broke under a query, or under the ROLLBACK that followed it (which then
  // replaces the first error).
  return (
    typeof message === 'string' &&
    /Connection terminated|Client has encountered a connection error and is not queryable/.test(message)
  );
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.message} (${code})` : error.message;
}
