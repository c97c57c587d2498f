import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AnchorPayload, ChainAdapter, RecordOutcome } from './chain-adapter.ts';
import {
  findHashesByRecordIds,
  findHead,
  insertRecords,
  lockChainHead,
  type NewChainRecord,
} from './local-ledger.repository.ts';
import { genesisHash, recordHash, signHash } from './record-crypto.ts';
import type { SigningKeys } from '../../security/signing-key.ts';
import type { WalletAddresses } from './wallet-addresses.ts';

export interface LocalLedgerOptions {
  db: Kysely<Database>;
  signing: SigningKeys;
  /** HMAC-derived on this ledger (walletAddressesFor): the ones stored in users.account_id. */
  addresses: WalletAddresses;
}

/** Same origin as the app: the explorer is served at /explorer/. */
export const localExplorer = { tx: '/explorer/tx/{id}', address: '/explorer/address/{address}' } as const;

/**
 * Appends a batch of payloads in ONE transaction under the chain-head lock: the record ids already on the chain
 * (written by another worker, or by an attempt that crashed before storing its tx_ids) are found with one query
 * and answered with their existing hash; the others are hashed and signed in order in memory, each linked to the
 * one before, and written with one multi-row INSERT. Six round trips and one commit per batch, whatever its size.
 *
 * All or nothing: the batch commits whole or not at all, so a crash anywhere leaves either every new record on the
 * chain (the retry finds them) or none. The lock serialises batches across workers and processes, so two records
 * never take the same previous hash; `seq` (primary key) and `record_id` (unique) back that up.
 */
async function appendBatch(
  db: Kysely<Database>,
  signing: SigningKeys,
  payloads: readonly AnchorPayload[],
): Promise<string[]> {
  if (payloads.length === 0) return [];
  return withTransaction(db, async (tx) => {
    await lockChainHead(tx);
    // Read under the lock: nothing can be appended between this and our INSERT.
    const recordIds = payloads.map((p) => p.reference_hash);
    const txIds = await findHashesByRecordIds(tx, recordIds);
    const head = await findHead(tx);
    let seq = BigInt(head?.seq ?? '0');
    let prevHash = head?.hash ?? genesisHash;
    const rows: NewChainRecord[] = [];
    for (const payload of payloads) {
      const recordId = payload.reference_hash;
      // Already on the chain, or earlier in this batch: the same record id is never written twice.
      if (txIds.has(recordId)) continue;
      const hash = recordHash(payload, prevHash);
      seq += 1n;
      rows.push({ seq: String(seq), recordId, payload, prevHash, hash, signature: signHash(hash, signing.privateKey) });
      txIds.set(recordId, hash);
      prevHash = hash;
    }
    await insertRecords(tx, rows);
    return payloads.map((p) => {
      const txId = txIds.get(p.reference_hash);
      if (txId === undefined) throw new Error(`record ${p.reference_hash} was neither found nor appended`);
      return txId;
    });
  });
}

/** The built-in public ledger: signed, hash-chained records in PostgreSQL, readable through the explorer. */
export function localLedgerChain(options: LocalLedgerOptions): ChainAdapter {
  const { db, signing, addresses } = options;
  return {
    name: 'local',
    walletAddress: (userId) => addresses.user(userId),
    agencyAddress: (agencyId) => addresses.agency(agencyId),
    // A failure (the database) fails the whole batch: the worker retries every job of it.
    async record(payloads): Promise<RecordOutcome[]> {
      const txIds = await appendBatch(db, signing, payloads);
      return txIds.map((txId) => ({ ok: true, txId }));
    },
    // The worker's whole leased batch (CHAIN_WORKER_BATCH) in one call, so one transaction.
    maxBatch: Number.POSITIVE_INFINITY,
    explorer: localExplorer,
  };
}
