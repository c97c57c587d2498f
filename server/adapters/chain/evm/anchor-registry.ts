import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import { projectRoot } from '../../../config.ts';

/**
 * The registry's interface as the adapter uses it, typed for viem. A unit test checks it against the ABI that
 * solc produced (contracts/AnchorRegistry.json), so the two cannot drift apart.
 */
export const anchorRegistryAbi = parseAbi([
  'constructor()',
  'function operator() view returns (address)',
  'function recordedAt(bytes32) view returns (uint256)',
  'function recorded(bytes32 id) view returns (bool)',
  'function record(bytes32 id, address from, address to, string kind, string amount, string currency, uint64 time)',
  'event Recorded(bytes32 indexed id, address indexed from, address indexed to, string kind, string amount, string currency, uint64 time)',
  'error NotOperator(address caller)',
  'error DuplicateRecord(bytes32 id, uint256 recordedAtBlock)',
]);

/** The committed creation bytecode, for deploying a registry (tests, bench, an operator's first deployment). */
export function anchorRegistryBytecode(): Hex {
  const artifact = JSON.parse(readFileSync(path.join(projectRoot, 'contracts', 'AnchorRegistry.json'), 'utf8')) as {
    bytecode?: unknown;
  };
  if (typeof artifact.bytecode !== 'string' || !/^0x[0-9a-f]+$/.test(artifact.bytecode)) {
    throw new Error('contracts/AnchorRegistry.json has no bytecode: run npm run contracts:build');
  }
  return artifact.bytecode as Hex;
}

/**
 * The `Recorded` event of a record id: the registry knows the block it was written in, the event of that block
 * with this id carries the record (and its transaction). Undefined when the registry has no such record.
 */
export async function recordedEvent(client: PublicClient, registry: Address, id: Hex) {
  const block = await client.readContract({
    address: registry,
    abi: anchorRegistryAbi,
    functionName: 'recordedAt',
    args: [id],
  });
  if (block === 0n) return undefined;
  const logs = await client.getContractEvents({
    address: registry,
    abi: anchorRegistryAbi,
    eventName: 'Recorded',
    args: { id },
    fromBlock: block,
    toBlock: block,
  });
  const log = logs[0];
  if (!log) throw new Error(`record ${id} is marked in block ${block} but its event was not found`);
  return log;
}
