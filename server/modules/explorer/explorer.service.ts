import type { KeyObject } from 'node:crypto';
import { checkRecord, recordVerifies, type RecordChecks } from '../../adapters/chain/chain-verify.ts';
import {
  findRecordByHash,
  findRecordBySeq,
  findRecordsByAddress,
  findHead,
  type ChainRecordRow,
} from '../../adapters/chain/local-ledger.repository.ts';
import type { ServiceDeps } from '../service-deps.ts';

export interface RecordView {
  row: ChainRecordRow;
  checks: RecordChecks;
  verified: boolean;
  previousHash: string | null;
  nextHash: string | null;
  chainLength: string;
}

const seqPlus = (seq: string, delta: bigint) => String(BigInt(seq) + delta);

/** One record with its neighbours, so the page can show whether its signature and both links verify. */
export async function recordView(
  deps: Pick<ServiceDeps, 'db'>,
  publicKey: KeyObject,
  hash: string,
): Promise<RecordView | undefined> {
  const row = await findRecordByHash(deps.db, hash);
  if (!row) return undefined;
  const [previous, next, head] = await Promise.all([
    row.seq === '1' ? Promise.resolve(undefined) : findRecordBySeq(deps.db, seqPlus(row.seq, -1n)),
    findRecordBySeq(deps.db, seqPlus(row.seq, 1n)),
    findHead(deps.db),
  ]);
  const checks = checkRecord(row, previous, next, publicKey);
  return {
    row,
    checks,
    verified: recordVerifies(checks),
    previousHash: previous?.hash ?? null,
    nextHash: next?.hash ?? null,
    chainLength: head?.seq ?? row.seq,
  };
}

export const addressPageSize = 100;

export async function addressRecords(deps: Pick<ServiceDeps, 'db'>, address: string): Promise<ChainRecordRow[]> {
  return findRecordsByAddress(deps.db, address, addressPageSize);
}
