import { setRates, validateRates } from '../../modules/rates/rates.service.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

const usage = 'rates:set --official 10.85 --freemium 10.70 --subscription 10.80 --fee 0.016';

export const ratesSetCommand: AdminCommand = {
  name: 'rates:set',
  usage,
  summary: 'record new rates (MAD per EUR) and card fee fraction; they apply from now on',
  async run({ db, args, out }) {
    return withUsage(usage, out, async () => {
      const flags = parseFlags(args, ['official', 'freemium', 'subscription', 'fee']);
      const problems = validateRates(flags);
      if (problems.length > 0) throw new UsageError(problems.join('\n'));
      const rates = await setRates(db, flags);
      out(
        `Rates set: official ${rates.official}, freemium ${rates.freemium}, subscription ${rates.subscription}, ` +
          `card fee ${rates.card_fee}`,
      );
      return 0;
    });
  },
};
