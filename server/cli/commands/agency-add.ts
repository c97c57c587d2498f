import { withTransaction } from '../../ledger/transaction.ts';
import { createAgency, validateAgency } from '../../modules/contacts/agencies.service.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

const usage = 'agency:add --name N --address A --zip Z --city C --lat 33.59 --lon -7.61 [--phone P] [--email E]';

export const agencyAddCommand: AdminCommand = {
  name: 'agency:add',
  usage,
  summary: 'create an agency (a public contact where tellers pay out cash) and its cash account',
  async run({ db, args, out }) {
    return withUsage(usage, out, async () => {
      const flags = parseFlags(args, ['name', 'address', 'zip', 'city', 'lat', 'lon'], ['phone', 'email']);
      const checked = validateAgency(flags);
      if (!checked.ok) throw new UsageError(checked.problems.join('\n'));
      const agency = await withTransaction(db, (tx) => createAgency(tx, checked.agency));
      out(`Agency ${agency.id} created: ${agency.first_name}, ${agency.address}, ${agency.zip_code} ${agency.city}`);
      return 0;
    });
  },
};
