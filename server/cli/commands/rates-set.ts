import { loadConfig } from '../../config.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { fireRateAlerts } from '../../modules/rate-alerts/fire.ts';
import { setRates, validateRates } from '../../modules/rates/rates.service.ts';
import type { AdminCommand } from '../admin-command.ts';
import { parseFlags, UsageError, withUsage } from '../flags.ts';

const usage = 'rates:set --official 10.85 --freemium 10.70 --subscription 10.80 --fee 0.016';

export const ratesSetCommand: AdminCommand = {
  name: 'rates:set',
  usage,
  summary: 'record new rates (MAD per EUR) and card fee fraction; they apply from now on',
  async run({ db, args, out, config }) {
    return withUsage(usage, out, async () => {
      const flags = parseFlags(args, ['official', 'freemium', 'subscription', 'fee']);
      const problems = validateRates(flags);
      if (problems.length > 0) throw new UsageError(problems.join('\n'));
      const grace = (config ?? loadConfig()).SUBSCRIPTION_GRACE_SECONDS;
      // In force at once: the rate alerts they reach fire in the same transaction, as from /ops/rates.
      const { rates, fired } = await withTransaction(db, async (tx) => {
        const row = await setRates(tx, flags);
        return { rates: row, fired: (await fireRateAlerts(tx, row.effective_at, grace)).length };
      });
      out(
        `Rates set: official ${rates.official}, freemium ${rates.freemium}, subscription ${rates.subscription}, ` +
          `card fee ${rates.card_fee}` +
          (fired > 0 ? `; ${fired} rate alert(s) fired` : ''),
      );
      return 0;
    });
  },
};
