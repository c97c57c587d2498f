import {
  createPublicClient,
  defineChain,
  http,
  type Address,
  type Chain,
  type Hex,
  type HttpTransport,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { deployAnchorRegistry } from './deploy-registry.ts';
import type { TestEvmNode } from './test-evm-node.ts';

/** hardhat's well-known development keys and mnemonic: public test material, worthless on any real network. */
export const testMnemonic = 'test test test test test test test test test test test junk';
export const testOperatorKey: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
/** Funded by hardhat at start, and not the registry's operator. */
export const strangerKey: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

export function testClient(node: TestEvmNode): PublicClient<HttpTransport, Chain> {
  return createPublicClient({ chain: testChain(node), transport: http(node.url), pollingInterval: 20 });
}

export function testChain(node: TestEvmNode): Chain {
  return defineChain({
    id: node.chainId,
    name: 'test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
  });
}

/** Funds the operator and deploys the registry from it, the way operators do (deploy-registry.ts). */
export async function deployRegistry(node: TestEvmNode, operatorKey: Hex = testOperatorKey): Promise<Address> {
  const account = privateKeyToAccount(operatorKey);
  await node.provider.request({ method: 'hardhat_setBalance', params: [account.address, '0x56bc75e2d63100000'] });
  const { address } = await deployAnchorRegistry({
    rpcUrl: node.url,
    chainId: node.chainId,
    operatorKey,
    confirmations: 1,
    pollingIntervalMs: 20,
  });
  return address;
}
