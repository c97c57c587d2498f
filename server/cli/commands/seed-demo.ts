import { seedDemo } from '../seed/seed-demo.ts';
import type { AdminCommand } from '../admin-command.ts';
import { newAccountsOf } from './identity-keys.ts';

export const seedDemoCommand: AdminCommand = {
  name: 'seed:demo',
  usage: 'seed:demo',
  summary: 'load demo rates, five agencies and their tellers (idempotent; runs on the first embedded start)',
  async run(context) {
    const report = await seedDemo(context.db, newAccountsOf(context));
    context.out(
      `Demo data: rates ${report.ratesCreated ? 'created' : 'kept'}, ${report.agenciesCreated} agencies and ` +
        `${report.bankersCreated} tellers created (the rest already existed). banker:list shows them.`,
    );
    return 0;
  },
};
