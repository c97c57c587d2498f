import { sweepPassFailures, sweepRowFailures, sweepStuckRows } from './metrics/metrics.ts';
import { purgeIdempotencyKeys } from './ledger/idempotency.ts';
import type { ServiceDeps } from './modules/service-deps.ts';
import { expireWaiting, type ExpiryOutcome, type SweepHooks } from './modules/transfers/expiry-sweep.ts';
import { sendPickupReminders } from './modules/transfers/methods/cash-pickup/pickup-sweep.ts';
import { runNotificationDeliveries } from './modules/notifications/delivery.worker.ts';
import { remindBeforeExpiry } from './modules/invitations/expiry-reminders.ts';
import { runRecipientMessages } from './modules/invitations/recipient-messages.worker.ts';
import { fireRateAlerts } from './modules/rate-alerts/fire.ts';
import { purgeClosedAccounts } from './modules/users/closed-accounts-purge.ts';
import { releaseCooledOffSends } from './modules/transfers/cooling-off.ts';

/**
 * The housekeeping every server runs, composed here above the modules so none of them imports another to run its
 * own: expire what waited too long (the lifecycle), remind before expiry (invitations), fire the rate alerts that
 * rates scheduled for later reach once they are in force (rate-alerts), drop old idempotency keys, purge closed
 * accounts past their 5-year retention (users).
 */

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
