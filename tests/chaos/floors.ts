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
  if (acknowledged < floor) {
    anomalies.push({
      check: 'floor-acknowledged',
      detail: `${acknowledged} operations acknowledged in ${run.seconds} s, fewer than ${floor}: ${JSON.stringify(byScenario)}`,
    });
  }
}
