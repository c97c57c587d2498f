import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, SanctionsSource } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { ListEntry, ParsedList } from './list-entry.ts';
import { parseEuCsv } from './parse-eu.ts';
import { parseOfacCsv } from './parse-ofac.ts';
import { parseUnXml } from './parse-un.ts';

export interface ListFiles {
  /** The list file's bytes (EU CSV, UN XML, OFAC SDN.CSV). */
  main: Buffer;
  /** OFAC's ALT.CSV (aliases). */
  aliases?: Buffer | null;
}

/** Parses a list in its own format; throws an Error naming what is wrong with the file. */
export function parseList(source: SanctionsSource, files: ListFiles): ParsedList {
  const text = (b: Buffer) => b.toString('utf8');
  switch (source) {
    case 'eu':
      return parseEuCsv(text(files.main));
    case 'un':
      return parseUnXml(text(files.main));
    case 'ofac':
      // OFAC's legacy CSVs are Windows-1252; the lists' names are ASCII, latin1 reads their few accents right.
      return parseOfacCsv(files.main.toString('latin1'), files.aliases ? files.aliases.toString('latin1') : null);
  }
}

export interface ImportedList {
  source: SanctionsSource;
  version: string;
  listDate: string;
  entryCount: number;
  persons: number;
}

/**
 * Replaces the version in force of one list by `parsed`, in one transaction: the list row (new version from the
 * shared sequence, the list's date, the count, the files' hash), then its old entries deleted and the new ones
 * inserted. A reader sees the old list or the new one, never half of each; a failure leaves the old one in force.
 */
export async function importList(
  db: Kysely<Database>,
  source: SanctionsSource,
  parsed: ParsedList,
  files: ListFiles,
  today: Date,
): Promise<ImportedList> {
  const hash = createHash('sha256').update(files.main);
  if (files.aliases) hash.update(files.aliases);
  const sha = hash.digest('hex');
  const listDate = parsed.listDate ?? today.toISOString().slice(0, 10);
  const unique = new Map<string, ListEntry>();
  for (const e of parsed.entries) if (!unique.has(e.externalId)) unique.set(e.externalId, e);
  const entries = [...unique.values()];
  return withTransaction(db, async (tx) => {
    const { rows } = await sql<{ version: string }>`
      INSERT INTO sanctions_lists (source, version, list_date, imported_at, entry_count, file_sha256)
      VALUES (${source}, nextval('sanctions_list_version'), ${listDate}, now(), ${entries.length}, ${sha})
      ON CONFLICT (source) DO UPDATE SET version = EXCLUDED.version, list_date = EXCLUDED.list_date,
        imported_at = EXCLUDED.imported_at, entry_count = EXCLUDED.entry_count, file_sha256 = EXCLUDED.file_sha256
      RETURNING version`.execute(tx);
    await tx.deleteFrom('sanctions_entries').where('source', '=', source).execute();
    for (let i = 0; i < entries.length; i += 1000) {
      await tx
        .insertInto('sanctions_entries')
        .values(
          entries.slice(i, i + 1000).map((e) => ({
            source,
            external_id: e.externalId.slice(0, 100),
            subject_type: e.subjectType,
            names: e.names,
            birth_dates: e.birthDates,
            nationalities: e.nationalities,
            programme: e.programme,
            listed_on: e.listedOn,
          })),
        )
        .execute();
    }
    return {
      source,
      version: rows[0]?.version ?? '0',
      listDate,
      entryCount: entries.length,
      persons: entries.filter((e) => e.subjectType === 'person').length,
    };
  });
}

/** The lists in force, for the operator's view and the command's output. */
export async function listsInForce(db: Kysely<Database>) {
  return db.selectFrom('sanctions_lists').selectAll().orderBy('source').execute();
}
