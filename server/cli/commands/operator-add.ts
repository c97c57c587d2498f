import { withTransaction } from '../../ledger/transaction.ts';
import { recordAudit } from '../../modules/audit/audit.service.ts';
import { addOperator, OperatorError } from '../../modules/users/operators.service.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';
import { identifierOf } from './banker-add.ts';
import { newAccountsOf } from './identity-keys.ts';

const usage = 'operator:add (--email X | --phone P) [--auditor] [--first-name F] [--last-name L]';

/** Bootstraps the back-office: the first operators; then operators manage each other in the UI. */
export const operatorAddCommand: AdminCommand = {
  name: 'operator:add',
  usage,
  summary: 'make a back-office operator (or, with --auditor, a read-only auditor): promotes the account, or creates it',
  async run(context) {
    const { db, out } = context;
    return withUsage(usage, out, async () => {
      const auditor = context.args.includes('--auditor');
      const args = context.args.filter((a) => a !== '--auditor');
      const flags = parseFlags(args, [], ['email', 'phone', 'first-name', 'last-name']);
      const identifier = identifierOf(flags);
      const role = auditor ? 'AUDITOR' : 'OPERATOR';
      const accounts = newAccountsOf(context);
      try {
        const result = await withTransaction(db, async (tx) => {
          const now = new Date();
          const added = await addOperator(
            tx,
            accounts,
            { identifier, role, firstName: flags['first-name'], lastName: flags['last-name'] },
            now,
          );
          await recordAudit(
            tx,
            { userId: null, role: 'cli', requestId: null, ip: null },
            {
              action: 'operator.add',
              targetType: 'user',
              targetId: added.userId,
              before: added.before === null ? null : { role: added.before },
              after: { role, sessions_ended: added.sessionsEnded },
            },
            now,
          );
          return added;
        });
        out(`${result.created ? 'Created' : 'Promoted'} ${role.toLowerCase()} ${result.userId} (${identifier.value})`);
        return 0;
      } catch (error) {
        if (error instanceof OperatorError) throw new UsageError(error.message);
        throw error;
      }
    });
  },
};
