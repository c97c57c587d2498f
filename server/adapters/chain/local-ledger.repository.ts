import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { lockFor } from '../../db/advisory-lock.ts';
import type { ChainRecordsTable, Database } from '../../db/schema.ts';

/** SQL of the built-in local ledger (`chain_records`, migration 0007). */

export type ChainRecordRow = Omit<Selectable<ChainRecordsTable>, 'from_address' | 'to_address'>;

const columns = ['seq', 'record_id', 'payload', 'prev_hash', 'hash', 'signature', 'created_at'] as const;

/**
 * Serialises appends across every worker and process until the transaction ends, so two records never take the
 * same previous hash (the chain never forks).
 */
export async function lockChainHead(tx: Transaction<Database>): Promise<void> {
  await lockFor(tx, 'chain_records:append');
}

/** The hashes (tx_ids) of those of `recordIds` already on the chain, by record id: one query for a whole batch. */
export async function findHashesByRecordIds(
  db: Kysely<Database>,
  recordIds: readonly string[],
): Promise<Map<string, string>> {
  if (recordIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chain_records')
    .select(['record_id', 'hash'])
    .where(sql<boolean>`record_id = any(${[...recordIds]}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.record_id, r.hash]));
}

export async function findRecordByHash(db: Kysely<Database>, hash: string): Promise<ChainRecordRow | undefined> {
  return db.selectFrom('chain_records').select(columns).where('hash', '=', hash).executeTakeFirst();
}

/** A record by its id (a tree's root as 0x + 64 hex, a transaction's reference hash). */
export async function findRecordByRecordId(
  db: Kysely<Database>,
  recordId: string,
): Promise<ChainRecordRow | undefined> {
  return db.selectFrom('chain_records').select(columns).where('record_id', '=', recordId).executeTakeFirst();
}

export async function findRecordBySeq(db: Kysely<Database>, seq: string): Promise<ChainRecordRow | undefined> {
  return db.selectFrom('chain_records').select(columns).where('seq', '=', seq).executeTakeFirst();
}

export async function findHead(tx: Kysely<Database>): Promise<{ seq: string; hash: string } | undefined> {
  return tx.selectFrom('chain_records').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
}

export interface NewChainRecord {
  seq: string;
  recordId: string;
  payload: Record<string, string | null>;
  prevHash: string;
  hash: string;
  signature: string;
}

/** Rows per INSERT statement: 6 parameters each, well under PostgreSQL's 65,535 bind parameters. */
const insertChunk = 1000;

/** Appends records, in order, with one multi-row INSERT per thousand. Call it under lockChainHead. */
export async function insertRecords(tx: Transaction<Database>, rows: readonly NewChainRecord[]): Promise<void> {
  for (let i = 0; i < rows.length; i += insertChunk) {
    await tx
      .insertInto('chain_records')
      .values(
        rows.slice(i, i + insertChunk).map((row) => ({
          seq: row.seq,
          record_id: row.recordId,
          payload: JSON.stringify(row.payload),
          prev_hash: row.prevHash,
          hash: row.hash,
          signature: row.signature,
        })),
      )
      .execute();
  }
}

/**
 * An address's records, newest first: sent or received. First the newest `limit` seqs of each
 * side from that side's index alone (0007: (from_address, seq DESC), (to_address, seq DESC); Index Only Scans,
 * at most `limit` entries each; UNION drops a record an address sent to itself), then those rows by primary key.
 * The former `from = $1 OR to = $1 ORDER BY seq DESC LIMIT n`, and each side with the row's columns, let the
 * planner walk the primary key backwards filtering on the address: for an agency address with 100,000 records
 * whose newest is older than 100,000 others, 100,005 rows removed and 4,904 buffers per side (40 to 170 ms);
 * with the seqs first it reads about 200 index entries and 100 rows whatever the history. Figures:
 * bench/explorer-address.ts, docs/explorer-address-plan.md.
 */
export function addressRecordsQuery(db: Kysely<Database>, address: string, limit: number) {
  // `address <= c AND c <= address` rather than `c = address`: an equality would make the address a constant
  // the planner leaves out of the order, and then the primary key (seq) is an ordered path too. It estimates
  // that walk as cheap for a frequent address (rows spread evenly), which is wrong when they are old. As a range,
  // (c, seq) order comes from the address's index only: at most `limit` entries, whatever the history.
  const side = (column: 'from_address' | 'to_address') =>
    db
      .selectFrom('chain_records')
      .select('seq')
      .where(column, '>=', address)
      .where(column, '<=', address)
      .orderBy(column)
      .orderBy('seq', 'desc')
      .limit(limit);
  const newest = db
    .selectFrom(sql<{ seq: string }>`((${side('from_address')}) UNION (${side('to_address')}))`.as('s'))
    .select('s.seq')
    .orderBy('s.seq', 'desc')
    .limit(limit);
  return db
    .selectFrom('chain_records')
    .select(columns)
    .where(sql<boolean>`seq = any(array(${newest}))`)
    .orderBy('seq', 'desc');
}

export async function findRecordsByAddress(
  db: Kysely<Database>,
  address: string,
  limit: number,
): Promise<ChainRecordRow[]> {
  return addressRecordsQuery(db, address, limit).execute();
}

/** One page of the chain in order, for the full verification. */
export async function findRecordsAfter(
  db: Kysely<Database>,
  afterSeq: string,
  limit: number,
): Promise<ChainRecordRow[]> {
  return db
    .selectFrom('chain_records')
    .select(columns)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}
