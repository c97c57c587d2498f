import { createPublicClient, http, type Address, type Hex } from 'viem';
import { recordIdOf, type AnchoredRecord } from '../common/liabilities/anchored-record.ts';
import { recordedEvent } from '../server/adapters/chain/evm/anchor-registry.ts';

/**
 * The record of a root on an EVM network: the block the registry marks it in, and the `Recorded` event of that
 * block with this id (ADR 007, 012). Undefined when the registry has no such record.
 */
export async function evmRecord(rpcUrl: string, registry: Address, root: string): Promise<AnchoredRecord | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }) });
  const log = await recordedEvent(client, registry, recordIdOf(root) as Hex);
  if (!log) return undefined;
  const { kind = '', amount = '', currency = '', time = 0n } = log.args;
  return { reference_hash: log.args.id ?? '', kind, amount, currency, time: String(time) };
}
