import { createPublicClient, createWalletClient, defineChain, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { anchorRegistryAbi, anchorRegistryBytecode } from './anchor-registry.ts';

export interface DeployOptions {
  rpcUrl: string;
  chainId: number;
  /** Becomes the registry's operator: the only key that can record, the one CHAIN_OPERATOR_KEY must be. */
  operatorKey: Hex;
  confirmations: number;
  pollingIntervalMs?: number;
}

/**
 * Deploys the committed AnchorRegistry bytecode from the operator key and waits for its confirmations. Run once
 * per network; the tests and the bench deploy through it too, so the path operators use is the tested one.
 */
export async function deployAnchorRegistry(options: DeployOptions): Promise<{ address: Address; txHash: Hex }> {
  const chain = defineChain({
    id: options.chainId,
    name: `EVM ${options.chainId}`,
    nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  const transport = http(options.rpcUrl);
  const account = privateKeyToAccount(options.operatorKey);
  const client = createPublicClient({ chain, transport, pollingInterval: options.pollingIntervalMs ?? 1000 });
  const actual = await client.getChainId();
  if (actual !== options.chainId) throw new Error(`the endpoint serves chain ${actual}, not ${options.chainId}`);
  const wallet = createWalletClient({ account, chain, transport });
  const txHash = await wallet.deployContract({ abi: anchorRegistryAbi, bytecode: anchorRegistryBytecode() });
  const receipt = await client.waitForTransactionReceipt({ hash: txHash, confirmations: options.confirmations });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment ${txHash} failed`);
  return { address: receipt.contractAddress, txHash };
}
