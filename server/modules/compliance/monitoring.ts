import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Contact } from '../../../common/api/contacts.ts';
import {
  MONITORING_REVIEW_KIND,
  type MonitoringFinding,
  type MonitoringPayload,
  type MonitoringRule,
} from '../../../common/api/monitoring.ts';
import type { Money } from '../../../common/money/money.ts';
import { lockFor } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/schema.ts';
import { conflict } from '../../http/http-error.ts';
import { reviewMessages } from '../../../common/api/ops-reviews.ts';
import { openReview, registerReviewKind } from '../reviews/reviews.service.ts';
import { heldMoney } from '../reviews/held-money.ts';
import type { HoldKind } from '../sanctions/sanctions-hold.ts';
import { monitoringRuleSettings, type MonitorConfig, type RuleSettings } from './monitoring-rules.ts';

/**
 * Transaction monitoring (EBA guidelines 2021/02 11.13: link series of transfers between the same payer
 * and payee, many payers to one payee). Three rules over sends and cash pickups, thresholds in the configuration
 * (docs/configuration.md):
 * - pair_sum: one payer to one payee summing over MONITOR_PAIR_SUM_MAD within MONITOR_PAIR_SUM_DAYS;
 * - many_payers: MONITOR_MANY_PAYERS_COUNT distinct payers to one payee within MONITOR_MANY_PAYERS_DAYS;
 * - frequent_sends: MONITOR_FREQUENT_SENDS_COUNT sends by one customer within MONITOR_FREQUENT_SENDS_HOURS.
 *
 * Not blocking (the default): a trigger queues every send and pickup in the money's own transaction (migration
 * 0340), and the worker (monitoring.worker.ts) judges a batch, opens the reviews and deletes the queue rows in one transaction, so
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

export { monitoringBlocks, monitoringRuleSettings, type MonitorConfig, type RuleSettings } from './monitoring-rules.ts';

/** Who receives: a registered user, else the phone number, else the e-mail the money waits for. */
type Payee = { kind: 'user'; id: string } | { kind: 'phone' | 'email'; value: string };

const payeeKey = (p: Payee) => (p.kind === 'user' ? `user:${p.id}` : `${p.kind}:${p.value}`);

export function payeeOf(row: {
  recipient_user_id: string | null;
  recipient_phone_number: string | null;
  recipient_email: string | null;
}): Payee | null {
  if (row.recipient_user_id !== null) return { kind: 'user', id: String(row.recipient_user_id) };
  if (row.recipient_phone_number !== null) return { kind: 'phone', value: row.recipient_phone_number };
  if (row.recipient_email !== null) return { kind: 'email', value: row.recipient_email };
  return null;
}

/** The transactions rows paid to `p`, keyed as payeeOf keys them. */
function toPayee(p: Payee): RawBuilder<boolean> {
  if (p.kind === 'user') return sql<boolean>`recipient_user_id = ${p.id}::bigint`;
  if (p.kind === 'phone') return sql<boolean>`recipient_user_id IS NULL AND recipient_phone_number = ${p.value}`;
  return sql<boolean>`recipient_user_id IS NULL AND recipient_phone_number IS NULL AND recipient_email = ${p.value}`;
}

/** A movement as the rules read it; `id` null: the send being judged before it is written. */
interface Movement {
  id: string | null;
  senderId: string;
  payee: Payee;
  amount: bigint;
  at: Date;
}

interface Finding extends MonitoringFinding {
  settings: RuleSettings;
  /** What one alert is about, unique with the rule and window. */
  subjectKey: string;
  /** The review's subject: the customer (or payee) an operator filters on. */
  reviewSubject: string;
  windowStart: Date;
}

interface Counted {
  total: string;
  n: string;
  first_at: Date | null;
  ids: string[];
  payers: string[];
}

const MAX_IDS = 50;

/** What one alert of `rule` is about for movement `m`: the pair, the payee, or the sender. */
function subjectKeyOf(rule: MonitoringRule, m: Pick<Movement, 'senderId' | 'payee'>): string {
  const sender = `user:${m.senderId}`;
  if (rule === 'pair_sum') return `${sender}>${payeeKey(m.payee)}`;
  return rule === 'many_payers' ? payeeKey(m.payee) : sender;
}

/** An alert of this rule and subject raised within the period before `at`: the movement falls in its window. */
async function alertedWithin(tx: Transaction<Database>, settings: RuleSettings, subjectKey: string, at: Date) {
  const found = await tx
    .selectFrom('monitoring_alerts')
    .select('id')
    .where('rule', '=', settings.rule)
    .where('subject_key', '=', subjectKey)
    .where('window_start', '>', new Date(at.getTime() - settings.periodMs))
    .executeTakeFirst();
  return found !== undefined;
}

/** The finding of `settings` on movement `m` from its window's counts, or null when the rule holds. */
function findingOf(settings: RuleSettings, m: Movement, c: Counted): Finding | null {
  const self = m.id === null;
  const payers = new Set(c.payers);
  if (self) payers.add(m.senderId);
  const value =
    settings.rule === 'pair_sum'
      ? BigInt(c.total) + (self ? m.amount : 0n)
      : settings.rule === 'many_payers'
        ? BigInt(payers.size)
        : BigInt(c.n) + (self ? 1n : 0n);
  const broken = settings.rule === 'pair_sum' ? value > settings.threshold : value >= settings.threshold;
  if (!broken) return null;
  const windowStart = c.first_at === null || (self && m.at < c.first_at) ? m.at : c.first_at;
  const payee = payeeKey(m.payee);
  return {
    settings,
    rule: settings.rule,
    threshold: settings.threshold.toString(),
    value: value.toString(),
    window_start: windowStart.toISOString(),
    window_end: m.at.toISOString(),
    transaction_ids: c.ids.map(Number),
    ...(settings.rule === 'many_payers' && { payers: [...payers].map(Number).sort((a, b) => a - b) }),
    subjectKey: subjectKeyOf(settings.rule, m),
    reviewSubject: settings.rule === 'many_payers' ? payee : `user:${m.senderId}`,
    windowStart,
  };
}

/** Judges one rule on the send being made (not written yet): the finding when it would break the rule, else null. */
async function judge(tx: Transaction<Database>, settings: RuleSettings, m: Movement): Promise<Finding | null> {
  const bySender = sql<boolean>`sender_user_id = ${m.senderId}::bigint`;
  const where =
    settings.rule === 'pair_sum'
      ? sql<boolean>`${bySender} AND ${toPayee(m.payee)}`
      : settings.rule === 'many_payers'
        ? sql<boolean>`${toPayee(m.payee)} AND sender_user_id IS NOT NULL`
        : bySender;
  const { rows } = await sql<Counted>`
    SELECT coalesce(sum(amount), 0)::text AS total, count(*)::text AS n, min(created_at) AS first_at,
           coalesce((array_agg(id ORDER BY id))[1:${MAX_IDS}], '{}')::text[] AS ids,
           coalesce(array_agg(DISTINCT sender_user_id), '{}')::text[] AS payers
      FROM transactions
     WHERE kind IN ('transfer', 'pickup') AND ${where}
       AND created_at > ${m.at}::timestamptz - make_interval(secs => ${settings.periodMs / 1000})`.execute(tx);
  const c = rows[0];
  return c ? findingOf(settings, m, c) : null;
}

/**
 * Judges every rule on a batch of written movements in ONE statement (the worker ran 3 to 6 statements per movement
 * before, each reading the subject's whole history: 3.2 ms of database CPU per movement in bench/monitoring-pass.ts,
 * more than a send costs, so at 900 sends/s the worker fell behind and held a core). Each (movement, rule)
 * pair is counted only when no alert of that rule and subject was raised within the period before the movement (it
 * would fall in that alert's window: nothing to count, one index read). A movement's window ends at its own
 * created_at, read at full (microsecond) precision. Each payee kind is its own UNION ALL arm, gated by the
 * movement's columns (a one-time filter), so each arm reads one index:
 * - by sender, or to a registered payee: the history indexes (sender_/recipient_history_idx), index-only, since they
 *   include kind, amount, created_at and the other party. Their window is written as a difference
 *   (`created_at - c.at > -c.period`) on purpose: the planner cannot size a window whose length is a parameter and
 *   otherwise picks transactions_created_idx, reading every movement of the last 7 days (1.2 s for 200 movements);
 * - to a phone number or an e-mail address: the partial payee indexes on (payee, created_at), window in the index.
 * Returns the findings in movement order, rules in configuration order.
 */
export async function judgeWritten(
  tx: Transaction<Database>,
  rules: RuleSettings[],
  movements: (Movement & { id: string })[],
): Promise<{ m: Movement & { id: string }; finding: Finding }[]> {
  const pairs = movements.flatMap((m, mi) => rules.map((settings, ri) => ({ m, mi, settings, ri })));
  if (pairs.length === 0) return [];
  const { rows } = await sql<Counted & { pair: string }>`
    WITH c AS (
      SELECT c.pair, c.rule, make_interval(secs => c.secs) AS period, m.sender_user_id AS sender,
             m.recipient_user_id AS ru, m.recipient_phone_number AS rp, m.recipient_email AS re, m.created_at AS at
        FROM unnest(${pairs.map((p) => p.m.id)}::bigint[], ${pairs.map((p) => p.settings.rule)}::text[],
                    ${pairs.map((p) => subjectKeyOf(p.settings.rule, p.m))}::text[],
                    ${pairs.map((p) => p.settings.periodMs / 1000)}::float8[])
             WITH ORDINALITY AS c(id, rule, subject_key, secs, pair)
        JOIN transactions m ON m.id = c.id
       WHERE NOT EXISTS (
               SELECT 1 FROM monitoring_alerts a
                WHERE a.rule = c.rule AND a.subject_key = c.subject_key
                  AND a.window_start > m.created_at - make_interval(secs => c.secs)))
    SELECT c.pair::text AS pair, agg.* FROM c CROSS JOIN LATERAL (
      SELECT coalesce(sum(t.amount), 0)::text AS total, count(*)::text AS n, min(t.created_at) AS first_at,
             coalesce((array_agg(t.id ORDER BY t.id))[1:${MAX_IDS}], '{}')::text[] AS ids,
             coalesce(array_agg(DISTINCT t.sender_user_id), '{}')::text[] AS payers
        FROM (
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'frequent_sends'
                AND sender_user_id = c.sender
                AND kind IN ('transfer', 'pickup') AND created_at - c.at > -c.period AND created_at - c.at <= interval '0'
             UNION ALL
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'pair_sum' AND c.ru IS NOT NULL
                AND sender_user_id = c.sender AND recipient_user_id = c.ru
                AND kind IN ('transfer', 'pickup') AND created_at - c.at > -c.period AND created_at - c.at <= interval '0'
             UNION ALL
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'pair_sum' AND c.ru IS NULL AND c.rp IS NOT NULL
                AND recipient_user_id IS NULL AND recipient_phone_number = c.rp AND sender_user_id = c.sender
                AND kind IN ('transfer', 'pickup') AND created_at > c.at - c.period AND created_at <= c.at
             UNION ALL
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'pair_sum' AND c.ru IS NULL AND c.rp IS NULL
                AND recipient_user_id IS NULL AND recipient_phone_number IS NULL AND recipient_email = c.re
                AND sender_user_id = c.sender
                AND kind IN ('transfer', 'pickup') AND created_at > c.at - c.period AND created_at <= c.at
             UNION ALL
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'many_payers' AND c.ru IS NOT NULL
                AND recipient_user_id = c.ru AND sender_user_id IS NOT NULL
                AND kind IN ('transfer', 'pickup') AND created_at - c.at > -c.period AND created_at - c.at <= interval '0'
             UNION ALL
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'many_payers' AND c.ru IS NULL AND c.rp IS NOT NULL
                AND recipient_user_id IS NULL AND recipient_phone_number = c.rp AND sender_user_id IS NOT NULL
                AND kind IN ('transfer', 'pickup') AND created_at > c.at - c.period AND created_at <= c.at
             UNION ALL
             SELECT id, amount, created_at, sender_user_id FROM transactions
              WHERE c.rule = 'many_payers' AND c.ru IS NULL AND c.rp IS NULL
                AND recipient_user_id IS NULL AND recipient_phone_number IS NULL AND recipient_email = c.re
                AND sender_user_id IS NOT NULL
                AND kind IN ('transfer', 'pickup') AND created_at > c.at - c.period AND created_at <= c.at) t
    ) agg`.execute(tx);
  const findings: { order: number; m: Movement & { id: string }; finding: Finding }[] = [];
  for (const row of rows) {
    const p = pairs[Number(row.pair) - 1];
    const finding = p && findingOf(p.settings, p.m, row);
    if (p && finding) findings.push({ order: p.mi * rules.length + p.ri, m: p.m, finding });
  }
  return findings.sort((a, b) => a.order - b.order);
}

/**
 * Records the alert of `finding` unless one of the same rule and subject was raised within its period (the
 * movement falls in that alert's window); the unique key settles two passes racing. Returns the new alert, or null.
 */
export async function recordAlert(
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

export function payloadOf(m: Movement & { id: string }, findings: Finding[], held: boolean): MonitoringPayload {
  return {
    held,
    transaction_id: Number(m.id),
    sender_user_id: Number(m.senderId),
    payee: payeeKey(m.payee),
    amount: m.amount.toString(),
    findings: findings.map(publicFinding),
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
