import type { Transaction } from 'kysely';
import {
  MAX_ABOVE_PERCENT,
  MAX_ACTIVE_RATE_ALERTS,
  rateAlertMessages,
  type CreateRateAlertRequest,
  type RateAlert,
} from '../../../common/api/rate-alerts.ts';
import { parseDecimal } from '../../../common/money/decimal.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../http/http-error.ts';
import { hashRequest, runIdempotent, type IdempotentResponse } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import { subscriptionActive } from '../billing/subscriptions.service.ts';
import { compareDecimal, currentRates } from '../rates/rates.service.ts';
import type { ServiceDeps } from '../service-deps.ts';
import {
  countActiveAlerts,
  deleteAlert,
  insertAlert,
  listAlerts,
  type RateAlertRow,
} from './rate-alerts.repository.ts';

/** Rate alerts are a customer's; tellers, operators and auditors get 403, as on the other customer routes. */
function requireCustomer(user: AuthUser): void {
  if (user.role !== 'customer') throw forbidden(rateAlertMessages.customersOnly);
}

export function presentAlert(row: RateAlertRow): RateAlert {
  return {
    id: Number(row.id),
    threshold: row.threshold,
    state: row.triggered_at === null ? 'active' : 'triggered',
    created_at: row.created_at.toISOString(),
    triggered_at: row.triggered_at === null ? null : row.triggered_at.toISOString(),
    triggered_rate: row.triggered_rate,
  };
}

/**
 * What is wrong with `threshold` against the customer's own rate `rate`: it must be above it (an alert that would
 * fire at once tells nothing) and at most MAX_ABOVE_PERCENT above it (a typo, or a rate no change will reach).
 */
export function thresholdProblem(threshold: string, rate: string): string | undefined {
  const t = parseDecimal(threshold);
  const r = parseDecimal(rate);
  if (!t || !r || t.units === 0n) return rateAlertMessages.threshold;
  if (compareDecimal(t, r) <= 0) return rateAlertMessages.notAbove;
  // t > r * (100 + MAX) / 100, in integers: t * 100 > r * (100 + MAX).
  const max = BigInt(100 + MAX_ABOVE_PERCENT);
  if (compareDecimal({ units: t.units * 100n, scale: t.scale }, { units: r.units * max, scale: r.scale }) > 0)
    return rateAlertMessages.tooHigh;
  return undefined;
}

/**
 * `POST /api/rate-alerts/`: checked against the customer's rate in force now; at most MAX_ACTIVE_RATE_ALERTS
 * active ones, counted under a per-customer lock so two requests at once cannot both take the tenth place. The
 * alert remembers the rates row in force: only a later one can fire it. With an Idempotency-Key, a retry of the
 * same request answers the first alert again instead of making a second one.
 */
export async function createRateAlert(
  deps: ServiceDeps,
  user: AuthUser,
  body: CreateRateAlertRequest,
  idempotencyKey: string | undefined,
): Promise<IdempotentResponse<RateAlert>> {
  requireCustomer(user);
  const work = async (tx: Transaction<Database>): Promise<IdempotentResponse<RateAlert>> => {
    await lockFor(tx, `rate-alerts:${user.id}`);
    const [rates, subscribed] = await Promise.all([
      currentRates(tx, deps.clock.now()),
      subscriptionActive(deps, user.id),
    ]);
    const own = subscribed ? rates.subscription : rates.freemium;
    const problem = thresholdProblem(body.threshold, own);
    if (problem) throw fieldError('threshold', problem);
    if ((await countActiveAlerts(tx, user.id)) >= MAX_ACTIVE_RATE_ALERTS) throw badRequest(rateAlertMessages.tooMany);
    const row = await insertAlert(tx, { userId: user.id, threshold: body.threshold, ratesId: rates.id });
    return { status: 201, body: presentAlert(row) };
  };
  return withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(
          tx,
          { scope: `rate-alerts:${user.id}`, key: idempotencyKey, requestHash: hashRequest(body) },
          () => work(tx),
        ),
  );
}

export async function rateAlertsPage(
  deps: ServiceDeps,
  user: AuthUser,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: RateAlert[] }> {
  requireCustomer(user);
  const { count, rows } = await listAlerts(deps.db, user.id, { limit: pageSize, offset: (page - 1) * pageSize });
  return { count, results: rows.map(presentAlert) };
}

/** `DELETE /api/rate-alerts/{id}/`: the caller's own alert, active or triggered; anyone else's is a 404. */
export async function removeRateAlert(deps: ServiceDeps, user: AuthUser, id: number): Promise<void> {
  requireCustomer(user);
  if (!(await deleteAlert(deps.db, user.id, id))) throw notFound();
}
