import { performance } from 'node:perf_hooks';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import { MONITORING_REVIEW_KIND, type MonitoringPayload } from '../../../common/api/monitoring.ts';
import type { Money } from '../../../common/money/money.ts';
import type { Config } from '../../config.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../http/http-error.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { outageTracker, type WorkerLog } from '../../jobs/worker-log.ts';
import { reviewMessages } from '../../../common/api/ops-reviews.ts';
import { openReview, registerReviewKind } from '../reviews/reviews.service.ts';
import { heldMoney } from '../reviews/held-money.ts';
import type { HoldKind } from '../sanctions/sanctions-hold.ts';
import {
  alertedWithin,
  judge,
  judgeWritten,
  monitoringRuleSettings,
  payeeKey,
  payeeOf,
  type Finding,
  type MonitorConfig,
  type Movement,
  type Payee,
} from './monitoring-rules.ts';

/**
 * Transaction monitoring: the rules (monitoring-rules.ts) judged over the movements.
 *
 * Not blocking (the default): a trigger queues every send and pickup in the money's own transaction (migration
 * 0340), and the worker below judges a batch, opens the reviews and deletes the queue rows in one transaction, so
 * a process killed mid-pass leaves the rows to the next pass and nothing half-done. At most one alert per rule,
 * subject and window (monitoring_alerts' unique key): a movement that falls in the window of an alert already
 * raised for the same rule and subject raises nothing.
 *
 * Blocking (`MONITOR_<RULE>_BLOCK=on`): the send's own transaction judges the rule as if the send were written, and
 * a send that would break it is held instead (by the transfer lifecycle, whose one hold mechanism a sanctions hit
 * uses too) with a review of its own: approve releases it as it would have gone, reject refunds it to the sender. Sends then leave
 * the one-round-trip wallet_send(), which knows nothing of the rules. A cash pickup is judged and held the same way
 * (its payee is the phone number its reference goes to), not collectable while held, released or refused from the
 * same review.
 */

/** Whether a rule is blocking: the lifecycle asks it here, as it asks everything else of monitoring. */
export { monitoringBlocks } from './monitoring-rules.ts';

/**
 * Records the alert of `finding` unless one of the same rule and subject was raised within its period (the
 * movement falls in that alert's window); the unique key settles two passes racing. Returns the new alert, or null.
 */
async function recordAlert(
  tx: Transaction<Database>,
  finding: Finding,
  m: { id: string; at: Date },
  review: { id: string; held: boolean } | null,
): Promise<string | null> {
  if (await alertedWithin(tx, finding.settings, finding.subjectKey, m.at)) return null;
  const inserted = await tx
    .insertInto('monitoring_alerts')
    .values({
      rule: finding.rule,
      subject_key: finding.subjectKey,
      window_start: finding.windowStart,
      window_end: m.at,
      transaction_id: m.id,
      review_id: review?.id ?? null,
      held: review?.held ?? false,
    })
    .onConflict((oc) => oc.constraint('monitoring_alerts_one_per_window').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

const publicFinding = ({ settings: _s, subjectKey: _k, reviewSubject: _r, windowStart: _w, ...rest }: Finding) => rest;

function payloadOf(m: Movement & { id: string }, findings: Finding[], held: boolean): MonitoringPayload {
  return {
    held,
    transaction_id: Number(m.id),
    sender_user_id: Number(m.senderId),
    payee: payeeKey(m.payee),
    amount: m.amount.toString(),
    findings: findings.map(publicFinding),
  };
}

interface QueuedRow {
  transaction_id: string;
  sender_user_id: string | null;
  recipient_user_id: string | null;
  recipient_phone_number: string | null;
  recipient_email: string | null;
  amount: string | null;
  created_at: Date | null;
}

/**
 * One pass of the worker: up to MONITOR_BATCH queued movements judged, their alerts raised and the queue rows
 * deleted, in one transaction. One pass at a time across processes (a transaction-scoped advisory lock taken with
 * try: another process's pass is under way, this one returns). Returns the rows taken.
 */
export async function runMonitoringPass(deps: {
  db: Kysely<Database>;
  config: MonitorConfig & Pick<Config, 'MONITOR_BATCH'>;
  clock: { now(): Date };
}): Promise<number> {
  const rules = monitoringRuleSettings(deps.config);
  return withTransaction(deps.db, async (tx) => {
    const { rows: locked } = await sql<{ ok: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtextextended('monitoring:pass', 0)) AS ok`.execute(tx);
    if (!locked[0]?.ok) return 0;
    const { rows } = await sql<QueuedRow>`
      SELECT q.transaction_id::text, t.sender_user_id::text, t.recipient_user_id::text, t.recipient_phone_number,
             t.recipient_email, t.amount::text, t.created_at
        FROM monitoring_queue q LEFT JOIN transactions t ON t.id = q.transaction_id
       ORDER BY q.transaction_id LIMIT ${deps.config.MONITOR_BATCH}`.execute(tx);
    const movements = rows.flatMap((row) => {
      const payee = payeeOf(row);
      if (row.sender_user_id === null || row.amount === null || row.created_at === null || payee === null) return [];
      return [
        { id: row.transaction_id, senderId: row.sender_user_id, payee, amount: BigInt(row.amount), at: row.created_at },
      ];
    });
    // Findings are rare; each is recorded in movement order, and recordAlert skips one that falls in the window of
    // an alert raised earlier in this same pass (the batch was judged before any of its alerts existed).
    for (const { m, finding } of await judgeWritten(tx, rules, movements)) {
      const alert = await recordAlert(tx, finding, m, null);
      if (alert === null) continue;
      const review = await openReview(
        tx,
        {
          kind: MONITORING_REVIEW_KIND,
          subject: finding.reviewSubject,
          payload: { ...payloadOf(m, [finding], false) },
          dedupeKey: `alert:${alert}`,
        },
        deps.clock.now(),
      );
      await tx.updateTable('monitoring_alerts').set({ review_id: review.id }).where('id', '=', alert).execute();
    }
    if (rows.length > 0)
      await tx
        .deleteFrom('monitoring_queue')
        .where(
          'transaction_id',
          'in',
          rows.map((r) => r.transaction_id),
        )
        .execute();
    return rows.length;
  });
}

/**
 * Runs passes every MONITOR_INTERVAL_MS (at once again after a full batch). An outage is one log line when it
 * starts and one when it ends. Returns stop(), which waits for the pass in flight.
 */
export function startMonitoringWorker(
  deps: Parameters<typeof runMonitoringPass>[0] & { config: Pick<Config, 'MONITOR_INTERVAL_MS'> },
  log: WorkerLog,
): () => Promise<void> {
  const database = outageTracker(log, 'monitoring: the database');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    const started = performance.now();
    running = runMonitoringPass(deps)
      .then((taken) => {
        database.up();
        return taken >= deps.config.MONITOR_BATCH
          ? 0
          : Math.max(0, deps.config.MONITOR_INTERVAL_MS - (performance.now() - started));
      })
      .catch((error: unknown) => {
        database.down(error);
        return deps.config.MONITOR_INTERVAL_MS;
      })
      .then((delay) => {
        if (!stopped) timer = setTimeout(tick, delay);
      });
  };
  timer = setTimeout(tick, deps.config.MONITOR_INTERVAL_MS);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

export interface BlockingJudgement {
  payee: Payee;
  /** The broken rules; empty: send as usual. */
  findings: Finding[];
}

/**
 * The blocking rules judged in the send's own transaction, as if the send were written (the caller holds the
 * sender's row lock, taken by the limit check, so one sender's sends are judged one after the other; the payee's
 * advisory lock does the same for many payers).
 */
export async function judgeBlockingRules(
  tx: Transaction<Database>,
  deps: { config: MonitorConfig; clock: { now(): Date } },
  senderId: string,
  contact: Contact,
  amount: Money<'MAD'>,
  delivery: 'send' | 'cash_pickup',
  /**
   * The customer a send to a contact without an account would reach now (the lifecycle knows how it finds them);
   * asked only when a rule blocks, so a send with no blocking rule pays no extra query.
   */
  registeredRecipient: () => Promise<{ id: string } | undefined>,
): Promise<BlockingJudgement | null> {
  const blocking = monitoringRuleSettings(deps.config).filter((r) => r.block);
  if (blocking.length === 0) return null;
  // A cash pickup's row keeps only the phone number its reference was texted to: its payee, as the worker reads it.
  const pickup = delivery === 'cash_pickup';
  const found = !pickup && contact.contact_user === null ? await registeredRecipient() : undefined;
  const payee = payeeOf({
    recipient_user_id: pickup
      ? null
      : contact.contact_user !== null
        ? String(contact.contact_user)
        : (found?.id ?? null),
    recipient_phone_number: contact.phone_number,
    recipient_email: pickup ? null : contact.email,
  });
  if (payee === null) return null;
  if (blocking.some((r) => r.rule === 'many_payers')) await lockFor(tx, `monitoring:payee:${payeeKey(payee)}`);
  const m: Movement = { id: null, senderId, payee, amount: amount.minor, at: deps.clock.now() };
  const findings: Finding[] = [];
  for (const settings of blocking) {
    const finding = await judge(tx, settings, m);
    if (finding) findings.push(finding);
  }
  return { payee, findings };
}

/** How a movement breaking blocking rules is held: its ledger kind, the first broken rule as the step's reason. */
export function monitoringHold(judgement: BlockingJudgement): HoldKind {
  const first = judgement.findings[0];
  if (!first) throw new Error('a monitoring hold without a finding');
  return { entryKind: 'monitoring_hold', reason: `monitoring_${first.rule}` };
}

/** The review of a send or cash pickup held by blocking rules (written in the same transaction), its alerts recorded. */
export async function openMonitoringHoldReview(
  tx: Transaction<Database>,
  deps: { clock: { now(): Date } },
  held: { id: string; senderId: string; contact: Contact; amount: Money<'MAD'>; judgement: BlockingJudgement },
): Promise<void> {
  const { id, judgement } = held;
  const at = deps.clock.now();
  const m = { id, senderId: held.senderId, payee: judgement.payee, amount: held.amount.minor, at };
  const review = await openReview(
    tx,
    {
      kind: MONITORING_REVIEW_KIND,
      subject: `transaction:${id}`,
      payload: { ...payloadOf(m, judgement.findings, true), contact_id: Number(held.contact.id) },
      dedupeKey: `transaction:${id}`,
    },
    at,
  );
  for (const finding of judgement.findings) await recordAlert(tx, finding, { id, at }, { id: review.id, held: true });
}

/*
 * An operator's decision. An alert on money already moved is an acknowledgement (approve: nothing suspicious;
 * reject: suspicious, for the report the operator files). A held send or cash pickup: approve releases it exactly
 * as it would have gone (a pickup available with a fresh expiry, its recipient texted once committed); reject
 * gives the money back to its sender (the transaction `refunded`, the sender notified, a pickup's reference dead):
 * a suspicion is no ground to keep a customer's money, unlike a confirmed sanctions hit, whose money stays frozen.
 * The lifecycle moves the money (heldMoney).
 */
registerReviewKind(MONITORING_REVIEW_KIND, {
  async decide({ tx, deps, review, decision, afterCommit }) {
    const p = review.payload as unknown as MonitoringPayload & { contact_id?: number };
    if (!p.held) return { suspicious: decision === 'rejected' };
    const money = heldMoney();
    const held = await money.lock(tx, String(p.transaction_id));
    if (held === null) throw conflict(reviewMessages.decided);
    if (decision === 'rejected') {
      await money.refund(tx, held, 'monitoring_refund');
      return { released: false, refunded: true };
    }
    const contactId = p.contact_id === undefined ? null : String(p.contact_id);
    const status = await money.release(tx, deps, { ...held, contactId }, 'monitoring_release', afterCommit);
    return { released: true, status };
  },
});
