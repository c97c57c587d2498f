import { hmac } from '../../security/keys.ts';

/**
 * The user's address on the built-in local ledger: 0x + 40 hex digits, derived from the user id with a server key,
 * so it is stable, unique in practice, and reveals nothing about the user. On an EVM network the address is a
 * real key pair's, derived from the configured HD seed (server/adapters/chain/evm/hd-wallet-addresses.ts, ADR 007):
 * ask the chain adapter (`chain.walletAddress(userId)`), which returns the right one for the configured ledger.
 */
export function walletAddress(key: Buffer, userId: string): string {
  return `0x${hmac(key, 'user', userId).toString('hex').slice(0, 40)}`;
}
