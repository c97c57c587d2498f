import { installPhoneRules } from '../../common/identity/phone-rules.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/open-database.ts';
import type { AdminCommand } from './admin-command.ts';
import { agencyAddCommand } from './commands/agency-add.ts';
import { backupCommand, restoreCommand } from './commands/backup.ts';
import { bankerAddCommand } from './commands/banker-add.ts';
import { bankerListCommand } from './commands/banker-list.ts';
import { chainVerifyCommand } from './commands/chain-verify.ts';
import { closedAccountsPurgeCommand } from './commands/closed-accounts-purge.ts';
import { ledgerCheckCommand } from './commands/ledger-check.ts';
import {
  liabilitiesListCommand,
  liabilitiesSafeguardingCommand,
  liabilitiesSnapshotCommand,
} from './commands/liabilities.ts';
import { outboxDeadCommand, outboxRetryCommand } from './commands/outbox.ts';
import { operatorAddCommand } from './commands/operator-add.ts';
import { ratesSetCommand } from './commands/rates-set.ts';
import { sanctionsImportCommand } from './commands/sanctions-import.ts';
import { schedulesRunCommand } from './commands/schedules-run.ts';
import { payoutsExportCommand, payoutsImportCommand } from './commands/payouts.ts';
import { seedDemoCommand } from './commands/seed-demo.ts';

// Each operator command lives in its own module under cli/commands/ and is listed here.
const commands: AdminCommand[] = [
  ledgerCheckCommand,
  chainVerifyCommand,
  agencyAddCommand,
  bankerAddCommand,
  bankerListCommand,
  operatorAddCommand,
  ratesSetCommand,
  seedDemoCommand,
  liabilitiesSnapshotCommand,
  liabilitiesListCommand,
  liabilitiesSafeguardingCommand,
  outboxDeadCommand,
  outboxRetryCommand,
  backupCommand,
  restoreCommand,
  sanctionsImportCommand,
  closedAccountsPurgeCommand,
  schedulesRunCommand,
  payoutsExportCommand,
  payoutsImportCommand,
];

// A teller's phone (banker add) is checked by its country's rules, as the API checks it.
installPhoneRules();

function help(): string {
  const width = Math.max(...commands.map((c) => c.usage.length), 4);
  const lines = commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: npm run admin -- <command> [options]',
    '',
    'Commands:',
    ...lines,
    `  ${'help'.padEnd(width)}  this list`,
  ].join('\n');
}

/**
 * One operator command, as `npm run admin -- <argv>` runs it, on the database `config` names (the embedded one
 * beside a running `npm start` when it names none): what the command line runs, and what a test calls in its own
 * process instead of starting one. Returns the exit code.
 */
export async function runAdmin(
  argv: string[],
  io: { config?: Config; out?: (line: string) => void; err?: (line: string) => void } = {},
): Promise<number> {
  const out = io.out ?? ((line: string) => console.log(line));
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') {
    out(help());
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    (io.err ?? ((line: string) => console.error(line)))(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  const config = io.config ?? loadConfig();
  // Beside a running `npm start`, operators work on its embedded database rather than being refused.
  const database = await openDatabase(config, { log: () => {}, role: 'owner', attachToRunning: true, timeouts: false });
  try {
    return await command.run({ db: database.db, databaseUrl: database.url, args, out, config });
  } finally {
    await database.close();
  }
}
