import { serviceDeps } from '../../app.ts';
import { startDatabaseClock } from '../../clock.ts';
import { loadConfig } from '../../config.ts';
import { runSchedulesPass } from '../../modules/schedules/scheduler.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, withUsage } from '../flags.ts';

/**
 * `schedules:run`: one pass of the scheduler now, as the worker runs every minute (ADR 024): the occurrences due
 * on the database's clock are sent, skipped or recorded as missed, once each. Safe beside running workers.
 */
const usage = 'schedules:run';
export const schedulesRunCommand: AdminCommand = {
  name: 'schedules:run',
  usage,
  summary: 'run one pass of the recurring transfers now (the worker runs one every minute)',
  async run({ db, args, out, config }) {
    return withUsage(usage, out, async () => {
      parseFlags(args, []);
      const clock = await startDatabaseClock(db);
      try {
        const done = await runSchedulesPass(serviceDeps({ config: config ?? loadConfig(), db, clock }));
        out(
          `${done.sent} sent, ${done.skipped} skipped, ${done.missed} missed, ${done.reminded} reminded, ${done.failed.length} failed.`,
        );
        return done.failed.length === 0 ? 0 : 1;
      } finally {
        clock.stop();
      }
    });
  },
};
