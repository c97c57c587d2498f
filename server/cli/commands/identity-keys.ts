import { walletAddressesFor } from '../../adapters/chain/wallet-addresses.ts';
import { loadConfig } from '../../config.ts';
import { serverKeys } from '../../security/keys.ts';
import type { AdminContext } from '../admin-command.ts';

/**
 * The address a user created by an operator command gets: the server's own derivation for the configured ledger
 * (SECRET_KEY on the built-in one, the HD seed on an EVM network), so it is the one their records carry.
 */
export function walletAddressOf(context: AdminContext): (userId: string) => string {
  const config = context.config ?? loadConfig();
  return walletAddressesFor(config, serverKeys(config.SECRET_KEY)).user;
}
