import { emailSchema, phoneSchema } from '../../../common/api/auth.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { getAgency } from '../../modules/contacts/agencies.service.ts';
import { addBanker, BankerError } from '../../modules/users/bankers.service.ts';
import type { SignInIdentifier } from '../../modules/users/users.service.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';
import { newAccountsOf } from './identity-keys.ts';

const usage = 'banker:add (--email X | --phone P) --agency ID [--first-name F] [--last-name L]';

export function identifierOf(flags: { email?: string | undefined; phone?: string | undefined }): SignInIdentifier {
  if ((flags.email === undefined) === (flags.phone === undefined))
    throw new UsageError('Give --email or --phone (one of them)');
  if (flags.email !== undefined) {
    const email = emailSchema.safeParse(flags.email);
    if (!email.success) throw new UsageError('--email must be an e-mail address');
    return { kind: 'email', value: email.data };
  }
  const phone = phoneSchema.safeParse(flags.phone);
  if (!phone.success) throw new UsageError('--phone must be a +33, +212 or +1 number');
  return { kind: 'phone', value: phone.data };
}

export const bankerAddCommand: AdminCommand = {
  name: 'banker:add',
  usage,
  summary: 'make a teller of an agency: promotes the account with this e-mail/phone, or creates it',
  async run(context) {
    const { db, args, out } = context;
    return withUsage(usage, out, async () => {
      const flags = parseFlags(args, ['agency'], ['email', 'phone', 'first-name', 'last-name']);
      const identifier = identifierOf(flags);
      const accounts = newAccountsOf(context);
      try {
        const result = await withTransaction(db, async (tx) => {
          if (!(await getAgency(tx, flags.agency)))
            throw new BankerError(`No agency with id ${flags.agency} (see agency:add)`);
          return addBanker(
            tx,
            accounts,
            { identifier, agencyId: flags.agency, firstName: flags['first-name'], lastName: flags['last-name'] },
            new Date(),
          );
        });
        out(
          `${result.created ? 'Created' : 'Promoted'} banker ${result.userId} (${identifier.value}) at agency ${flags.agency}`,
        );
        return 0;
      } catch (error) {
        if (error instanceof BankerError) throw new UsageError(error.message);
        throw error;
      }
    });
  },
};
