import { sql, type Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { retryWhileRestarting } from './db/start-retry.ts';

/** Time as a dependency, so tests can move it (code expiry, rate-lock windows, holds). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * The database's time without a round trip per read: the host's clock plus the offset measured
 * against PostgreSQL's clock_timestamp(), at start and every `resyncMs`. Every process of a deployment then stamps
 * and compares expiries (withdrawals, transfers, sessions, login codes, the security-code and rate locks, quotes)
 * on the one clock the database's own now() and leases use, whatever each host's clock says. A failed resync keeps
 * the last offset (a database outage must not move time).
 */
export interface DatabaseClock extends Clock {
  /** Measures the offset now; resolves to it in milliseconds (database minus host). */
  sync(): Promise<number>;
  readonly offsetMs: number;
  /** Stops the periodic resync. */
  stop(): void;
}

export interface DatabaseClockOptions {
  /** How often the offset is measured again (a host clock drifts, NTP steps it). Default 60 s. */
  resyncMs?: number;
  /** The host's clock, in ms since the epoch (tests shift it: TEST_HOST_CLOCK_OFFSET_MS). */
  hostNow?: () => number;
  /** Told when the host's clock is more than 2 s away from the database's, and when a resync fails. */
  log?: (message: string) => void;
}

/** The host's clock, shifted by TEST_HOST_CLOCK_OFFSET_MS (config refuses that outside tests). */
export function hostClock(config: { TEST_HOST_CLOCK_OFFSET_MS: number }): () => number {
  const shift = config.TEST_HOST_CLOCK_OFFSET_MS;
  return shift === 0 ? Date.now : () => Date.now() + shift;
}

/** A host clock this far from the database's is said in the log (it is corrected either way). */
const noticeableSkewMs = 2_000;

export async function startDatabaseClock(
  db: Kysely<Database>,
  options: DatabaseClockOptions = {},
): Promise<DatabaseClock> {
  const hostNow = options.hostNow ?? Date.now;
  const log = options.log ?? (() => undefined);
  let offsetMs = 0;
  let told = false;
  const sync = async () => {
    const before = hostNow();
    const { rows } = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(db);
    const after = hostNow();
    const databaseNow = rows[0]?.now;
    if (!(databaseNow instanceof Date)) throw new Error('the database gave no time');
    // The database read its clock somewhere in the round trip: its middle is the best guess.
    offsetMs = Math.round(databaseNow.getTime() - (before + after) / 2);
    const skewed = Math.abs(offsetMs) > noticeableSkewMs;
    if (skewed && !told) {
      const direction = offsetMs < 0 ? 'ahead of' : 'behind';
      log(
        `this host's clock is ${Math.abs(offsetMs / 1000).toFixed(1)} s ${direction} the database's: expiries use the database's time`,
      );
    }
    told = skewed;
    return offsetMs;
  };
  await retryWhileRestarting(sync, { what: "reading the database's clock", log });
  let failing = false;
  const timer = setInterval(() => {
    sync().then(
      () => {
        if (failing) log('database clock: resynchronised');
        failing = false;
      },
      (error: unknown) => {
        if (!failing) log(`database clock: resync failed, keeping the last offset (${String(error)})`);
        failing = true;
      },
    );
  }, options.resyncMs ?? 60_000);
  timer.unref();
  return {
    now: () => new Date(hostNow() + offsetMs),
    sync,
    get offsetMs() {
      return offsetMs;
    },
    stop: () => clearInterval(timer),
  };
}
