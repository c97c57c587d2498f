import { listDeadLetters, OUTBOX_QUEUES, outboxQueueOf, retryDeadLetters } from '../../jobs/outbox-queues.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

/**
 * The outboxes' dead letters: jobs the workers gave up on after CHAIN_MAX_ATTEMPTS. An operator
 * reads why (last error), fixes the cause, then puts them back in the queue. Every outbox-like queue is covered
 * through one list (server/jobs/outbox-queues.ts).
 */

const kinds = OUTBOX_QUEUES.map((q) => q.kind).join('|');

const deadUsage = 'outbox:dead';
export const outboxDeadCommand: AdminCommand = {
  name: 'outbox:dead',
  usage: deadUsage,
  summary: `list the dead letters of every outbox (${OUTBOX_QUEUES.map((q) => `${q.noun}s`).join(', ')}) given up on (exit 1 if any)`,
  async run({ db, args, out }) {
    return withUsage(deadUsage, out, async () => {
      parseFlags(args, []);
      const lists = await Promise.all(OUTBOX_QUEUES.map(async (q) => ({ q, dead: await listDeadLetters(db, q) })));
      if (lists.every(({ dead }) => dead.length === 0)) {
        out('No dead letters.');
        return 0;
      }
      for (const { q, dead } of lists) {
        out(`${dead.length} ${q.noun}(s) given up on:`);
        for (const d of dead) {
          out(
            `  ${q.kind} ${d.id}  ${d.what}  ${d.attempts} attempts  dead since ` +
              `${d.dead_at.toISOString()}  last error: ${d.last_error ?? '-'}`,
          );
        }
      }
      out(`Fix the cause, then: npm run admin -- outbox:retry --kind ${kinds} --id <id>|all`);
      return 1;
    });
  },
};

const retryUsage = `outbox:retry --kind ${kinds} --id <id>|all`;
export const outboxRetryCommand: AdminCommand = {
  name: 'outbox:retry',
  usage: retryUsage,
  summary: 'put dead letters back in their queue with a fresh count of attempts',
  async run({ db, args, out }) {
    return withUsage(retryUsage, out, async () => {
      const flags = parseFlags(args, ['kind', 'id']);
      const queue = outboxQueueOf(flags.kind);
      if (!queue) throw new UsageError(`--kind: ${OUTBOX_QUEUES.map((q) => q.kind).join(', ')}`);
      if (flags.id !== 'all' && !/^\d{1,18}$/.test(flags.id)) throw new UsageError('--id: a job id, or all');
      const ids = flags.id === 'all' ? undefined : [flags.id];
      const count = await retryDeadLetters(db, queue, ids);
      out(`${count} ${queue.kind} job(s) back in the queue.`);
      return count > 0 || flags.id === 'all' ? 0 : 1;
    });
  },
};
