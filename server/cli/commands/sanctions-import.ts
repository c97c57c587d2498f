import { readFile } from 'node:fs/promises';
import { loadConfig } from '../../config.ts';
import { rescreenCustomers } from '../../modules/sanctions/screening.ts';
import { sanctionsSources } from '../../modules/sanctions/list-entry.ts';
import { importList, parseList } from '../../modules/sanctions/sanctions-import.ts';
import type { SanctionsSource } from '../../db/schema.ts';
import type { AdminCommand } from '../admin-command.ts';
import { UsageError, withUsage } from '../flags.ts';

const usage = 'sanctions:import --format eu|un|ofac FILE [--aliases ALT.CSV] [--date YYYY-MM-DD]';

/** `--name value` flags and one positional FILE. */
function parseArgs(args: readonly string[]): { format: string; file: string; aliases?: string; date?: string } {
  const flags: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? '';
    if (a.startsWith('--')) {
      const name = a.slice(2);
      if (!['format', 'aliases', 'date'].includes(name)) throw new UsageError(`Unknown option ${a}`);
      const value = args[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`Missing value for ${a}`);
      flags[name] = value;
      i++;
    } else positional.push(a);
  }
  if (!flags['format']) throw new UsageError('Missing --format');
  if (positional.length !== 1) throw new UsageError('Give exactly one list FILE');
  return { format: flags['format'], file: positional[0] ?? '', aliases: flags['aliases'], date: flags['date'] };
}

export const sanctionsImportCommand: AdminCommand = {
  name: 'sanctions:import',
  usage,
  summary:
    'replace one sanctions list (EU consolidated CSV, UN consolidated XML, OFAC SDN.CSV with its ALT.CSV) by a file, then screen every customer again',
  async run({ db, args, out, config }) {
    return withUsage(usage, out, async () => {
      const a = parseArgs(args);
      if (!(sanctionsSources as readonly string[]).includes(a.format))
        throw new UsageError(`--format must be one of ${sanctionsSources.join(', ')}`);
      const source = a.format as SanctionsSource;
      if (a.aliases !== undefined && source !== 'ofac') throw new UsageError('--aliases is for --format ofac only');
      if (a.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(a.date)) throw new UsageError('--date is YYYY-MM-DD');
      const read = async (path: string) => {
        try {
          return await readFile(path);
        } catch (error) {
          throw new UsageError(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      };
      const files = { main: await read(a.file), aliases: a.aliases === undefined ? null : await read(a.aliases) };
      let parsed;
      try {
        parsed = parseList(source, files);
      } catch (error) {
        out(`${a.file}: ${error instanceof Error ? error.message : String(error)}. Nothing imported.`);
        return 1;
      }
      if (parsed.entries.length === 0) {
        out(`${a.file}: no entries found. Nothing imported (the list in force is kept).`);
        return 1;
      }
      if (a.date !== undefined) parsed = { ...parsed, listDate: a.date };
      const imported = await importList(db, source, parsed, files, new Date());
      out(
        `Imported ${source.toUpperCase()} list of ${imported.listDate}: ${imported.entryCount} entries ` +
          `(${imported.persons} persons), version ${imported.version}.`,
      );
      // Every customer against the new lists (a hit freezes and opens a review); recipients are screened again
      // at their next send, as wallet_send() sees their screening is of an older version.
      const { screened, hits } = await rescreenCustomers({
        db,
        config: { SANCTIONS_MATCH_THRESHOLD: (config ?? loadConfig()).SANCTIONS_MATCH_THRESHOLD },
        clock: { now: () => new Date() },
      });
      out(`Customers screened again: ${screened}, hits: ${hits}${hits > 0 ? ' (frozen, in the reviews queue)' : ''}.`);
      return 0;
    });
  },
};
