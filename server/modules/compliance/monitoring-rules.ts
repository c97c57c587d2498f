import type { MonitoringRule } from '../../../common/api/monitoring.ts';
import type { Config } from '../../config.ts';

/** The monitoring rules' settings, from the configuration (docs/configuration.md): what breaks each, whether it blocks. */

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
