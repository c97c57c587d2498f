import type { Transaction } from 'kysely';
import { opsMessages } from '../../../common/api/ops.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../http/http-error.ts';
import { expireApproval, lockPendingApproval } from './approvals.repository.ts';
import {
  feeChangeBasisPoints,
  latestRatesId,
  rateChangeBasisPoints,
  ratesInForce,
  ratesInForceDuring,
  type RatesInput,
  type RatesRow,
} from '../rates/rates.service.ts';

const DAY_MS = 86_400_000;

/** The rates rows as they stood when a request was made: its approval applies only if they still stand. */
export interface RatesBasis {
  /** The row in force then. */
  in_force: string | null;
  /** The newest row written then, scheduled or not. */
  latest: string | null;
}

/** How far new rates move from the least favourable reference, and whether that needs a second operator. */
export interface RatesChange {
  /** Largest relative change of the official or a customer rate, basis points. */
  rateBp: bigint;
  /** Largest absolute change of the card fee, basis points of the amount. */
  feeBp: bigint;
  needsSecondOperator: boolean;
}

/**
 * Setting rates and deciding a rates request take turns, across every API process: two operators each moving the
 * rates by a little at the same moment would otherwise each be compared with the rows before the other's.
 */
export async function lockRates(tx: Transaction<Database>): Promise<void> {
  await lockFor(tx, 'ops:rates');
}

/**
 * The rows a new one, effective at `effectiveAt`, is compared with: every row in force over the 24 hours up to now
 * (so steps taken one after the other add up, whoever took them), and every row in force over the 24 hours up to
 * its effective time. These include the row in force now and the row it replaces at its time, so a scheduled row
 * is compared with what it replaces, even a row that a second operator approved.
 */
async function references(tx: Transaction<Database>, now: Date, effectiveAt: Date): Promise<RatesRow[]> {
  const rows = await ratesInForceDuring(tx, new Date(now.getTime() - DAY_MS), now);
  if (effectiveAt > now) {
    const from = new Date(Math.max(now.getTime(), effectiveAt.getTime() - DAY_MS));
    rows.push(...(await ratesInForceDuring(tx, from, effectiveAt)));
  }
  return rows;
}

/**
 * A change needs a second operator when, against any of its references (the least favourable one), it moves the
 * official or a customer rate by more than OPS_RATE_CHANGE_FOUR_EYES_PCT, or the card fee by more than
 * OPS_RATE_FEE_FOUR_EYES_BP. With no row at all there is nothing to compare with: the first rates apply as set.
 */
export async function ratesChange(
  tx: Transaction<Database>,
  rates: RatesInput,
  at: { now: Date; effectiveAt: Date },
  thresholds: { ratePercent: number; feeBp: number },
): Promise<RatesChange> {
  let rateBp = 0n;
  let feeBp = 0n;
  for (const row of await references(tx, at.now, at.effectiveAt)) {
    const r = rateChangeBasisPoints(row, rates);
    const f = feeChangeBasisPoints(row, rates);
    if (r > rateBp) rateBp = r;
    if (f > feeBp) feeBp = f;
  }
  const rateLimit = BigInt(Math.round(thresholds.ratePercent * 100));
  return { rateBp, feeBp, needsSecondOperator: rateBp > rateLimit || feeBp > BigInt(thresholds.feeBp) };
}

export async function ratesBasis(tx: Transaction<Database>, now: Date): Promise<RatesBasis> {
  const [inForce, latest] = [await ratesInForce(tx, now), await latestRatesId(tx)];
  return { in_force: inForce?.id ?? null, latest: latest ?? null };
}

function sameBasis(asked: unknown, current: RatesBasis): boolean {
  const basis = (asked ?? {}) as Partial<RatesBasis>;
  return basis.in_force === current.in_force && basis.latest === current.latest;
}

/**
 * A pending rates request past its time, or measured on rows that no longer stand (requireSameBasis), can never be
 * approved: it expires when a new one is asked for, so "ask again" works at once instead of after a rejection.
 */
export async function expireStaleRequest(
  tx: Transaction<Database>,
  request: { kind: string; subject: { type: string; id: string } },
  now: Date,
): Promise<void> {
  const pending = await lockPendingApproval(tx, request.kind, request.subject);
  if (!pending) return;
  if (pending.expires_at <= now || !sameBasis(pending.payload.basis, await ratesBasis(tx, now)))
    await expireApproval(tx, pending.id);
}

/**
 * At the approval: the second operator approved a change from the rates shown in the request. If a row was set
 * since, or another came into force, the change they would apply is not the one they read: 409, nothing applied,
 * the requester asks again. A request without its basis (made before it was recorded) is stale as well.
 */
export async function requireSameBasis(tx: Transaction<Database>, asked: unknown, now: Date): Promise<void> {
  if (!sameBasis(asked, await ratesBasis(tx, now))) throw conflict(opsMessages.ratesChanged);
}
