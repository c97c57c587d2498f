/**
 * Transaction monitoring: what a `monitoring` review carries, for the back-office screen. The server
 * writes it (server/modules/compliance/monitoring.ts); the operator reads it in /ops/reviews.
 */

export const MONITORING_REVIEW_KIND = 'monitoring';

/**
 * - `pair_sum`: sends + cash pickups from one payer to one payee summing over a threshold within a period.
 * - `many_payers`: at least N distinct payers to one payee within a period.
 * - `frequent_sends`: at least N sends + cash pickups by one customer within a period.
 */
export const monitoringRules = ['pair_sum', 'many_payers', 'frequent_sends'] as const;
export type MonitoringRule = (typeof monitoringRules)[number];

export interface MonitoringFinding {
  rule: MonitoringRule;
  /** pair_sum: minor units of MAD; the others: a count. Decimal strings. */
  threshold: string;
  value: string;
  window_start: string;
  window_end: string;
  /** The movements the rule counted (the first 50), the one that broke it included when it was written. */
  transaction_ids: number[];
  /** many_payers: the distinct payers' user ids. */
  payers?: number[];
}

export interface MonitoringPayload {
  /** True: the send was held by a blocking rule (approve releases it, reject keeps the money held). */
  held: boolean;
  /** The movement that broke the rule(s). */
  transaction_id: number;
  sender_user_id: number;
  /** `user:42`, `phone:+212...` or `email:...`: who receives. */
  payee: string;
  /** The movement's amount, minor units of MAD. */
  amount: string;
  findings: MonitoringFinding[];
}

export function isMonitoringPayload(
  payload: Record<string, unknown>,
): payload is MonitoringPayload & Record<string, unknown> {
  return Array.isArray(payload.findings) && typeof payload.transaction_id === 'number';
}
