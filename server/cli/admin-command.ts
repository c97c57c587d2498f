import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';

export interface AdminContext {
  db: Kysely<Database>;
  /** The words after the command name, e.g. `['--email', 'a@b.c']`. */
  args: string[];
  out: (line: string) => void;
  /** The connection URL of that database (the embedded one's when no DATABASE_URL), for client tools. */
  databaseUrl?: string;
  /** The parsed configuration (secrets for wallet addresses); commands that need it load it when absent. */
  config?: Config;
}

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  /** Returns the process exit code: 0 when all is well. */
  run(context: AdminContext): Promise<number>;
}
