import { listDeadJobs, retryDeadJobs } from '../../modules/anchoring/anchor-outbox.repository.ts';
import { listDeadActions, retryDeadActions } from '../../modules/billing/payment-actions.repository.ts';
import {
  listDeadDeliveries,
  retryDeadDeliveries,
} from '../../modules/notifications/notifications.repository.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

/**
 * The outboxes' dead letters (issue 24 item 3): jobs the workers gave up on after CHAIN_MAX_ATTEMPTS. An operator
 * reads why (last error), fixes the cause, then puts them back in the queue.
 */

const deadUsage = 'outbox:dead';
export const outboxDeadCommand: AdminCommand = {
  name: 'outbox:dead',
  usage: deadUsage,
  summary:
    'list the dead letters: anchoring records, provider refunds/cancellations and notification messages given up on (exit 1 if any)',
  async run({ db, args, out }) {
    return withUsage(deadUsage, out, async () => {
      parseFlags(args, []);
      const [jobs, actions, deliveries] = await Promise.all([
        listDeadJobs(db),
        listDeadActions(db),
        listDeadDeliveries(db),
      ]);
      if (jobs.length === 0 && actions.length === 0 && deliveries.length === 0) {
        out('No dead letters.');
        return 0;
      }
      out(`${jobs.length} anchoring job(s) given up on:`);
      for (const j of jobs) {
        out(
          `  anchoring ${j.id}  transaction ${j.transaction_id}  ${j.attempts} attempts  dead since ` +
            `${j.dead_at?.toISOString() ?? '?'}  last error: ${j.last_error ?? '-'}`,
        );
      }
      out(`${actions.length} payment action(s) given up on:`);
      for (const a of actions) {
        out(
          `  payment ${a.id}  ${a.kind} ${a.target}  ${a.attempts} attempts  dead since ` +
            `${a.dead_at?.toISOString() ?? '?'}  last error: ${a.last_error ?? '-'}`,
        );
      }
      out(`${deliveries.length} notification message(s) given up on:`);
      for (const d of deliveries) {
        out(
          `  notification ${d.id}  ${d.kind} to user ${d.user_id} by ${d.channel}  ${d.attempts} attempts  dead since ` +
            `${d.dead_at?.toISOString() ?? '?'}  last error: ${d.last_error ?? '-'}`,
        );
      }
      out('Fix the cause, then: npm run admin -- outbox:retry --kind anchoring|payment|notification --id <id>|all');
      return 1;
    });
  },
};

const retryUsage = 'outbox:retry --kind anchoring|payment|notification --id <id>|all';
export const outboxRetryCommand: AdminCommand = {
  name: 'outbox:retry',
  usage: retryUsage,
  summary: 'put dead letters back in their queue with a fresh count of attempts',
  async run({ db, args, out }) {
    return withUsage(retryUsage, out, async () => {
      const flags = parseFlags(args, ['kind', 'id']);
      const retry =
        flags.kind === 'anchoring'
          ? retryDeadJobs
          : flags.kind === 'payment'
            ? retryDeadActions
            : flags.kind === 'notification'
              ? retryDeadDeliveries
              : undefined;
      if (!retry) throw new UsageError('--kind: anchoring, payment or notification');
      if (flags.id !== 'all' && !/^\d{1,18}$/.test(flags.id)) throw new UsageError('--id: a job id, or all');
      const ids = flags.id === 'all' ? undefined : [flags.id];
      const count = await retry(db, ids);
      out(`${count} ${flags.kind} job(s) back in the queue.`);
      return count > 0 || flags.id === 'all' ? 0 : 1;
    });
  },
};
