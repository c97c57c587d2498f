import { createPublicClient, http, type Address, type Hex } from 'viem';
import { recordIdOf, type AnchoredRecord } from '../common/liabilities/anchored-record.ts';
import { anchorRegistryAbi } from '../server/adapters/chain/evm/anchor-registry.ts';

/**
 * The record of a root on an EVM network: the block the registry marks it in, and the `Recorded` event of that
 * block with this id (ADR 007, 012). Undefined when the registry has no such record.
 */
export async function evmRecord(rpcUrl: string, registry: Address, root: string): Promise<AnchoredRecord | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }) });
  const id = recordIdOf(root) as Hex;
  const block = await client.readContract({
    address: registry,
    abi: anchorRegistryAbi,
    functionName: 'recordedAt',
    args: [id],
  });
  if (block === 0n) return undefined;
  const [log] = await client.getContractEvents({
    address: registry,
    abi: anchorRegistryAbi,
    eventName: 'Recorded',
    args: { id },
    fromBlock: block,
    toBlock: block,
  });
  if (!log) return undefined;
  const { kind = '', amount = '', currency = '', time = 0n } = log.args;
  return { reference_hash: log.args.id ?? '', kind, amount, currency, time: String(time) };
}
