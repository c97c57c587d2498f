import { mnemonicToSeedSync } from '@scure/bip39';
import type { Config } from '../../config.ts';
import { hmac, type ServerKeys } from '../../security/keys.ts';
import { hdWalletAddresses } from './evm/hd-wallet-addresses.ts';

/**
 * The user's address on the built-in local ledger: 0x + 40 hex digits, derived from the user id with a server key,
 * so it is stable, unique in practice, and reveals nothing about the user. On an EVM network the address is a
 * real key pair's, derived from the configured HD seed (./evm/hd-wallet-addresses.ts, ADR 007): ask the chain
 * adapter (`chain.walletAddress(userId)`), which returns the right one for the configured ledger.
 */
export function walletAddress(key: Buffer, userId: string): string {
  return `0x${hmac(key, 'user', userId).toString('hex').slice(0, 40)}`;
}

/** The addresses of users and agencies on the configured public ledger. */
export interface WalletAddresses {
  user: (userId: string) => string;
  agency: (agencyId: string) => string;
}

/**
 * One derivation for the whole server: the chain adapter publishes records with these addresses and user creation
 * stores the same one in users.account_id (what the profile and contact 'view' links open). On an EVM network
 * they come from the HD seed (ADR 007); on the built-in ledger from an HMAC of the id with a server key. Pure and
 * offline: operator commands (banker:add, seed:demo) derive them without reaching the network.
 */
export function walletAddressesFor(config: Pick<Config, 'evm'>, keys: Pick<ServerKeys, 'walletAddress'>): WalletAddresses {
  if (config.evm) return hdWalletAddresses(mnemonicToSeedSync(config.evm.mnemonic));
  const key = keys.walletAddress;
  return {
    user: (userId) => walletAddress(key, userId),
    agency: (agencyId) => `0x${hmac(key, 'agency', agencyId).toString('hex').slice(0, 40)}`,
  };
}
