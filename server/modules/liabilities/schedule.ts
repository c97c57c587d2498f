import type { AnchorDeps } from '../anchoring/anchor-worker.ts';
import { anchorPendingTrees } from './anchor-liabilities.ts';
import { parseCron, previousFire } from '../../../common/time/cron.ts';
import { snapshotExistsFor } from './liabilities.repository.ts';
import { takeSnapshot } from './snapshot.service.ts';

/** How often each process looks at the schedule: a snapshot starts within a minute of its time. */
const tickMs = 60_000;

/**
 * One look: if the latest slot of LIABILITIES_SNAPSHOT_CRON has no snapshot yet, take it (once across processes:
 * takeSnapshot holds an advisory lock and skips a slot already taken), then publish the trees not yet anchored.
 * A server down at the slot's time takes it when it comes back; slots older than the latest are not caught up.
 */
export async function liabilitiesTick(deps: AnchorDeps, now: Date): Promise<void> {
  const schedule = parseCron(deps.config.LIABILITIES_SNAPSHOT_CRON);
  const slot = schedule && previousFire(schedule, now);
  if (slot && !(await snapshotExistsFor(deps.db, slot))) await takeSnapshot(deps.db, { scheduledFor: slot });
  await anchorPendingTrees(deps);
}

/** Runs liabilitiesTick every minute in this process (first look soon after start); returns stop(). */
export function startLiabilitiesSchedule(
  deps: AnchorDeps & { clock: { now: () => Date } },
  log: (error: unknown) => void,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = liabilitiesTick(deps, deps.clock.now())
      .catch(log)
      .then(() => {
        if (!stopped) timer = setTimeout(tick, tickMs).unref();
      });
  };
  timer = setTimeout(tick, 5_000).unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
