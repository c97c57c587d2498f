import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { decodeFunctionData, parseEventLogs, type Address, type Hex } from 'viem';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../../config.ts';
import { connectDatabase } from '../../../db/database.ts';
import { anchorPayload } from '../../../modules/anchoring/anchor-payload.ts';
import { runOnce, type AnchorDeps } from '../../../modules/anchoring/anchor-worker.ts';
import { findAnchorSources } from '../../../modules/anchoring/anchor-sources.repository.ts';
import { call, ensureRates, testEnv } from '../../../../tests/support/identity.ts';
import { migratedScratchDatabase } from '../../../../tests/support/migrated-scratch.ts';
import type { ScratchDatabase } from '../../../../tests/support/scratch-database.ts';
import { serverProgram } from '../../../../tests/support/server-program.ts';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { create, customer, recipientOf, type Customer } from '../../../modules/transfers/transactions.fixtures.ts';
import { createChainAdapter } from '../create-chain-adapter.ts';
import { anchorRegistryAbi } from './anchor-registry.ts';
import { recordArguments } from './evm-chain.ts';
import {
  deployRegistry,
  strangerKey,
  testClient,
  testMnemonic,
  testOperatorKey,
} from './evm-test-fixtures.ts';
import { startTestEvmNode, type TestEvmNode } from './test-evm-node.ts';

let node: TestEvmNode;
let t: TestApp;
let registry: Address;
// A database of this file's own: the worker processes a test starts publish every due job they find, and must not
// take other test files' jobs.
let own: ScratchDatabase;
let chainEnv: Record<string, string>;

beforeAll(async () => {
  [node, own] = await Promise.all([startTestEvmNode(), migratedScratchDatabase('wallet_evm')]);
  registry = await deployRegistry(node);
  // A block every 50 ms besides the automined ones, so that confirmations keep coming.
  await node.provider.request({ method: 'evm_setIntervalMining', params: [50] });
  chainEnv = {
    CHAIN_RPC_URL: node.url,
    CHAIN_ID: String(node.chainId),
    CHAIN_EXPLORER_URL: 'https://explorer.example/',
    CHAIN_HD_MNEMONIC: testMnemonic,
    CHAIN_OPERATOR_KEY: testOperatorKey,
    CHAIN_REGISTRY_ADDRESS: registry,
    CHAIN_CONFIRMATIONS: '2',
    CHAIN_POLL_INTERVAL_MS: '20',
    CHAIN_LEASE_SECONDS: '20',
  };
  t = await startTestApp({ env: { ...testEnv, ...chainEnv }, databaseUrl: own.url });
  await ensureRates(t);
});
afterAll(async () => {
  await t?.close();
  await node?.close();
  await own?.drop();
});

const client = () => testClient(node);
const operator = privateKeyToAccount(testOperatorKey);
const contacts = new Map<string, number>();

async function send(from: Customer, to: Customer, amount = '25.00'): Promise<string> {
  const key = `${from.email} ${to.email}`;
  const contact = contacts.get(key) ?? (await recipientOf(t, from, { email: to.email }));
  contacts.set(key, contact);
  const res = await create(t, from, { amount, contact });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return String(res.body.id);
}

const detail = (s: Customer, id: string) => call(t, 'GET', `/api/transactions/${id}/`, { token: s.token });
const job = (transactionId: string) =>
  t.database.db
    .selectFrom('chain_outbox')
    .selectAll()
    .where('transaction_id', '=', transactionId)
    .executeTakeFirstOrThrow();
const makeDue = (transactionIds: string[]) =>
  t.database.db
    .updateTable('chain_outbox')
    .set({ next_attempt_at: new Date(0) })
    .where('transaction_id', 'in', transactionIds)
    .execute();
const payloadOf = async (transactionId: string) => {
  const source = (await findAnchorSources(t.database.db, [transactionId])).get(transactionId);
  if (!source) throw new Error(`no transaction ${transactionId}`);
  return anchorPayload(source, t.app.services.chain, t.app.services.keys.chainReference);
};
/** Every Recorded event of one record id: the registry's whole history for it. */
const eventsOf = (id: Hex) =>
  client().getContractEvents({
    address: registry,
    abi: anchorRegistryAbi,
    eventName: 'Recorded',
    args: { id },
    fromBlock: 0n,
  });
/** Publishes every due job of this file's database (fixture top-ups too), so a worker process starts on a clean queue. */
async function drain(): Promise<void> {
  await t.database.db
    .updateTable('chain_outbox')
    .set({ next_attempt_at: new Date(0) })
    .where('published_at', 'is', null)
    .execute();
  for (let pass = 0; pass < 20; pass++) {
    const r = await runOnce(t.app.services, { limit: 100 });
    if (r.published + r.failed === 0) return;
  }
}

describe('anchoring on an EVM network (hardhat in process)', () => {
  it('anchors a send end to end: a real transaction hash, an event that matches the payload and carries no PII', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob, '25.00');
    expect(await runOnce(t.app.services, { transactionIds: [id] })).toMatchObject({ published: 1, failed: 0 });
    const txId = (await detail(alice, id)).body.tx_id as Hex;
    expect(txId).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await detail(bob, id)).body.tx_id).toBe(txId);

    const receipt = await client().getTransactionReceipt({ hash: txId });
    expect(receipt.status).toBe('success');
    expect(receipt.to).toBe(registry.toLowerCase());
    expect(receipt.from).toBe(operator.address.toLowerCase());
    // Stored only after CHAIN_CONFIRMATIONS (2) blocks: the receipt's block and one on top.
    const stored = await job(id);
    expect(stored.tx_id).toBe(txId);

    const payload = await payloadOf(id);
    const [event, ...others] = parseEventLogs({ abi: anchorRegistryAbi, logs: receipt.logs, eventName: 'Recorded' });
    expect(others).toHaveLength(0);
    expect(event?.args).toEqual({
      id: payload.reference_hash,
      from: expect.stringMatching(new RegExp(`^${payload.from}$`, 'i')) as unknown,
      to: expect.stringMatching(new RegExp(`^${payload.to}$`, 'i')) as unknown,
      kind: 'transfer',
      amount: '25.00',
      currency: 'MAD',
      time: BigInt(Math.floor(Date.parse(payload.time) / 1000)),
    });
    // The addresses are the HD wallets m/44'/60'/0'/0/{user id} of the configured mnemonic.
    expect(payload.from).toBe(
      mnemonicToAccount(testMnemonic, { addressIndex: Number(alice.userId) }).address.toLowerCase(),
    );
    expect(payload.to).toBe(
      mnemonicToAccount(testMnemonic, { addressIndex: Number(bob.userId) }).address.toLowerCase(),
    );
    // The address the app shows (profile, contact 'view' links) is the one the records carry.
    const me = await call(t, 'GET', '/api/users/', { token: alice.token });
    expect((me.body as { results: { account_id: string }[] }).results[0]?.account_id).toBe(payload.from);

    // Nothing personal in what went on chain: the call carries exactly the payload's fields, and neither the call
    // data nor the event contain an e-mail or a name.
    const tx = await client().getTransaction({ hash: txId });
    const call_ = decodeFunctionData({ abi: anchorRegistryAbi, data: tx.input });
    expect(call_).toEqual({
      functionName: 'record',
      args: [...recordArguments(payload)].map((a, i): unknown =>
        i === 1 || i === 2 ? (expect.stringMatching(new RegExp(`^${String(a)}$`, 'i')) as unknown) : a,
      ),
    });
    const published = Buffer.from(tx.input.slice(2) + receipt.logs.map((l) => l.data.slice(2)).join(''), 'hex');
    for (const secret of [alice.email, bob.email, 'Rec']) expect(published.includes(Buffer.from(secret))).toBe(false);

    const info = await call(t, 'GET', '/api/chain/');
    expect(info.body).toEqual({
      network: 'evm',
      tx_url: 'https://explorer.example/tx/{id}',
      address_url: 'https://explorer.example/address/{address}',
    });
  });

  it('the registry refuses a duplicate record id and any sender but the operator; the adapter returns the first tx', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const id = await send(alice, bob, '3.00');
    await runOnce(t.app.services, { transactionIds: [id] });
    const first = (await job(id)).tx_id;
    const payload = await payloadOf(id);

    expect(await t.app.services.chain.record([payload])).toEqual([{ ok: true, txId: first }]);
    const args = recordArguments(payload);
    await expect(
      client().simulateContract({
        address: registry,
        abi: anchorRegistryAbi,
        functionName: 'record',
        args,
        account: operator,
      }),
    ).rejects.toThrow(/DuplicateRecord/);
    // Sent anyway (a fixed gas limit skips the estimate): mined and reverted, no second event.
    const { createWalletClient, http } = await import('viem');
    const { testChain } = await import('./evm-test-fixtures.ts');
    const wallet = createWalletClient({ account: operator, chain: testChain(node), transport: http(node.url) });
    const forced = await wallet.writeContract({
      address: registry,
      abi: anchorRegistryAbi,
      functionName: 'record',
      args,
      gas: 200_000n,
    });
    expect((await client().waitForTransactionReceipt({ hash: forced })).status).toBe('reverted');
    expect((await eventsOf(args[0])).map((e) => e.transactionHash)).toEqual([first]);

    const fresh = [`0x${'7'.repeat(64)}`, ...args.slice(1)] as unknown as typeof args;
    await expect(
      client().simulateContract({
        address: registry,
        abi: anchorRegistryAbi,
        functionName: 'record',
        args: fresh,
        account: privateKeyToAccount(strangerKey),
      }),
    ).rejects.toThrow(/NotOperator/);
  });

  it('completes transfers while the RPC is unreachable, and anchors them when it answers again', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    await node.goDown();
    let ids: string[];
    try {
      ids = [await send(alice, bob, '10.00'), await send(alice, bob, '11.00')];
      const failedFrom = Date.now();
      const outage = await runOnce(t.app.services, { transactionIds: ids });
      expect(outage).toMatchObject({ published: 0, failed: 2 });
      for (const id of ids) expect((await detail(alice, id)).body).toMatchObject({ status: 'completed', tx_id: null });
      const retried = await job(ids[0] ?? '');
      expect(retried.last_error).toMatch(/HTTP request failed|fetch failed|ECONNREFUSED/);
      // Backed off from the failure by at least half of CHAIN_RETRY_BASE_MS (the jitter's floor), not compared with
      // the clock after the requests above: on a loaded machine a first delay of 0.5-1 s may have passed by then.
      expect(retried.next_attempt_at.getTime()).toBeGreaterThanOrEqual(failedFrom + t.config.CHAIN_RETRY_BASE_MS / 2);
    } finally {
      await node.comeBack();
    }
    await makeDue(ids);
    expect(await runOnce(t.app.services, { transactionIds: ids })).toMatchObject({ published: 2, failed: 0 });
    for (const id of ids) {
      const txId = (await detail(alice, id)).body.tx_id as Hex;
      expect((await client().getTransactionReceipt({ hash: txId })).status).toBe('success');
    }
  });

  // A worker process started and killed, then two passes: beyond the default 30 s on a loaded two-core machine.
  it('a worker process killed after sending leaves no duplicate on chain; the restart stores the first tx hash', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    await drain();
    const id = await send(alice, bob, '7.00');
    const recordId = (await payloadOf(id)).reference_hash as Hex;
    // Nothing is mined now: the worker's transaction stays pending while it waits for its receipt.
    await node.provider.request({ method: 'evm_setIntervalMining', params: [0] });
    await node.setAutomine(false);
    const nonceBefore = await client().getTransactionCount({ address: operator.address });
    const sentBefore = node.calls.filter((m) => m === 'eth_sendRawTransaction').length;
    const worker = spawn(process.execPath, serverProgram('worker'), {
      cwd: projectRoot,
      env: {
        ...process.env,
        ...chainEnv,
        NODE_ENV: 'test',
        DATABASE_URL: own.url,
        SECRET_KEY: t.config.SECRET_KEY,
        SECURITY_CODE_PEPPER: t.config.SECURITY_CODE_PEPPER,
        CHAIN_SIGNING_KEY: t.config.CHAIN_SIGNING_KEY,
        CHAIN_WORKER_INTERVAL_MS: '50',
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    try {
      // The worker compiles its TypeScript at start: tens of seconds when another file's tests share the two cores.
      const deadline = Date.now() + 60_000;
      while (node.calls.filter((m) => m === 'eth_sendRawTransaction').length === sentBefore) {
        if (Date.now() > deadline) throw new Error('the worker process sent nothing');
        await sleep(10);
      }
    } finally {
      worker.kill('SIGKILL');
      await exited;
    }
    expect((await job(id)).published_at).toBeNull();
    expect((await detail(alice, id)).body.tx_id).toBeNull();
    expect(await client().getTransactionCount({ address: operator.address, blockTag: 'pending' })).toBe(
      nonceBefore + 1,
    );

    // Restarted while the killed worker's transaction is still pending: the registry does not know the id yet,
    // but the estimate on the pending state does, so nothing is sent twice and the job waits for the block.
    await makeDue([id]);
    const early = await runOnce(t.app.services, { transactionIds: [id] });
    expect(early).toMatchObject({ published: 0, failed: 1 });
    expect(early.errors[0]).toMatch(/pending transaction/);
    expect(node.calls.filter((m) => m === 'eth_sendRawTransaction').length).toBe(sentBefore + 1);

    await node.mine();
    await node.setAutomine(true);
    await node.provider.request({ method: 'evm_setIntervalMining', params: [50] });
    await makeDue([id]);
    expect(await runOnce(t.app.services, { transactionIds: [id] })).toMatchObject({ published: 1, failed: 0 });

    const events = await eventsOf(recordId);
    expect(events).toHaveLength(1);
    const txId = (await detail(alice, id)).body.tx_id;
    expect(txId).toBe(events[0]?.transactionHash);
    expect(await client().getTransactionCount({ address: operator.address })).toBe(nonceBefore + 1);
    expect((await client().getTransactionReceipt({ hash: txId as Hex })).status).toBe('success');
  }, 120_000);

  // Twelve sends over HTTP and up to eighteen worker passes: beyond the default 30 s on a loaded two-core machine.
  it('several workers with their own pools and clients publish concurrently without colliding on nonces', async () => {
    const alice = await customer(t, 1000_00n);
    const bob = await customer(t);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await send(alice, bob, `${i + 1}.00`));
    const pools = [0, 1, 2].map(() => connectDatabase({ url: own.url, poolMax: 3 }));
    try {
      const workers: AnchorDeps[] = pools.map((pool) => ({
        ...t.app.services,
        db: pool.db,
        chain: createChainAdapter(t.config, pool.db, t.app.services.keys),
      }));
      const nonceBefore = await client().getTransactionCount({ address: operator.address, blockTag: 'pending' });
      let published = 0;
      const errors: string[] = [];
      for (let round = 0; round < 6 && published < ids.length; round++) {
        const results = await Promise.all(workers.map((w) => runOnce(w, { transactionIds: ids, limit: 2 })));
        for (const r of results) {
          published += r.published;
          errors.push(...r.errors);
        }
      }
      expect(errors).toEqual([]);
      expect(published).toBe(ids.length);
      const hashes = await Promise.all(ids.map(async (id) => (await job(id)).tx_id as Hex));
      expect(new Set(hashes).size).toBe(ids.length);
      const nonces = await Promise.all(hashes.map(async (hash) => (await client().getTransaction({ hash })).nonce));
      expect(nonces.sort((a, b) => a - b)).toEqual(ids.map((_, i) => nonceBefore + i));
    } finally {
      await Promise.all(pools.map((p) => p.close()));
    }
  }, 120_000);
});
