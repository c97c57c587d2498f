import type { Anomaly, ClientStats } from './client.ts';
import type { Journal } from './journal.ts';
import { scenarios } from './scenarios/index.ts';

/**
 * A run that proved nothing fails: no process was killed, no database session terminated, no request was retried,
 * or too few operations were acknowledged for the invariants to mean much. The floor is per second of workload and low enough to hold on a
 * loaded 2-core machine (30 s under a load of 20-30 acknowledged 30 to 64 operations, with one kill; an idle
 * machine does several times more): a quarter of an operation a second.
 */
export const ACKNOWLEDGED_PER_SECOND = 0.25;

/**
 * The bank workload itself: top-ups and sends must both go through, at least one of each per 30 s of a run of two
 * minutes or more, and the limit must be exercised, not the workload. A run whose customers sit at their limit (all
 * at level 1: 4,629 top-ups refused by the limit and 105 acknowledged in 300 s) moves little money while its total
 * above passes; with most customers at level 2 the refusals stay well below the acknowledged top-ups, under load as
 * well (a refused customer waits 1-2 s, scenarios/topup.ts), so more than twice as many refusals fails the run.
 */
export const MONEY_PER_SECOND = 1 / 30;
/**
 * From this length on: every customer starts at zero and tops up first, so a short run on a loaded machine can end
 * before its first sends (a 30 s run at a load of 27 acknowledged 9 top-ups and no send), and is no workload to judge.
 */
export const MONEY_FLOOR_FROM_SECONDS = 120;
export const LIMIT_REFUSALS_PER_TOPUP = 2;

export function acknowledgedOperations(journal: Journal): Record<string, number> {
  return Object.fromEntries(
    scenarios.flatMap((s) => (s.acknowledged ? [[s.name, s.acknowledged(journal)] as const] : [])),
  );
}

export function checkFloors(
  run: { seconds: number; journal: Journal; stats: ClientStats; kills: number; terminatedBackends: number },
  anomalies: Anomaly[],
  log: (line: string) => void,
): void {
  const byScenario = acknowledgedOperations(run.journal);
  const acknowledged = Object.values(byScenario).reduce((a, b) => a + b, 0);
  const floor = Math.ceil(run.seconds * ACKNOWLEDGED_PER_SECOND);
  log(
    `floors: ${run.kills} kills (>= 1), ${run.terminatedBackends} database sessions terminated (>= 1), ` +
      `${run.stats.retries} retries (>= 1), ${acknowledged} acknowledged (>= ${floor})`,
  );
  if (run.kills < 1) anomalies.push({ check: 'floor-kills', detail: 'no process was killed' });
  if (run.terminatedBackends < 1) {
    anomalies.push({ check: 'floor-backends', detail: 'no database session of the API processes was terminated' });
  }
  if (run.stats.retries < 1) anomalies.push({ check: 'floor-retries', detail: 'no request was retried' });
  const moneyFloor = run.seconds >= MONEY_FLOOR_FROM_SECONDS ? Math.ceil(run.seconds * MONEY_PER_SECOND) : 0;
  const limited = run.journal.topups.filter((t) => t.limited).length;
  const topups = byScenario.topup ?? 0;
  // The send scenario counts sends to a registered customer and to someone without an account yet.
  const sends = byScenario.send ?? 0;
  log(
    `floors: ${topups} top-ups and ${sends} sends acknowledged (>= ${moneyFloor} each), ${limited} top-ups ` +
      `refused by the limit (<= ${LIMIT_REFUSALS_PER_TOPUP} per acknowledged top-up)`,
  );
  for (const [what, count] of [
    ['top-ups', topups],
    ['sends', sends],
  ] as const) {
    if (count < moneyFloor) {
      anomalies.push({
        check: 'floor-money',
        detail: `${count} ${what} acknowledged in ${run.seconds} s, fewer than ${moneyFloor}`,
      });
    }
  }
  if (limited > LIMIT_REFUSALS_PER_TOPUP * topups) {
    anomalies.push({
      check: 'floor-limit',
      detail: `${limited} top-ups refused by the limit for ${topups} acknowledged: the customers sat at their limit`,
    });
  }
  if (acknowledged < floor) {
    anomalies.push({
      check: 'floor-acknowledged',
      detail: `${acknowledged} operations acknowledged in ${run.seconds} s, fewer than ${floor}: ${JSON.stringify(byScenario)}`,
    });
  }
}
