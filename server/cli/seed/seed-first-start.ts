import { walletAddressesFor } from '../../adapters/chain/wallet-addresses.ts';
import type { Config } from '../../config.ts';
import { hasRates } from '../../modules/rates/rates.service.ts';
import { serverKeys } from '../../security/keys.ts';
import { usersPorts } from '../../module-ports.ts';
import type { OpenDatabase } from '../../db/open-database.ts';
import { seedDemo } from './seed-demo.ts';

/**
 * The embedded default is for trying the app: its first start gets rates, agencies and tellers (docs/operations.md,
 * "Demo data"). Run by the process that started the embedded PostgreSQL (the server, or the cluster's primary).
 */
export async function seedOnFirstStart(
  database: OpenDatabase,
  config: Config,
  say: (message: string) => void,
): Promise<void> {
  if (!database.embedded || (await hasRates(database.db))) return;
  const report = await seedDemo(database.db, {
    walletAddressOf: walletAddressesFor(config, serverKeys(config.SECRET_KEY)).user,
    identifierProved: usersPorts.identifierProved,
  });
  say(
    `demo data loaded: ${report.agenciesCreated} agencies, ${report.bankersCreated} tellers (npm run admin -- banker:list)`,
  );
}
