/**
 * How the background workers (anchoring, provider actions, expiry sweep) speak: pino's (details, message) form, so
 * the app passes `app.log` and `npm run worker` a console version. An outage is one line when it
 * starts and one when it ends, not a stack trace per pass (a pass runs every 200 ms).
 */
export interface WorkerLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function reasonOf(error: unknown): string {
  if (error instanceof Error) return `${error.message}${'code' in error ? ` (${String(error.code)})` : ''}`;
  return typeof error === 'string' ? error : JSON.stringify(error);
}

export interface OutageTracker {
  /** A pass failed for want of `what`: logged only when it was up until now. */
  down(error: unknown): void;
  /** A pass got through: logged only after an outage, with how long it lasted. */
  up(): void;
  readonly isDown: boolean;
}

export function outageTracker(log: WorkerLog, what: string): OutageTracker {
  let since: number | undefined;
  return {
    down(error) {
      if (since !== undefined) return;
      since = Date.now();
      log.warn({ reason: reasonOf(error) }, `${what} unavailable: retrying quietly until it is back`);
    },
    up() {
      if (since === undefined) return;
      const seconds = Math.round((Date.now() - since) / 1000);
      since = undefined;
      log.info({ outageSeconds: seconds }, `${what} back after ${seconds} s`);
    },
    get isDown() {
      return since !== undefined;
    },
  };
}

/** A console WorkerLog for processes without pino (`npm run worker`): one line per message. */
export function consoleWorkerLog(prefix: string): WorkerLog {
  const line = (details: object, message: string) =>
    `${prefix} ${message}${Object.keys(details).length > 0 ? ` ${JSON.stringify(details)}` : ''}`;
  return {
    info: (details, message) => console.log(line(details, message)),
    warn: (details, message) => console.warn(line(details, message)),
    error: (details, message) => console.error(line(details, message)),
  };
}
