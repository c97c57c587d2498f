import { sql, type Kysely, type Transaction } from 'kysely';
import { limitMessages, type Limit, type LimitKind } from '../../../common/api/limits.ts';
import { formatAmount, money } from '../../../common/money/money.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { fieldError } from '../../http/http-error.ts';

/**
 * Customer levels and rolling limits (migration 0190). The database enforces them (limit_take(), under
 * the customer's row lock, in the transaction that moves the money); this module gives it the configured figures,
 * counts the general paths (withdrawals, cash pickups, unclaimed sends, top-ups) and presents what remains.
 */

const WINDOW_DAYS = 30;

type LimitConfig = Pick<
  Config,
  | 'LIMIT_L1_TOPUP_EUR'
  | 'LIMIT_L2_TOPUP_EUR'
  | 'LIMIT_L1_OUTGOING_MAD'
  | 'LIMIT_L2_OUTGOING_MAD'
  | 'LIMIT_L1_OPERATION_MAD'
  | 'LIMIT_L2_OPERATION_MAD'
  | 'TOPUP_MAX_EUR'
>;

interface LimitRow {
  level: 1 | 2;
  kind: LimitKind;
  currency: 'EUR' | 'MAD';
  windowMinor: bigint;
  perOperationMinor: bigint;
}

/** The configured limits, in minor units. A top-up's single bound stays TOPUP_MAX_EUR at both levels. */
export function configuredLimits(config: LimitConfig): LimitRow[] {
  const c = (whole: number) => BigInt(whole) * 100n;
  return [
    { level: 1, kind: 'topup', currency: 'EUR', windowMinor: c(config.LIMIT_L1_TOPUP_EUR), perOperationMinor: c(config.TOPUP_MAX_EUR) },
    { level: 2, kind: 'topup', currency: 'EUR', windowMinor: c(config.LIMIT_L2_TOPUP_EUR), perOperationMinor: c(config.TOPUP_MAX_EUR) },
    { level: 1, kind: 'outgoing', currency: 'MAD', windowMinor: c(config.LIMIT_L1_OUTGOING_MAD), perOperationMinor: c(config.LIMIT_L1_OPERATION_MAD) },
    { level: 2, kind: 'outgoing', currency: 'MAD', windowMinor: c(config.LIMIT_L2_OUTGOING_MAD), perOperationMinor: c(config.LIMIT_L2_OPERATION_MAD) },
  ];
}

/**
 * Writes the configured limits into `compliance_limits`, which the database's checks read (one statement; every
 * server does it at start, so all processes of a deployment, sharing one configuration, agree).
 */
export async function syncLimits(db: Kysely<Database>, config: LimitConfig): Promise<void> {
  const rows = configuredLimits(config);
  await db
    .insertInto('compliance_limits')
    .values(
      rows.map((r) => ({
        level: r.level,
        kind: r.kind,
        currency: r.currency,
        window_limit: r.windowMinor,
        per_operation: r.perOperationMinor,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['level', 'kind']).doUpdateSet((eb) => ({
        currency: eb.ref('excluded.currency'),
        window_limit: eb.ref('excluded.window_limit'),
        per_operation: eb.ref('excluded.per_operation'),
      })),
    )
    .execute();
}

/** What limit_take() answers when it refuses. */
export interface LimitRefusal {
  outcome: 'limit';
  kind: LimitKind;
  currency: 'EUR' | 'MAD';
  /** Minor units, as a JSON number or string. */
  remaining: number | string;
}

/** The 400 of a refusal: on `amount` (a send, pickup, withdrawal) or `from_amount` (a top-up), remaining in it. */
export function limitError(refusal: LimitRefusal, field: 'amount' | 'from_amount' = 'amount') {
  const remaining = formatAmount(money(refusal.currency, BigInt(refusal.remaining)));
  return fieldError(field, limitMessages.refused(remaining, refusal.currency));
}

/**
 * Checks and counts `amount` against the customer's limit of `kind`, in the caller's transaction (it takes the
 * customer's row lock, so the money movement that follows is counted before another one of theirs is checked).
 * Throws the 400 when it would pass the limit; the caller's transaction then rolls back whatever it wrote.
 */
export async function takeLimit(
  tx: Transaction<Database>,
  userId: string,
  kind: LimitKind,
  amountMinor: bigint,
  now: Date,
  field: 'amount' | 'from_amount' = 'amount',
): Promise<void> {
  const refusal = await tryTakeLimit(tx, userId, kind, amountMinor, now);
  if (refusal) throw limitError(refusal, field);
}

/** takeLimit() that answers the refusal instead of throwing (a webhook refunds rather than fails). */
export async function tryTakeLimit(
  tx: Transaction<Database>,
  userId: string,
  kind: LimitKind,
  amountMinor: bigint,
  now: Date,
): Promise<LimitRefusal | null> {
  const { rows } = await sql<{ refusal: LimitRefusal | null }>`
    SELECT limit_take_for(${userId}::bigint, ${kind}, ${amountMinor.toString()}::bigint, ${now}::timestamptz) AS refusal`.execute(
    tx,
  );
  return rows[0]?.refusal ?? null;
}

/**
 * Money that came back to its sender (a withdrawal, pickup or unclaimed send cancelled or expired) no longer
 * counts: it is taken off the day it was counted on (never below zero). Both days are the database's: limit_take()
 * counts on now() of the transaction that stamps created_at with that same now().
 */
export async function releaseOutgoing(tx: Transaction<Database>, transactionId: string): Promise<void> {
  await sql`
    UPDATE limit_usage AS u SET amount = greatest(0, u.amount - t.amount)
      FROM transactions AS t
     WHERE t.id = ${transactionId}::bigint AND u.user_id = t.sender_user_id AND u.kind = 'outgoing'
       AND u.day = (t.created_at AT TIME ZONE 'UTC')::date`.execute(tx);
}

/** A customer's limits as `GET /api/users/` shows them: used and remaining over the rolling window, and when it frees. */
export async function limitsOf(
  db: Kysely<Database>,
  config: LimitConfig,
  userId: string,
  level: number,
  now: Date,
): Promise<Limit[]> {
  const { rows } = await sql<{ kind: LimitKind; used: string; oldest: string | null }>`
    SELECT kind, sum(amount)::text AS used, to_char(min(day) FILTER (WHERE amount > 0), 'YYYY-MM-DD') AS oldest
      FROM limit_usage
     WHERE user_id = ${userId}::bigint AND day > (${now}::timestamptz AT TIME ZONE 'UTC')::date - ${WINDOW_DAYS}::int
     GROUP BY kind`.execute(db);
  const usage = new Map(rows.map((r) => [r.kind, r]));
  return configuredLimits(config)
    .filter((r) => r.level === (level === 2 ? 2 : 1))
    .map((r) => {
      const row = usage.get(r.kind);
      const used = BigInt(row?.used ?? '0');
      const remaining = r.windowMinor > used ? r.windowMinor - used : 0n;
      // The oldest counted UTC day leaves the window 30 days after its midnight.
      const oldest = row?.oldest ?? null;
      const resetsAt =
        oldest === null ? null : new Date(Date.parse(`${oldest}T00:00:00Z`) + WINDOW_DAYS * 86_400_000).toISOString();
      return {
        kind: r.kind,
        currency: r.currency,
        limit: formatAmount(money(r.currency, r.windowMinor)),
        used: formatAmount(money(r.currency, used)),
        remaining: formatAmount(money(r.currency, remaining)),
        resets_at: resetsAt,
        per_operation: formatAmount(money(r.currency, r.perOperationMinor)),
      };
    });
}

/** The remaining amount of a kind, in minor units, for a check before anything is charged (no lock: a hint). */
export async function remainingMinor(
  db: Kysely<Database>,
  config: LimitConfig,
  userId: string,
  level: number,
  kind: LimitKind,
  now: Date,
): Promise<LimitRefusal & { remainingMinor: bigint }> {
  const limits = await limitsOf(db, config, userId, level, now);
  const limit = limits.find((l) => l.kind === kind);
  if (!limit) throw new Error(`no ${kind} limit`);
  const minor = BigInt(limit.remaining.replace('.', ''));
  return { outcome: 'limit', kind, currency: limit.currency, remaining: minor.toString(), remainingMinor: minor };
}
