import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { walletAddress } from '../../modules/users/wallet-address.ts';
import { hmac } from '../../security/keys.ts';
import type { AnchorPayload, ChainAdapter } from './chain-adapter.ts';
import { findHead, findRecordById, insertRecord, lockChainHead } from './local-ledger.repository.ts';
import { genesisHash, recordHash, signHash, type SigningKeys } from './record-crypto.ts';

export interface LocalLedgerOptions {
  db: Kysely<Database>;
  signing: SigningKeys;
  /** The HMAC key of user addresses (ServerKeys.walletAddress): the same derivation as before, so they stay. */
  addressKey: Buffer;
}

/** Same origin as the app: the explorer is served at /explorer/ (DESIGN.md section 1). */
export const localExplorer = { tx: '/explorer/tx/{id}', address: '/explorer/address/{address}' } as const;

/**
 * The built-in public ledger: signed, hash-chained records in PostgreSQL, readable through the explorer. Each
 * append runs in its own transaction under the chain-head lock; a record id already present returns its record.
 */
export function localLedgerChain(options: LocalLedgerOptions): ChainAdapter {
  const { db, signing, addressKey } = options;
  return {
    name: 'local',
    walletAddress: (userId) => walletAddress(addressKey, userId),
    agencyAddress: (agencyId) => `0x${hmac(addressKey, 'agency', agencyId).toString('hex').slice(0, 40)}`,
    async record(payload: AnchorPayload) {
      const recordId = payload.reference_hash;
      const existing = await findRecordById(db, recordId);
      if (existing) return { txId: existing.hash };
      const row = await withTransaction(db, async (tx) => {
        await lockChainHead(tx);
        // Checked again under the lock: another worker may have appended it while we waited.
        const already = await findRecordById(tx, recordId);
        if (already) return already;
        const head = await findHead(tx);
        const prevHash = head?.hash ?? genesisHash;
        const hash = recordHash(payload, prevHash);
        return insertRecord(tx, {
          seq: String(BigInt(head?.seq ?? '0') + 1n),
          recordId,
          payload,
          prevHash,
          hash,
          signature: signHash(hash, signing.privateKey),
        });
      });
      return { txId: row.hash };
    },
    explorer: localExplorer,
  };
}
