import { purgeClosedAccounts } from '../../modules/users/closed-accounts-purge.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, withUsage } from '../flags.ts';

/**
 * `closed-accounts:purge`: what the expiry sweep does on every pass (ADR 015), at once: the closed
 * accounts whose 5-year retention ended lose their kept identity and documents. Safe beside running servers.
 */
const usage = 'closed-accounts:purge';
export const closedAccountsPurgeCommand: AdminCommand = {
  name: 'closed-accounts:purge',
  usage,
  summary: 'purge the closed accounts whose 5-year retention ended (the expiry sweep also does it on every pass)',
  async run({ db, args, out }) {
    return withUsage(usage, out, async () => {
      parseFlags(args, []);
      const purged = await purgeClosedAccounts(db, new Date());
      const next = await db
        .selectFrom('closed_accounts')
        .select((eb) => [eb.fn.countAll<string>().as('kept'), eb.fn.min('retain_until').as('next')])
        .executeTakeFirst();
      out(`${purged} closed account(s) purged.`);
      const nextDate = next?.next ?? null;
      out(
        nextDate === null
          ? 'No closed account kept.'
          : `${String(next?.kept ?? 0)} kept; the next retention ends ${new Date(nextDate).toISOString()}.`,
      );
      return 0;
    });
  },
};
