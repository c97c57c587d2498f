import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { ServerKeys } from '../../security/keys.ts';
import type { ChainAdapter } from './chain-adapter.ts';
import { localLedgerChain } from './local-ledger.ts';
import { parseSigningKey } from './record-crypto.ts';

/** The built-in local ledger; CHAIN_RPC_URL will select the EVM adapter once it exists (issue 8, later session). */
export function createChainAdapter(config: Config, db: Kysely<Database>, keys: ServerKeys): ChainAdapter {
  return localLedgerChain({ db, signing: parseSigningKey(config.CHAIN_SIGNING_KEY), addressKey: keys.walletAddress });
}
