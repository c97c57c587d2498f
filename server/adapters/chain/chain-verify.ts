import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { findRecordsAfter, type ChainRecordRow } from './local-ledger.repository.ts';
import { genesisHash, recordHash, verifyHashSignature } from './record-crypto.ts';

/** What a reader can check about one record on its own and against its neighbours. */
export interface RecordChecks {
  /** The stored hash is SHA-256 of the stored payload and previous hash. */
  hashValid: boolean;
  signatureValid: boolean;
  /** prev_hash equals the previous record's hash (or the genesis hash for the first). */
  prevLinkValid: boolean;
  /** The next record, if any, points back to this one. */
  nextLinkValid: boolean | null;
}

export function checkRecord(
  row: ChainRecordRow,
  previous: ChainRecordRow | undefined,
  next: ChainRecordRow | undefined,
  publicKey: KeyObject,
): RecordChecks {
  const hashValid = recordHash(row.payload, row.prev_hash) === row.hash;
  return {
    hashValid,
    signatureValid: verifyHashSignature(row.hash, row.signature, publicKey),
    prevLinkValid:
      row.prev_hash === (previous ? previous.hash : genesisHash) && (previous !== undefined || row.seq === '1'),
    nextLinkValid: next ? next.prev_hash === row.hash : null,
  };
}

export const recordVerifies = (c: RecordChecks) =>
  c.hashValid && c.signatureValid && c.prevLinkValid && c.nextLinkValid !== false;

export interface ChainReport {
  records: number;
  problems: string[];
}

/**
 * Walks the whole chain in order, a page at a time: sequence without gaps, every hash recomputed, every link and
 * signature checked. Any edit of a payload, hash, link or signature shows up as a problem.
 */
export async function verifyChain(db: Kysely<Database>, publicKey: KeyObject, pageSize = 1000): Promise<ChainReport> {
  const problems: string[] = [];
  let previous: ChainRecordRow | undefined;
  let records = 0;
  for (;;) {
    const page = await findRecordsAfter(db, previous?.seq ?? '0', pageSize);
    for (const row of page) {
      records++;
      const expectedSeq = String(BigInt(previous?.seq ?? '0') + 1n);
      if (row.seq !== expectedSeq) problems.push(`record ${row.seq}: expected sequence ${expectedSeq}`);
      const checks = checkRecord(row, previous, undefined, publicKey);
      if (!checks.hashValid) problems.push(`record ${row.seq}: hash does not match its payload`);
      if (!checks.signatureValid) problems.push(`record ${row.seq}: signature does not verify`);
      if (row.prev_hash !== (previous?.hash ?? genesisHash))
        problems.push(`record ${row.seq}: broken link to the previous record`);
      previous = row;
    }
    if (page.length < pageSize) return { records, problems };
  }
}
