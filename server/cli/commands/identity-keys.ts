import { walletAddressesFor } from '../../adapters/chain/wallet-addresses.ts';
import { loadConfig } from '../../config.ts';
import { serverKeys } from '../../security/keys.ts';
import { usersPorts } from '../../module-ports.ts';
import type { NewAccounts } from '../../modules/users/users.service.ts';
import type { AdminContext } from '../admin-command.ts';

/**
 * The accounts an operator command creates: the address is the server's own derivation for the configured ledger
 * (SECRET_KEY on the built-in one, the HD seed on an EVM network), so it is the one their records carry; their
 * proved identifier sets off what it does for any account (server/module-ports.ts).
 */
export function newAccountsOf(context: AdminContext): NewAccounts {
  const config = context.config ?? loadConfig();
  return {
    walletAddressOf: walletAddressesFor(config, serverKeys(config.SECRET_KEY)).user,
    identifierProved: usersPorts.identifierProved,
  };
}
