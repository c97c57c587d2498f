import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import type { AnchorPayload, ChainAdapter } from './chain-adapter.ts';
import { findHead, findRecordById, insertRecord, lockChainHead } from './local-ledger.repository.ts';
import { genesisHash, recordHash, signHash, type SigningKeys } from './record-crypto.ts';
import type { WalletAddresses } from './wallet-addresses.ts';

export interface LocalLedgerOptions {
  db: Kysely<Database>;
  signing: SigningKeys;
  /** HMAC-derived on this ledger (walletAddressesFor): the ones stored in users.account_id. */
  addresses: WalletAddresses;
}

/** Same origin as the app: the explorer is served at /explorer/ (DESIGN.md section 1). */
export const localExplorer = { tx: '/explorer/tx/{id}', address: '/explorer/address/{address}' } as const;

/**
 * The built-in public ledger: signed, hash-chained records in PostgreSQL, readable through the explorer. Each
 * append runs in its own transaction under the chain-head lock; a record id already present returns its record.
 */
export function localLedgerChain(options: LocalLedgerOptions): ChainAdapter {
  const { db, signing, addresses } = options;
  return {
    name: 'local',
    walletAddress: (userId) => addresses.user(userId),
    agencyAddress: (agencyId) => addresses.agency(agencyId),
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
