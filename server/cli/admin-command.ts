import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface AdminContext {
  db: Kysely<Database>;
  /** The words after the command name, e.g. `['--email', 'a@b.c']`. */
  args: string[];
  out: (line: string) => void;
}

export interface AdminCommand {
  name: string;
  usage: string;
  summary: string;
  /** Returns the process exit code: 0 when all is well. */
  run(context: AdminContext): Promise<number>;
}
