import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiabilityProof, LiabilityProofResponse } from '../../../common/api/liabilities.ts';
import { verifyProofTree } from '../../../common/liabilities/verify-proof.ts';
import { migratedScratchDatabase } from '../../../tests/support/migrated-scratch.ts';
import type { ScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { call, ensureRates, uniqueEmail } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { agency, create, customer, recipientOf, teller } from '../transfers/transactions.fixtures.ts';
import { anchorPendingTrees } from './anchor-liabilities.ts';
import { liabilityMessages, proofsFor } from './proof.service.ts';
import { takeSnapshot } from './snapshot.service.ts';

/**
 * Proof of liabilities over HTTP, on a database of its own: the totals are compared with the whole ledger's, so
 * no other test file may move money in it meanwhile.
 */
const sha256 = async (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());

let scratch: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  scratch = await migratedScratchDatabase('liabilities_test');
  t = await startTestApp({ databaseUrl: scratch.url });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
  await scratch.drop();
});

const proofOf = (token: string, query = '') =>
  call<LiabilityProofResponse & { detail?: string }>(t, 'GET', `/api/liabilities/proof/${query}`, { token });

/** What ledger:check totals for the liability kinds, in minor units. */
async function ledgerOwes(): Promise<bigint> {
  const report = await checkLedger(t.database.db);
  expect(report.problems).toEqual([]);
  return report.totals
    .filter(
      (r) => ['customer_wallet', 'withdrawals_pending', 'unclaimed_transfers'].includes(r.kind) && r.currency === 'MAD',
    )
    .reduce((sum, r) => sum + BigInt(r.balance), 0n);
}

describe('proof of liabilities', () => {
  it("puts a wallet, its pending withdrawal and its unclaimed transfer in the customer's leaf, and the proof verifies", async () => {
    const alice = await customer(t, 100_00n);
    const unclaimed = await create(t, alice, {
      amount: 30,
      contact: await recipientOf(t, alice, { email: uniqueEmail('nobody') }),
    });
    expect(unclaimed.body.status).toBe('unclaimed');
    const withdrawal = await create(t, alice, { amount: 20, contact: Number(await agency(t)) });
    expect(withdrawal.body.status).toBe('pending');
    const bob = await customer(t, 12_34n);

    const snapshot = await takeSnapshot(t.database.db);
    const mad = snapshot?.trees.find((tree) => tree.currency === 'MAD');
    expect(mad?.total).toBe(await ledgerOwes());

    const res = await proofOf(alice.token);
    expect(res.status).toBe(200);
    const [proof] = res.body.proofs;
    expect(proof).toMatchObject({
      snapshot_id: snapshot?.id,
      currency: 'MAD',
      total: String(mad?.total),
      leaf_count: mad?.leafCount,
      balance: '10000',
      breakdown: { wallet: '5000', withdrawals_pending: '2000', unclaimed_transfers: '3000' },
      anchor: { status: 'pending', tx_id: null },
    });
    if (!proof) throw new Error('no proof');
    // The leaves commit to the wallet address the customer's profile shows.
    const me = await call<{ results: { account_id: string }[] }>(t, 'GET', '/api/users/', { token: alice.token });
    const address = me.body.results[0]?.account_id;
    expect(proof.owner.address).toBe(address);
    expect(await verifyProofTree(proof, sha256, address)).toMatchObject({ ok: true, total: mad?.total });
    const bobs = await proofOf(bob.token, `?snapshot=${snapshot?.id ?? ''}`);
    expect(bobs.body.proofs[0]?.balance).toBe('1234');
  });

  it("verifies every customer's proof against the root; one changed balance, nonce or sibling fails", async () => {
    const snapshot = await takeSnapshot(t.database.db);
    if (!snapshot) throw new Error('no snapshot');
    const owners = await t.database.db
      .selectFrom('liabilities_leaves')
      .innerJoin('liabilities_trees', 'liabilities_trees.id', 'liabilities_leaves.tree_id')
      .select('owner_user_id')
      .where('liabilities_trees.snapshot_id', '=', snapshot.id)
      .execute();
    expect(owners.length).toBeLessThanOrEqual((snapshot.trees[0]?.leafCount ?? 0) / 4);
    const roots = new Set<string>();
    for (const { owner_user_id } of owners) {
      const { proofs } = await proofsFor(
        t.app.services,
        { id: owner_user_id, role: 'customer', agencyId: null, sessionId: '' },
        snapshot.id,
      );
      for (const proof of proofs) {
        expect(await verifyProofTree(proof, sha256), owner_user_id).toMatchObject({ ok: true });
        roots.add(proof.root);
      }
    }
    expect([...roots]).toEqual([snapshot.trees[0]?.root]);
    const { proofs } = await proofsFor(
      t.app.services,
      { id: owners[0]?.owner_user_id ?? '', role: 'customer', agencyId: null, sessionId: '' },
      snapshot.id,
    );
    const good = proofs[0];
    if (!good) throw new Error('no proof');
    const firstPath = (p: LiabilityProof) => p.leaves[0]?.path ?? [];
    const changes: ((p: LiabilityProof) => void)[] = [
      (p) => (p.balance = String(BigInt(p.balance) + 1n)),
      (p) => (p.owner.secret = (BigInt(`0x${p.owner.secret}`) ^ 1n).toString(16).padStart(64, '0')),
      (p) =>
        firstPath(p).splice(0, 1, {
          hash: firstPath(p)[0]?.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) ?? '',
          sum: firstPath(p)[0]?.sum ?? '0',
        }),
      (p) =>
        firstPath(p).splice(0, 1, {
          hash: firstPath(p)[0]?.hash ?? '',
          sum: String(BigInt(firstPath(p)[0]?.sum ?? '0') + 1n),
        }),
    ];
    for (const change of changes) {
      const bad = structuredClone(good);
      change(bad);
      expect((await verifyProofTree(bad, sha256)).ok).toBe(false);
    }
  });

  it("serves only the caller's own proof: none for a newcomer or an unknown snapshot (404), none for a teller (403)", async () => {
    const before = await customer(t, 5_00n);
    const snapshot = await takeSnapshot(t.database.db);
    const newcomer = await customer(t, 7_00n);
    const mine = await proofOf(before.token);
    expect(mine.body.proofs[0]?.balance).toBe('500');
    // The newcomer is not in the snapshot: they get a 404, never someone else's leaf.
    expect(await proofOf(newcomer.token)).toMatchObject({ status: 404, body: { detail: liabilityMessages.noProof } });
    expect((await proofOf(before.token, '?snapshot=999999999')).status).toBe(404);
    expect((await proofOf(before.token, '?snapshot=abc')).status).toBe(400);
    const banker = await teller(t, await agency(t));
    expect((await proofOf(banker.token, `?snapshot=${snapshot?.id ?? ''}`)).status).toBe(403);
    expect((await call(t, 'GET', '/api/liabilities/proof/')).status).toBe(401);
  });

  it('agrees with the ledger to the minor unit while transfers run (one repeatable-read snapshot)', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => customer(t, 1_000_00n)));
    const contacts = await Promise.all(
      people.map((p, i) =>
        recipientOf(t, p, {
          email: i % 2 === 0 ? (people[(i + 1) % people.length]?.email ?? '') : uniqueEmail('away'),
        }),
      ),
    );
    const counter = Number(await agency(t));
    let running = true;
    const workload = people.map(async (p, i) => {
      let n = 0;
      while (running) {
        const contact = n % 3 === 2 ? counter : (contacts[i] ?? 0);
        await create(t, p, { amount: 1 + (n % 7), contact });
        n++;
      }
      return n;
    });
    const snapshots = [];
    for (let i = 0; i < 4; i++) snapshots.push(await takeSnapshot(t.database.db));
    running = false;
    const moves = await Promise.all(workload);
    expect(moves.reduce((a, b) => a + b, 0)).toBeGreaterThan(10);
    // Nothing leaves the customers' side in this workload (transfers, unclaimed sends, reserved withdrawals), so
    // every snapshot taken mid-flight owes the same as the ledger does now, and its cross-checks all held.
    const owed = await ledgerOwes();
    for (const s of snapshots) expect(s?.trees.find((tree) => tree.currency === 'MAD')?.total).toBe(owed);
  });

  it('does not see a transfer that commits between its reads (repeatable read)', async () => {
    const alice = await customer(t, 50_00n);
    const contact = await recipientOf(t, alice, { email: uniqueEmail('away') });
    const snapshot = await takeSnapshot(t.database.db, {
      afterWalletsRead: async () => {
        expect((await create(t, alice, { amount: 20, contact })).status).toBe(201);
      },
    });
    // Taken before the send: alice's 50 are all in her wallet, none in unclaimed transfers yet.
    const { proofs } = await proofsFor(
      t.app.services,
      { id: String(alice.userId), role: 'customer', agencyId: null, sessionId: '' },
      snapshot?.id,
    );
    expect(proofs[0]?.breakdown).toEqual({ wallet: '5000', withdrawals_pending: '0', unclaimed_transfers: '0' });
  });

  it('anchors the root, total and leaf count on the public ledger and lists it at /explorer/liabilities/', async () => {
    const snapshot = await takeSnapshot(t.database.db);
    const tree = snapshot?.trees[0];
    if (!tree) throw new Error('no tree');
    expect(await anchorPendingTrees(t.app.services, { treeIds: [tree.id] })).toEqual({ published: 1, failed: 0 });
    const record = await t.database.db
      .selectFrom('chain_records')
      .select(['payload', 'hash'])
      .where('record_id', '=', `0x${tree.root}`)
      .executeTakeFirstOrThrow();
    expect(record.payload).toMatchObject({
      kind: `liabilities:${tree.leafCount}`,
      currency: 'MAD',
      from: null,
      to: null,
    });
    const page = await fetch(`${t.baseUrl}/explorer/liabilities/?lang=fr`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(tree.root);
    expect(html).toContain(`/explorer/tx/${record.hash}`);
    expect(html).toContain('lang="fr"');
    // The badge too speaks the page's language: French here, Arabic and English below.
    expect(html).toContain('<p class="badge">Explorateur du registre public (registre intégré)</p>');
    expect(await (await fetch(`${t.baseUrl}/explorer/liabilities/?lang=ar`)).text()).toContain(
      '<p class="badge">مستكشف السجل العام (السجل المدمج)</p>',
    );
    expect(await (await fetch(`${t.baseUrl}/explorer/liabilities/?lang=en`)).text()).toContain(
      '<p class="badge">Public ledger explorer (built-in ledger)</p>',
    );
    // Public: no secret (nor anything else of a leaf) on it.
    const leaf = await t.database.db
      .selectFrom('liabilities_leaves')
      .select('nonce')
      .where('tree_id', '=', tree.id)
      .executeTakeFirstOrThrow();
    expect(html).not.toContain(leaf.nonce.toString('hex'));
  });
});
