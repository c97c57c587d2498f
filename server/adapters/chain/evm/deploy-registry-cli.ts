import { deployAnchorRegistry } from './deploy-registry.ts';

/**
 * `node --import tsx server/adapters/chain/evm/deploy-registry-cli.ts`: deploys the registry once, with
 * CHAIN_RPC_URL, CHAIN_ID, CHAIN_OPERATOR_KEY and CHAIN_CONFIRMATIONS from the environment (the operator must
 * hold enough of the network's coin for the fees), and prints the CHAIN_REGISTRY_ADDRESS to configure.
 */
const env = process.env;
const operatorKey = env.CHAIN_OPERATOR_KEY ?? '';
const chainId = Number(env.CHAIN_ID);
const confirmations = Number(env.CHAIN_CONFIRMATIONS ?? '3');
if (
  !env.CHAIN_RPC_URL ||
  !Number.isSafeInteger(chainId) ||
  chainId < 1 ||
  !Number.isSafeInteger(confirmations) ||
  confirmations < 1 ||
  !/^0x[0-9a-fA-F]{64}$/.test(operatorKey)
) {
  console.error(
    'Set CHAIN_RPC_URL, CHAIN_ID (a positive integer), CHAIN_OPERATOR_KEY (0x + 64 hex) and optionally ' +
      'CHAIN_CONFIRMATIONS (default 3) to deploy the registry.',
  );
  process.exit(2);
}
try {
  const { address, txHash } = await deployAnchorRegistry({
    rpcUrl: env.CHAIN_RPC_URL,
    chainId,
    operatorKey: operatorKey as `0x${string}`,
    confirmations,
  });
  console.log(`AnchorRegistry deployed in ${txHash}\nCHAIN_REGISTRY_ADDRESS=${address}`);
} catch (error) {
  console.error(`Deployment failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
