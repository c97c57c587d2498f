import type { Kysely } from 'kysely';
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  http,
  type Address,
  type Chain,
  type HttpTransport,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Database } from '../../../db/schema.ts';
import { asError, type AnchorPayload, type ChainAdapter, type RecordOutcome } from '../chain-adapter.ts';
import { anchorRegistryAbi, recordedEvent } from './anchor-registry.ts';
import type { HdWalletAddresses } from './hd-wallet-addresses.ts';
import { withOperatorNonceLock } from './operator-nonce.ts';

export interface EvmChainOptions {
  db: Kysely<Database>;
  rpcUrl: string;
  chainId: number;
  /** Base URL of the network's explorer: `{base}/tx/{id}` and `{base}/address/{address}` (Etherscan, Blockscout). */
  explorerUrl: string;
  addresses: HdWalletAddresses;
  operatorKey: Hex;
  registry: Address;
  confirmations: number;
  pollingIntervalMs: number;
  /** Longest wait for a receipt and its confirmations; then record() fails and the outbox retries later. */
  receiptTimeoutMs: number;
}

/** Explorer link templates under the configured base URL (no trailing slash doubled). */
export function evmExplorer(explorerUrl: string): { tx: string; address: string } {
  const base = explorerUrl.replace(/\/+$/, '');
  return { tx: `${base}/tx/{id}`, address: `${base}/address/{address}` };
}

const zeroAddress: Address = '0x0000000000000000000000000000000000000000';
const recordIdPattern = /^0x[0-9a-f]{64}$/;

/** The registry's arguments for one payload: exactly the payload's fields, nothing added. */
export function recordArguments(payload: AnchorPayload) {
  if (!recordIdPattern.test(payload.reference_hash)) throw new Error('reference_hash is not a 32-byte hex id');
  const seconds = Date.parse(payload.time);
  if (!Number.isFinite(seconds)) throw new Error('payload time is not a date');
  return [
    payload.reference_hash as Hex,
    (payload.from ?? zeroAddress) as Address,
    (payload.to ?? zeroAddress) as Address,
    payload.kind,
    payload.amount,
    payload.currency,
    BigInt(Math.floor(seconds / 1000)),
  ] as const;
}

/** True when a call or a gas estimate failed because the registry already holds this record id. */
function isDuplicateRecord(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  const revert = error.walk((e) => e instanceof ContractFunctionRevertedError);
  return revert instanceof ContractFunctionRevertedError && revert.data?.errorName === 'DuplicateRecord';
}

/**
 * The public ledger on an EVM network (Celo, Polygon, Base… or a test node): one `record` call on the
 * AnchorRegistry contract per completed transaction, paid by the operator key, tx_id = the transaction hash.
 *
 * Idempotent on the chain side, whatever crashed where: the registry refuses a second write of a record id, and
 * before sending, and again after losing a race, the adapter asks the registry whether the id is recorded and if
 * so returns the hash of the transaction that emitted its event. Nothing is cached between calls: a restarted
 * worker and a fresh one behave alike.
 */
export function evmChain(options: EvmChainOptions): ChainAdapter {
  const { db, addresses, registry, confirmations } = options;
  const operator = privateKeyToAccount(options.operatorKey);
  const chain = defineChain({
    id: options.chainId,
    name: `EVM ${options.chainId}`,
    nativeCurrency: { name: 'native', symbol: 'NATIVE', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  });
  // No transport-level retries: a failed call fails the job, which the outbox retries with backoff. A resend of
  // the same signed transaction would be harmless, but a fresh attempt re-checks the registry first.
  const client: PublicClient<HttpTransport, Chain> = createPublicClient({
    chain,
    transport: http(options.rpcUrl, { retryCount: 0, timeout: 15_000 }),
    pollingInterval: options.pollingIntervalMs,
  });
  let checked: Promise<void> | undefined;

  /** Once per process, at the first record (not at start: an outage must not stop the server from starting). */
  const checkNetwork = async () => {
    const [chainId, registryOperator] = await Promise.all([
      client.getChainId(),
      client.readContract({ address: registry, abi: anchorRegistryAbi, functionName: 'operator' }),
    ]);
    if (chainId !== options.chainId)
      throw new Error(`CHAIN_RPC_URL serves chain ${chainId}, not CHAIN_ID ${options.chainId}`);
    if (registryOperator.toLowerCase() !== operator.address.toLowerCase()) {
      throw new Error('CHAIN_OPERATOR_KEY is not the operator of the registry at CHAIN_REGISTRY_ADDRESS');
    }
  };

  const confirmed = async (hash: Hex): Promise<Hex> => {
    const receipt = await client.waitForTransactionReceipt({
      hash,
      confirmations,
      timeout: options.receiptTimeoutMs,
      pollingInterval: options.pollingIntervalMs,
    });
    if (receipt.status !== 'success') throw new Error(`record transaction ${hash} reverted`);
    return hash;
  };

  /** The transaction that wrote `id`, if any: the registry knows the block, the event in it names the transaction. */
  const existingRecord = async (id: Hex): Promise<Hex | undefined> =>
    (await recordedEvent(client, registry, id))?.transactionHash;

  const send = async (args: ReturnType<typeof recordArguments>): Promise<Hex> => {
    const data = encodeFunctionData({ abi: anchorRegistryAbi, functionName: 'record', args });
    // The estimate runs the call on the pending state: a record id written meanwhile, or sent by a worker that
    // died before storing it and still waiting in this node's pool, fails here with DuplicateRecord, before any fee.
    const [gas, fees] = await Promise.all([
      client.estimateContractGas({
        blockTag: 'pending',
        address: registry,
        abi: anchorRegistryAbi,
        functionName: 'record',
        args,
        account: operator,
      }),
      feesFor(client),
    ]);
    return withOperatorNonceLock(db, { chainId: options.chainId, operator: operator.address }, async () => {
      const nonce = await client.getTransactionCount({ address: operator.address, blockTag: 'pending' });
      const serializedTransaction = await operator.signTransaction({
        chainId: options.chainId,
        to: registry,
        data,
        nonce,
        // Strings make the estimate exact today; a margin covers state that changes between estimate and block.
        gas: (gas * 12n) / 10n,
        ...fees,
      });
      return client.sendRawTransaction({ serializedTransaction });
    });
  };

  /** One record: idempotent on its id, whatever crashed where before. */
  const recordOne = async (payload: AnchorPayload): Promise<string> => {
    checked ??= checkNetwork().catch((error: unknown) => {
      checked = undefined;
      throw error;
    });
    await checked;
    const args = recordArguments(payload);
    const id = args[0];
    const existing = await existingRecord(id);
    if (existing) return confirmed(existing);
    let hash: Hex;
    try {
      hash = await send(args);
    } catch (error) {
      if (!isDuplicateRecord(error)) throw error;
      const winner = await existingRecord(id);
      // Not mined yet: the earlier transaction is pending. The outbox retries, by when it is in a block.
      if (!winner) {
        throw new Error(`record ${id} is in a pending transaction: retrying once it is mined`, { cause: error });
      }
      return confirmed(winner);
    }
    try {
      return await confirmed(hash);
    } catch (error) {
      // Our transaction reverted because another one (an earlier attempt still pending when we re-checked)
      // wrote the id first: that one is the record.
      const winner = await existingRecord(id);
      if (winner && winner !== hash) return confirmed(winner);
      throw error;
    }
  };

  return {
    name: 'evm',
    walletAddress: (userId) => addresses.user(userId),
    agencyAddress: (agencyId) => addresses.agency(agencyId),
    explorer: evmExplorer(options.explorerUrl),
    // One network transaction per record, one after the other; each payload fails or succeeds on its own.
    async record(payloads): Promise<RecordOutcome[]> {
      const outcomes: RecordOutcome[] = [];
      for (const payload of payloads) {
        try {
          outcomes.push({ ok: true, txId: await recordOne(payload) });
        } catch (error) {
          outcomes.push({ ok: false, error: asError(error) });
        }
      }
      return outcomes;
    },
    // One record per call: the worker runs CHAIN_WORKER_CONCURRENCY calls at once and stores each tx_id as soon as
    // it is confirmed (a batch would hold every tx_id until the slowest confirmation).
    maxBatch: 1,
  };
}

/** EIP-1559 fees where the network has a base fee, a legacy gas price where it has not. */
async function feesFor(
  client: PublicClient<HttpTransport, Chain>,
): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gasPrice: bigint }> {
  const block = await client.getBlock({ blockTag: 'latest' });
  if (block.baseFeePerGas === null) return { gasPrice: await client.getGasPrice() };
  const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas({ type: 'eip1559' });
  return { maxFeePerGas, maxPriorityFeePerGas };
}
