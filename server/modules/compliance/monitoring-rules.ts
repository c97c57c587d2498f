import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { MonitoringFinding, MonitoringRule } from '../../../common/api/monitoring.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Transaction monitoring (EBA guidelines 2021/02 11.13: link series of transfers between the same payer
 * and payee, many payers to one payee). Three rules over sends and cash pickups, thresholds in the configuration
 * (docs/configuration.md):
 * - pair_sum: one payer to one payee summing over MONITOR_PAIR_SUM_MAD within MONITOR_PAIR_SUM_DAYS;
 * - many_payers: MONITOR_MANY_PAYERS_COUNT distinct payers to one payee within MONITOR_MANY_PAYERS_DAYS;
 * - frequent_sends: MONITOR_FREQUENT_SENDS_COUNT sends by one customer within MONITOR_FREQUENT_SENDS_HOURS.

 */
export type MonitorConfig = Pick<
  Config,
  | 'MONITOR_PAIR_SUM_MAD'
  | 'MONITOR_PAIR_SUM_DAYS'
  | 'MONITOR_PAIR_SUM_BLOCK'
  | 'MONITOR_MANY_PAYERS_COUNT'
  | 'MONITOR_MANY_PAYERS_DAYS'
  | 'MONITOR_MANY_PAYERS_BLOCK'
  | 'MONITOR_FREQUENT_SENDS_COUNT'
  | 'MONITOR_FREQUENT_SENDS_HOURS'
  | 'MONITOR_FREQUENT_SENDS_BLOCK'
>;

export interface RuleSettings {
  rule: MonitoringRule;
  /** pair_sum: broken when the sum is over it (minor units); the others: when the count reaches it. */
  threshold: bigint;
  periodMs: number;
  block: boolean;
}

const DAY_MS = 86_400_000;

export function monitoringRuleSettings(config: MonitorConfig): RuleSettings[] {
  return [
    {
      rule: 'pair_sum',
      threshold: BigInt(config.MONITOR_PAIR_SUM_MAD) * 100n,
      periodMs: config.MONITOR_PAIR_SUM_DAYS * DAY_MS,
      block: config.MONITOR_PAIR_SUM_BLOCK === 'on',
    },
    {
      rule: 'many_payers',
      threshold: BigInt(config.MONITOR_MANY_PAYERS_COUNT),
      periodMs: config.MONITOR_MANY_PAYERS_DAYS * DAY_MS,
      block: config.MONITOR_MANY_PAYERS_BLOCK === 'on',
    },
    {
      rule: 'frequent_sends',
      threshold: BigInt(config.MONITOR_FREQUENT_SENDS_COUNT),
      periodMs: config.MONITOR_FREQUENT_SENDS_HOURS * 3_600_000,
      block: config.MONITOR_FREQUENT_SENDS_BLOCK === 'on',
    },
  ];
}

/** True when some rule is judged inside the send's transaction (sends then take the general path). */
export const monitoringBlocks = (config: MonitorConfig): boolean => monitoringRuleSettings(config).some((r) => r.block);

/** Who receives: a registered user, else the phone number, else the e-mail the money waits for. */
export type Payee = { kind: 'user'; id: string } | { kind: 'phone' | 'email'; value: string };

export const payeeKey = (p: Payee) => (p.kind === 'user' ? `user:${p.id}` : `${p.kind}:${p.value}`);

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
export interface Movement {
  id: string | null;
  senderId: string;
  payee: Payee;
  amount: bigint;
  at: Date;
}

export interface Finding extends MonitoringFinding {
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
export async function alertedWithin(tx: Transaction<Database>, settings: RuleSettings, subjectKey: string, at: Date) {
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
export async function judge(tx: Transaction<Database>, settings: RuleSettings, m: Movement): Promise<Finding | null> {
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
