import type { Kysely } from 'kysely';
import { sweepPassFailures, sweepRowFailures, sweepStuckRows } from '../../metrics/metrics.ts';
import type { Database } from '../../db/schema.ts';
import { purgeIdempotencyKeys } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { lockNextExpired } from './transactions.repository.ts';
import { returnToSender } from './waiting.service.ts';
import { sendPickupReminders } from './methods/cash-pickup/pickup-sweep.ts';
import { runNotificationDeliveries } from '../notifications/delivery.worker.ts';
import { remindBeforeExpiry } from '../invitations/expiry-reminders.ts';
import { runRecipientMessages } from '../invitations/recipient-messages.worker.ts';
import { fireRateAlerts } from '../rate-alerts/fire.ts';
import { purgeClosedAccounts } from '../users/closed-accounts-purge.ts';
import { releaseCooledOffSends } from './cooling-off.ts';

/**
 * The housekeeping every server runs: expire what waited too long, drop old idempotency keys,
 * fire the rate alerts that rates scheduled for later reach once they are in force, purge closed
 * accounts past their 5-year retention.
 * Each row is its own unit: one that fails is logged, counted and left for the next pass while the others go on;
 * a pass loops until nothing is left; several processes share the rows (SKIP LOCKED) instead of queueing on them.
 */

export interface ExpiryOutcome {
  expired: number;
  /** Cash pickups among them: their senders are told. */
  expiredPickups: string[];
  /** Transactions that could not be expired in this pass (each logged with its error). */
  failed: string[];
}

export interface SweepHooks {
  onRowFailure?: (transactionId: string, error: unknown) => void;
  /** Checked between rows: shutdown ends the pass early, after the row in hand. */
  shouldStop?: () => boolean;
}

export async function expireWaiting(db: Kysely<Database>, now: Date, hooks: SweepHooks = {}): Promise<ExpiryOutcome> {
  const outcome: ExpiryOutcome = { expired: 0, expiredPickups: [], failed: [] };
  while (!hooks.shouldStop?.()) {
    let current: string | undefined;
    try {
      const done = await withTransaction(db, async (tx) => {
        const row = await lockNextExpired(tx, now, outcome.failed);
        current = row?.id;
        if (!row) return false;
        await returnToSender(tx, row, 'expired');
        return row;
      });
      if (!done) break;
      outcome.expired += 1;
      if (done.kind === 'pickup') outcome.expiredPickups.push(done.id);
    } catch (error) {
      // No row in hand: the database itself failed (down, timeout). End the pass; the next one starts over.
      if (current === undefined) throw error;
      outcome.failed.push(current);
      hooks.onRowFailure?.(current, error);
    }
  }
  return outcome;
}

export interface SweepReport extends ExpiryOutcome {
  keysPurged: number;
  /** Transfers to unregistered recipients whose sender and recipient were reminded in this pass. */
  expiryReminders: number;
  /** Cash pickup reminders texted in this pass (only with the full service deps: the adapters). */
  pickupReminders: number;
  /** Rate alerts fired in this pass: reached by rates that came into force at their scheduled time. */
  rateAlerts: number;
  /** Closed accounts whose retention ended, purged in this pass (ADR 015). */
  closedAccountsPurged: number;
  /** Sends held by the cooling-off after an account recovery, sent on in this pass (ADR 026). */
  coolingOffReleased: number;
  /** What stopped a part of the pass (the database, usually); the other part still ran. */
  error?: unknown;
}

export type SweepDeps = Pick<ServiceDeps, 'db' | 'clock'> & {
  config: Pick<
    ServiceDeps['config'],
    'IDEMPOTENCY_RETENTION_HOURS' | 'EXPIRY_REMINDER_SECONDS' | 'SUBSCRIPTION_GRACE_SECONDS'
  >;
};

/**
 * One pass: expiry, the pickup reminders and the key purge are independent, so a failure of one does not skip
 * the others. Messages (the reminders; the e-mail/SMS of the notifications the expiries wrote, sent at once rather
 * than at the delivery worker's next pass) need the adapters: given the full service deps.
 */
export async function sweepOnce(deps: SweepDeps | ServiceDeps, hooks: SweepHooks = {}): Promise<SweepReport> {
  const report: SweepReport = {
    expired: 0,
    expiredPickups: [],
    failed: [],
    keysPurged: 0,
    expiryReminders: 0,
    pickupReminders: 0,
    rateAlerts: 0,
    closedAccountsPurged: 0,
    coolingOffReleased: 0,
  };
  try {
    Object.assign(report, await expireWaiting(deps.db, deps.clock.now(), hooks));
  } catch (error) {
    report.error = error;
  }
  // The sends held by a cooling-off go on with the full configuration only (the servers' sweep).
  if ('sms' in deps) {
    try {
      report.coolingOffReleased = await releaseCooledOffSends(deps);
    } catch (error) {
      report.error ??= error;
    }
  }
  try {
    report.expiryReminders = await remindBeforeExpiry(deps.db, deps.clock.now(), deps.config.EXPIRY_REMINDER_SECONDS);
  } catch (error) {
    report.error ??= error;
  }
  try {
    const fired = await fireRateAlerts(deps.db, deps.clock.now(), deps.config.SUBSCRIPTION_GRACE_SECONDS);
    report.rateAlerts = fired.length;
  } catch (error) {
    report.error ??= error;
  }
  if ('sms' in deps) {
    try {
      report.pickupReminders = await sendPickupReminders(deps);
      if (report.expired > 0 || report.expiryReminders > 0 || report.rateAlerts > 0 || report.coolingOffReleased > 0)
        await runNotificationDeliveries(deps);
      if (report.expiryReminders > 0) await runRecipientMessages(deps);
    } catch (error) {
      report.error ??= error;
    }
  }
  try {
    report.keysPurged = await purgeIdempotencyKeys(deps.db, deps.config.IDEMPOTENCY_RETENTION_HOURS);
  } catch (error) {
    report.error ??= error;
  }
  try {
    report.closedAccountsPurged = await purgeClosedAccounts(deps.db, deps.clock.now());
  } catch (error) {
    report.error ??= error;
  }
  return report;
}

export interface SweepLogger {
  info(message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A row failing this many passes in a row is reported as stuck (an operator must look at it). */
export const stuckAfterPasses = 3;

/**
 * Runs sweepOnce every EXPIRY_SWEEP_INTERVAL_SECONDS. An outage is one log line when it starts and one when it
 * ends, not a stack trace per pass. Returns stop(), which resolves once the pass in flight has finished.
 */
export function startExpirySweep(deps: ServiceDeps, log: SweepLogger): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  let stopping = false;
  let outage = false;
  let rowFailures = 0;
  let streaks = new Map<string, number>();
  const pass = async () => {
    const report = await sweepOnce(deps, {
      shouldStop: () => stopping,
      onRowFailure: (transactionId, err) => {
        rowFailures += 1;
        sweepRowFailures.inc();
        log.warn({ err, transactionId, rowFailures }, 'expiry sweep: this transaction could not be expired');
      },
    });
    const next = new Map<string, number>();
    for (const id of report.failed) {
      const passes = (streaks.get(id) ?? 0) + 1;
      next.set(id, passes);
      // Once, when it becomes stuck; the gauge keeps showing it while it stays so.
      if (passes === stuckAfterPasses) {
        log.error(
          { transactionId: id, passes },
          'expiry sweep: transaction stuck, it fails on every pass (needs an operator)',
        );
      }
    }
    streaks = next;
    sweepStuckRows.set([...next.values()].filter((passes) => passes >= stuckAfterPasses).length);
    if (report.error !== undefined) sweepPassFailures.inc();
    if (report.error !== undefined && !outage) {
      outage = true;
      const message = report.error instanceof Error ? report.error.message : JSON.stringify(report.error);
      log.warn({ reason: message }, 'expiry sweep: database unavailable, retrying every interval');
    } else if (report.error === undefined && outage) {
      outage = false;
      log.info('expiry sweep: database back');
    }
  };
  const timer = setInterval(() => {
    if (inFlight || stopping) return;
    inFlight = pass().finally(() => {
      inFlight = undefined;
    });
  }, deps.config.EXPIRY_SWEEP_INTERVAL_SECONDS * 1000);
  timer.unref();
  return async () => {
    stopping = true;
    clearInterval(timer);
    await inFlight;
  };
}
