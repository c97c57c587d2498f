import { hmac } from '../../security/keys.ts';

/**
 * The user's public-ledger address: 0x + 40 hex digits, derived from the user id with a server key, so it is
 * stable, unique in practice, and reveals nothing about the user. The public-ledger issue replaces it with a
 * real key pair's address.
 */
export function walletAddress(key: Buffer, userId: string): string {
  return `0x${hmac(key, 'user', userId).toString('hex').slice(0, 40)}`;
}
