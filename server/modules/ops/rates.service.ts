import type { Transaction } from 'kysely';
import { opsMessages } from '../../../common/api/ops.ts';
import type { OpsRate, OpsRatesPage, SetRatesResponse } from '../../../common/api/ops-rates.ts';
import { divideRounded, formatDecimal, parseDecimal } from '../../../common/money/decimal.ts';
import type { Database } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../http/http-error.ts';
import { hashRequest, runIdempotent } from '../../ledger/idempotency.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.service.ts';
import type { AuthUser } from '../auth/authenticate.ts';
import {
  findRatesHistoryRow,
  listRatesHistory,
  rateProblems,
  ratesInForce,
  setRates,
  type RatesHistoryRow,
  type RatesInput,
  type RatesRow,
} from '../rates/rates.service.ts';
import { fireRateAlerts } from '../rate-alerts/fire.ts';
import type { ServiceDeps } from '../service-deps.ts';
import { presentApproval } from './approvals.present.ts';
import { findApproval, insertApproval, type ApprovalRow } from './approvals.repository.ts';
import { confirmOperator } from './ops-access.ts';
import { expireStaleRequest, lockRates, ratesBasis, ratesChange, requireSameBasis } from './rates-four-eyes.ts';

/** The approval kind of a rates change past the four-eyes threshold; one pending at a time (subject `rates:rates`). */
export const RATES_APPROVAL_KIND = 'rates';
const SUBJECT = { type: 'rates', id: 'rates' } as const;
/** A time a few seconds behind the server's (the operator's clock, the request's flight) still means "now". */
const PAST_TOLERANCE_MS = 60_000;
const MAX_AHEAD_MS = 366 * 86_400_000;

/** How far `rate` sits below `official`, in percent with 2 decimals ("1.38"). */
function marginPercent(official: string, rate: string): string {
  const o = parseDecimal(official);
  const r = parseDecimal(rate);
  if (!o || !r || o.units === 0n) return '0.00';
  const scale = Math.max(o.scale, r.scale);
  const x = o.units * 10n ** BigInt(scale - o.scale);
  const y = r.units * 10n ** BigInt(scale - r.scale);
  return formatDecimal({ units: divideRounded((x - y) * 10_000n, x), scale: 2 });
}

const person = (id: string | null, name: string | null) => (id === null ? null : { id: Number(id), name: name ?? '' });

function presentRate(row: RatesHistoryRow, inForceId: string | undefined, now: Date): OpsRate {
  return {
    id: Number(row.id),
    official: row.official,
    freemium: row.freemium,
    subscription: row.subscription,
    fee: row.card_fee,
    freemium_margin: marginPercent(row.official, row.freemium),
    subscription_margin: marginPercent(row.official, row.subscription),
    effective_at: row.effective_at.toISOString(),
    created_at: row.created_at.toISOString(),
    state: row.effective_at > now ? 'scheduled' : row.id === inForceId ? 'in_force' : 'superseded',
    set_by: person(row.set_by, row.set_by_name),
    approved_by: person(row.approved_by, row.approved_by_name),
    approval_id: row.approval_id === null ? null : Number(row.approval_id),
    reason: row.reason,
  };
}

const snapshot = (r: RatesRow | RatesInput) => ({
  official: r.official,
  freemium: r.freemium,
  subscription: r.subscription,
  fee: 'card_fee' in r ? r.card_fee : r.fee,
});

/** `GET rates/`: every row, scheduled ones first, with the one in force and the four-eyes threshold. */
export async function ratesPage(
  deps: ServiceDeps,
  page: number,
  pageSize: number,
): Promise<Omit<OpsRatesPage, 'next' | 'previous'>> {
  const now = deps.clock.now();
  const [inForce, history] = await Promise.all([
    ratesInForce(deps.db, now),
    listRatesHistory(deps.db, { limit: pageSize, offset: (page - 1) * pageSize }),
  ]);
  const inForceRow = inForce ? await findRatesHistoryRow(deps.db, inForce.id) : undefined;
  return {
    count: history.count,
    results: history.rows.map((row) => presentRate(row, inForce?.id, now)),
    in_force: inForceRow ? presentRate(inForceRow, inForceRow.id, now) : null,
    four_eyes_percent: String(deps.config.OPS_RATE_CHANGE_FOUR_EYES_PCT),
    four_eyes_fee_bp: deps.config.OPS_RATE_FEE_FOUR_EYES_BP,
  };
}

export interface SetRatesInput {
  official: string;
  freemium: string;
  subscription: string;
  fee?: string | undefined;
  effective_at?: string | undefined;
  reason: string;
  security_code: string;
}

/** Field-level 400s (`{"freemium": ["..."]}`): the form shows each under its field. */
function checkRates(rates: RatesInput): void {
  const problems = rateProblems(rates);
  if (problems.length === 0) return;
  const body: Record<string, string[]> = {};
  for (const p of problems) (body[p.field] ??= []).push(p.message);
  throw new HttpError(400, body);
}

function effectiveTime(text: string | undefined, now: Date): Date {
  if (text === undefined) return now;
  const at = new Date(text);
  if (at.getTime() < now.getTime() - PAST_TOLERANCE_MS)
    throw new HttpError(400, { effective_at: [opsMessages.effectiveInPast] });
  if (at.getTime() > now.getTime() + MAX_AHEAD_MS)
    throw new HttpError(400, { effective_at: [opsMessages.effectiveTooFar] });
  return at < now ? now : at;
}

/**
 * `POST rates/`: new rates from now or a later time. A change that needs a second operator (rates-four-eyes.ts:
 * past OPS_RATE_CHANGE_FOUR_EYES_PCT or OPS_RATE_FEE_FOUR_EYES_BP against the least favourable of the rows in force
 * now, the row it replaces and those of the last 24 hours) becomes a request another operator approves (202), which
 * remembers the rows it was measured on; otherwise the row is written with its audit line (200). The card fee in
 * force is kept unless one is given.
 */
export async function setOpsRates(
  deps: ServiceDeps,
  operator: AuthUser,
  actor: AuditActor,
  input: SetRatesInput,
  idempotencyKey: string | undefined,
): Promise<{ status: number; body: SetRatesResponse }> {
  await confirmOperator(deps, operator, input.security_code);
  const now = deps.clock.now();
  const effectiveAt = effectiveTime(input.effective_at, now);
  const work = async (tx: Transaction<Database>): Promise<{ status: number; body: SetRatesResponse }> => {
    await lockRates(tx);
    const inForce = await ratesInForce(tx, now);
    const rates: RatesInput = {
      official: input.official,
      freemium: input.freemium,
      subscription: input.subscription,
      fee: input.fee ?? inForce?.card_fee ?? '',
    };
    checkRates(rates);
    const { rateBp, feeBp, needsSecondOperator } = await ratesChange(
      tx,
      rates,
      { now, effectiveAt },
      { ratePercent: deps.config.OPS_RATE_CHANGE_FOUR_EYES_PCT, feeBp: deps.config.OPS_RATE_FEE_FOUR_EYES_BP },
    );
    const change = formatDecimal({ units: rateBp, scale: 2 });
    const feeChange = feeBp.toString();
    if (needsSecondOperator) {
      await expireStaleRequest(tx, { kind: RATES_APPROVAL_KIND, subject: SUBJECT }, now);
      const approvalId = await insertApproval(tx, {
        kind: RATES_APPROVAL_KIND,
        subjectType: SUBJECT.type,
        subjectId: SUBJECT.id,
        amount: null,
        currency: null,
        payload: {
          ...snapshot(rates),
          effective_at: effectiveAt.toISOString(),
          change_percent: change,
          fee_change_bp: feeChange,
          before: inForce ? snapshot(inForce) : null,
          basis: await ratesBasis(tx, now),
        },
        reason: input.reason,
        requestedBy: operator.id,
        requestedAt: now,
        expiresAt: new Date(now.getTime() + deps.config.OPS_APPROVAL_TTL_SECONDS * 1000),
      });
      if (approvalId === undefined) throw conflict(opsMessages.alreadyRequested);
      await recordAudit(
        tx,
        actor,
        {
          action: 'rates.request',
          targetType: 'approval',
          targetId: approvalId,
          reason: input.reason,
          before: inForce ? snapshot(inForce) : null,
          after: {
            ...snapshot(rates),
            effective_at: effectiveAt.toISOString(),
            change_percent: change,
            fee_change_bp: feeChange,
          },
        },
        now,
      );
      const approval = await findApproval(tx, approvalId);
      if (!approval) throw notFound();
      return { status: 202, body: { applied: false, approval: presentApproval(approval) } };
    }
    const row = await writeRates(
      tx,
      actor,
      rates,
      { effectiveAt, setBy: operator.id, reason: input.reason },
      now,
      { change_percent: change, fee_change_bp: feeChange },
      deps.config.SUBSCRIPTION_GRACE_SECONDS,
    );
    const [current, written] = await Promise.all([ratesInForce(tx, now), findRatesHistoryRow(tx, row.id)]);
    if (!written) throw notFound();
    return { status: 200, body: { applied: true, rate: presentRate(written, current?.id, now) } };
  };
  const requestHash = hashRequest({ ...input, security_code: undefined });
  return withTransaction(deps.db, (tx) =>
    idempotencyKey === undefined
      ? work(tx)
      : runIdempotent(tx, { scope: `ops:rates:${operator.id}`, key: idempotencyKey, requestHash }, () => work(tx)),
  );
}

/**
 * Approving a rates request writes the rates it carries, from its effective time or from now if that has passed
 * meanwhile (a rate never applies in the past), set by the requester and approved by the decider, provided no rates
 * were set or came into force since the request (else 409: the change approved would not be the one applied).
 * Rate alerts the new rates reach fire with the approval when they apply at once (writeRates).
 */
export async function applyApprovedRates(
  tx: Transaction<Database>,
  actor: AuditActor,
  approval: ApprovalRow,
  approver: string,
  now: Date,
  subscriptionGraceSeconds: number,
): Promise<void> {
  const p = approval.payload as Record<string, string>;
  const rates: RatesInput = {
    official: String(p.official),
    freemium: String(p.freemium),
    subscription: String(p.subscription),
    fee: String(p.fee),
  };
  checkRates(rates);
  await lockRates(tx);
  await requireSameBasis(tx, p.basis, now);
  const asked = new Date(String(p.effective_at));
  const effectiveAt = Number.isNaN(asked.getTime()) || asked < now ? now : asked;
  await writeRates(
    tx,
    actor,
    rates,
    { effectiveAt, setBy: approval.requested_by, approvedBy: approver, approvalId: approval.id, reason: approval.reason },
    now,
    { approval: approval.id, requested_by: approval.requested_by },
    subscriptionGraceSeconds,
  );
}

/**
 * Writes a rates row and its audit line (`rates.set`, the rates in force before and the new ones after). Rates in
 * force at once fire the rate alerts they reach in this same transaction; a row scheduled for later
 * fires them from the sweep once its time has come (rate-alerts/fire.ts).
 */
async function writeRates(
  tx: Transaction<Database>,
  actor: AuditActor,
  rates: RatesInput,
  more: Parameters<typeof setRates>[2] & { reason: string },
  now: Date,
  extra: Record<string, string>,
  subscriptionGraceSeconds: number,
): Promise<RatesRow> {
  const inForce = await ratesInForce(tx, now);
  const row = await setRates(tx, rates, more);
  await recordAudit(
    tx,
    actor,
    {
      action: 'rates.set',
      targetType: 'rates',
      targetId: row.id,
      reason: more.reason,
      before: inForce ? snapshot(inForce) : null,
      after: { ...snapshot(row), effective_at: row.effective_at.toISOString(), ...extra },
    },
    now,
  );
  if (row.effective_at <= now) await fireRateAlerts(tx, now, subscriptionGraceSeconds);
  return row;
}
