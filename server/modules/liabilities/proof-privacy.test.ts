import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedScratchDatabase } from '../../../tests/support/migrated-scratch.ts';
import type { ScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { call, ensureRates } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { projectRoot } from '../../config.ts';
import { customer } from '../transfers/transactions.fixtures.ts';
import { anchorPendingTrees } from './anchor-liabilities.ts';
import { takeSnapshot } from './snapshot.service.ts';

/**
 * What a proof of liabilities lets its reader see of others, and what its verifier trusts. On a database of its
 * own: every customer of it is in the trees, and the snapshots are taken when this file says.
 */
let scratch: ScratchDatabase;
let t: TestApp;
let dir: string;
beforeAll(async () => {
  scratch = await migratedScratchDatabase('proof_privacy_test');
  t = await startTestApp({ databaseUrl: scratch.url });
  await ensureRates(t);
  dir = await mkdtemp(path.join(tmpdir(), 'proof-'));
});
afterAll(async () => {
  await t.close();
  await scratch.drop();
  await rm(dir, { recursive: true, force: true });
});

type ProofBody = { proofs: Record<string, unknown>[] };
const proofOf = (token: string) => call<ProofBody>(t, 'GET', '/api/liabilities/proof/', { token });

/** Every sibling sum of a proof, wherever its format puts its paths. */
function pathSums(value: unknown, inPath = false): bigint[] {
  if (Array.isArray(value)) return value.flatMap((v) => pathSums(v, inPath));
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  if (inPath && typeof node.hash === 'string' && typeof node.sum === 'string') return [BigInt(node.sum)];
  return Object.entries(node).flatMap(([key, v]) => pathSums(v, key === 'path'));
}

const execFileAsync = promisify(execFile);

/** `npm run verify-proof -- FILE --explorer <this app>`: its exit code and what it printed. */
async function verifyCli(proof: unknown, name: string): Promise<{ code: number; out: string }> {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(proof));
  try {
    const { stdout, stderr } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify-proof.ts', file, '--explorer', t.baseUrl],
      { cwd: projectRoot },
    );
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('proof of liabilities: privacy and the public record', () => {
  it("shows no other customer's balance in any sibling of a proof's paths (small tree)", async () => {
    const balances = [2_210_00n, 1_605_00n, 987_65n, 123_45n, 50_00n];
    const people = await Promise.all(balances.map((b) => customer(t, b)));
    const snapshot = await takeSnapshot(t.database.db);
    if (!snapshot) throw new Error('no snapshot');
    for (const [i, person] of people.entries()) {
      const res = await proofOf(person.token);
      expect(res.status).toBe(200);
      const sums = new Set(pathSums(res.body.proofs));
      expect(sums.size).toBeGreaterThan(0);
      const others = balances.filter((_, j) => j !== i);
      for (const balance of others) expect(sums.has(balance), `customer ${i} sees ${balance}`).toBe(false);
    }
  });

  it('verify-proof checks the root against the record on the public ledger, not against the server', async () => {
    const alice = await customer(t, 42_00n);
    const published = await takeSnapshot(t.database.db);
    const tree = published?.trees[0];
    if (!tree) throw new Error('no tree');
    expect(await anchorPendingTrees(t.app.services, { treeIds: [tree.id] })).toEqual({ published: 1, failed: 0 });
    const good = (await proofOf(alice.token)).body;
    const ok = await verifyCli(good, 'published');
    expect(ok, ok.out).toMatchObject({ code: 0 });
    expect(ok.out).toContain('OK');

    // A sound tree the server never published: every hash adds up, but its root is on no public ledger.
    await takeSnapshot(t.database.db);
    const unpublished = (await proofOf(alice.token)).body;
    expect(unpublished.proofs[0]?.root).not.toBe(good.proofs[0]?.root);
    const refused = await verifyCli(unpublished, 'unpublished');
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toContain('is not on the public ledger');

    // A root changed in the file fails too.
    const tampered = structuredClone(good);
    const proof = tampered.proofs[0];
    if (!proof) throw new Error('no proof');
    proof.root = String(proof.root).replace(/^./, (c) => (c === '0' ? '1' : '0'));
    expect((await verifyCli(tampered, 'tampered')).code).toBe(1);
  }, 180_000);

  it('serves the record of a root as data on the explorer, and 404 for a root never published', async () => {
    const snapshot = await takeSnapshot(t.database.db);
    const tree = snapshot?.trees[0];
    if (!tree) throw new Error('no tree');
    const missing = await fetch(`${t.baseUrl}/explorer/records/0x${tree.root}`);
    expect(missing.status).toBe(404);
    await anchorPendingTrees(t.app.services, { treeIds: [tree.id] });
    const found = await fetch(`${t.baseUrl}/explorer/records/0x${tree.root}`);
    expect(found.status).toBe(200);
    expect(await found.json()).toMatchObject({
      record_id: `0x${tree.root}`,
      payload: { reference_hash: `0x${tree.root}`, kind: `liabilities:${tree.leafCount}`, currency: 'MAD' },
    });
    expect((await fetch(`${t.baseUrl}/explorer/records/nothing`)).status).toBe(404);
  });
});
