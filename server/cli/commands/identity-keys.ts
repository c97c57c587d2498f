import { loadConfig } from '../../config.ts';
import { serverKeys, type ServerKeys } from '../../security/keys.ts';
import type { AdminContext } from '../admin-command.ts';

/** Wallet addresses are derived with SECRET_KEY: the command must use the server's own. */
export function keysOf(context: AdminContext): ServerKeys {
  return serverKeys((context.config ?? loadConfig()).SECRET_KEY);
}
