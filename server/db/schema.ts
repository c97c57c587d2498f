import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * The database as Kysely sees it. Each module adds the interfaces of its own tables here and reads only those
 * (DESIGN.md section 2: no module reads another module's tables; it calls that module's service).
 *
 * bigint columns come back as strings (server/db/database.ts) and accept a bigint or a string on the way in.
 */
type Int8 = ColumnType<string, bigint | string, bigint | string>;
type GeneratedInt8 = ColumnType<string, never, never>;
type CreatedAt = ColumnType<Date, never, never>;

// ledger (server/ledger/, migration 0002)

export interface LedgerAccountsTable {
  id: GeneratedInt8;
  kind: string;
  currency: string;
  owner_user_id: Int8 | null;
  agency_id: Int8 | null;
  balance: ColumnType<string, bigint | string | undefined, bigint | string>;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: GeneratedInt8;
  kind: string;
  reference_type: string;
  reference_id: string;
  metadata: JSONColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
}

export interface LedgerPostingsTable {
  entry_id: Int8;
  line: number;
  account_id: Int8;
  currency: string;
  amount: Int8;
}

export interface LedgerHoldsTable {
  id: GeneratedInt8;
  wallet_account_id: Int8;
  currency: string;
  amount: Int8;
  status: Generated<'reserved' | 'settled' | 'released'>;
  reserve_entry_id: Int8;
  final_entry_id: Int8 | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, never, Date | string>;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  response_status: number | null;
  /** Written with a `::jsonb` cast of its JSON text. */
  response_body: ColumnType<unknown, never, string>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface Database {
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
  ledger_holds: LedgerHoldsTable;
  idempotency_keys: IdempotencyKeysTable;
}
