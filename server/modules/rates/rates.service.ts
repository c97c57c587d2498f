import type { Kysely } from 'kysely';
import { opsMessages } from '../../../common/api/messages.ts';
import { parseDecimal, type Decimal } from '../../../common/money/decimal.ts';
import type { Database } from '../../db/schema.ts';
import { serviceUnavailable } from '../../http/http-error.ts';
import * as repository from './rates.repository.ts';
import { anyRates, insertRates, type NewRates, type RatesHistoryRow, type RatesRow } from './rates.repository.ts';

export type CurrentRates = RatesRow;

/**
 * The rates in force at `now` (the app's clock): the one source every price reads, quotes, top-ups and the
 * profile alike. A row set for later applies from its effective time on, with no job to run. Without any row in
 * force nothing priced can be shown: a 503 (operators run `rates:set` or use /ops/rates).
 */
export async function currentRates(db: Kysely<Database>, now: Date): Promise<CurrentRates> {
  const rates = await repository.ratesInForce(db, now);
  if (!rates) throw serviceUnavailable();
  return rates;
}

export async function hasRates(db: Kysely<Database>): Promise<boolean> {
  return anyRates(db);
}

// What the back-office reads to show the rates and to judge a change against those before it.
export type { RatesHistoryRow, RatesRow };

/** The row in force at `at`; undefined before the first row (where currentRates answers 503). */
export async function ratesInForce(db: Kysely<Database>, at: Date): Promise<RatesRow | undefined> {
  return repository.ratesInForce(db, at);
}

/** Every row in force at some moment of [from, to], the one in force at `from` first. */
export async function ratesInForceDuring(db: Kysely<Database>, from: Date, to: Date): Promise<RatesRow[]> {
  return repository.ratesInForceDuring(db, from, to);
}

/** The newest row written, scheduled or not. */
export async function latestRatesId(db: Kysely<Database>): Promise<string | undefined> {
  return repository.latestRatesId(db);
}

/** One row with who set and who approved it. */
export async function findRatesHistoryRow(db: Kysely<Database>, id: string): Promise<RatesHistoryRow | undefined> {
  return repository.findRatesHistoryRow(db, id);
}

/** Every row with who set and approved it, the latest effective time first (scheduled ones on top). */
export async function listRatesHistory(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
): Promise<{ count: number; rows: RatesHistoryRow[] }> {
  return repository.listRatesHistory(db, page);
}

export interface RatesInput {
  official: string;
  freemium: string;
  subscription: string;
  fee: string;
}

export type RatesField = keyof RatesInput;

/** A customer rate may sit at most this far below the official one: a wider margin is a typo that costs money. */
export const MAX_MARGIN_PERCENT = 10n;

/** Two exact decimals on one scale (the larger of theirs), as integers. */
function sameScale(a: Decimal, b: Decimal): [bigint, bigint] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale)];
}

/** Compares two exact decimals without floating point. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const [x, y] = sameScale(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * What is wrong with a set of rates, field by field (the messages are opsMessages', so the screens translate them).
 * The customer rates may not beat the official rate, the subscription rate may not be worse than the freemium one,
 * and neither may sit more than MAX_MARGIN_PERCENT below the official rate: each would be a typo that costs money.
 */
export function rateProblems(input: RatesInput): { field: RatesField; message: string }[] {
  const problems: { field: RatesField; message: string }[] = [];
  const parsed = new Map<RatesField, Decimal>();
  for (const name of ['official', 'freemium', 'subscription', 'fee'] as const) {
    const value = parseDecimal(input[name]);
    if (!value || (value.units === 0n && name !== 'fee'))
      problems.push({ field: name, message: opsMessages.rateNotPositive });
    else if (value.scale > (name === 'fee' ? 6 : 4)) {
      problems.push({ field: name, message: name === 'fee' ? opsMessages.feeTooPrecise : opsMessages.rateTooPrecise });
    } else parsed.set(name, value);
  }
  const official = parsed.get('official');
  const freemium = parsed.get('freemium');
  const subscription = parsed.get('subscription');
  const fee = parsed.get('fee');
  if (fee && compareDecimal(fee, { units: 1n, scale: 0 }) >= 0)
    problems.push({ field: 'fee', message: opsMessages.feeNotFraction });
  // Customers see the fee as a percent with 2 decimals: a finer fee would charge what is not shown.
  else if (fee && fee.scale > 4 && fee.units % 10n ** BigInt(fee.scale - 4) !== 0n)
    problems.push({ field: 'fee', message: opsMessages.feeTooPrecise });
  for (const [name, rate] of [
    ['freemium', freemium],
    ['subscription', subscription],
  ] as const) {
    if (!official || !rate) continue;
    if (compareDecimal(rate, official) > 0) problems.push({ field: name, message: opsMessages.rateAboveOfficial });
    // rate < official * (100 - MAX) / 100, in integers: rate * 100 < official * (100 - MAX).
    else if (
      compareDecimal(
        { units: rate.units * 100n, scale: rate.scale },
        { units: official.units * (100n - MAX_MARGIN_PERCENT), scale: official.scale },
      ) < 0
    )
      problems.push({ field: name, message: opsMessages.marginTooWide });
  }
  if (freemium && subscription && compareDecimal(subscription, freemium) < 0)
    problems.push({ field: 'subscription', message: opsMessages.subscriptionBelowFreemium });
  return problems;
}

/** The same checks, worded for the command line (`rates:set`). */
export function validateRates(input: RatesInput): string[] {
  return rateProblems(input).map((p) => `--${p.field}: ${p.message}`);
}

/**
 * The largest relative change, in basis points (rounded up), of the official and the two customer rates against
 * another row: what the four-eyes threshold (OPS_RATE_CHANGE_FOUR_EYES_PCT) is compared with.
 */
export function rateChangeBasisPoints(from: RatesRow, to: RatesInput): bigint {
  let largest = 0n;
  for (const [before, after] of [
    [from.official, to.official],
    [from.freemium, to.freemium],
    [from.subscription, to.subscription],
  ] as const) {
    const a = parseDecimal(before);
    const b = parseDecimal(after);
    if (!a || !b || a.units === 0n) continue;
    const [x, y] = sameScale(a, b);
    const diff = (y > x ? y - x : x - y) * 10_000n;
    const bp = (diff + x - 1n) / x;
    if (bp > largest) largest = bp;
  }
  return largest;
}

/**
 * How far the card fee moves, in basis points of the amount (rounded up; 0.016 to 0.018 is 20): the fee is a
 * fraction, so its change is absolute, and a fee set to 0 is as much a change as one raised.
 */
export function feeChangeBasisPoints(from: RatesRow, to: RatesInput): bigint {
  const a = parseDecimal(from.card_fee);
  const b = parseDecimal(to.fee);
  if (!a || !b) return 0n;
  const [x, y] = sameScale(a, b);
  const unit = 10n ** BigInt(Math.max(a.scale, b.scale));
  const diff = (y > x ? y - x : x - y) * 10_000n;
  return (diff + unit - 1n) / unit;
}

export async function setRates(
  db: Kysely<Database>,
  input: RatesInput,
  more: Omit<NewRates, 'official' | 'freemium' | 'subscription' | 'cardFee'> = {},
): Promise<RatesRow> {
  const problems = validateRates(input);
  if (problems.length > 0) throw new RangeError(problems.join('; '));
  return insertRates(db, {
    official: input.official,
    freemium: input.freemium,
    subscription: input.subscription,
    cardFee: input.fee,
    ...more,
  });
}
