import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { ServerKeys } from '../../security/keys.ts';
import type { ChainAdapter } from './chain-adapter.ts';
import { evmChain } from './evm/evm-chain.ts';
import { localLedgerChain } from './local-ledger.ts';
import { parseSigningKey } from '../../security/signing-key.ts';
import { walletAddressesFor } from './wallet-addresses.ts';

/** The EVM network when CHAIN_RPC_URL and its companions are configured, else the built-in local ledger. */
export function createChainAdapter(config: Config, db: Kysely<Database>, keys: ServerKeys): ChainAdapter {
  const { evm } = config;
  const addresses = walletAddressesFor(config, keys);
  if (evm) {
    return evmChain({
      db,
      rpcUrl: evm.rpcUrl,
      chainId: evm.chainId,
      explorerUrl: evm.explorerUrl,
      addresses,
      operatorKey: evm.operatorKey,
      registry: evm.registry,
      confirmations: config.CHAIN_CONFIRMATIONS,
      pollingIntervalMs: config.CHAIN_POLL_INTERVAL_MS,
      // Give up on a receipt well before the job's lease ends, so no other worker takes the job meanwhile.
      receiptTimeoutMs: Math.max(1000, Math.floor(config.CHAIN_LEASE_SECONDS * 1000 * 0.8)),
    });
  }
  return localLedgerChain({ db, signing: parseSigningKey(config.CHAIN_SIGNING_KEY), addresses });
}
