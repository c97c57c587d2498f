import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { anchorPendingTrees } from '../liabilities/anchor-liabilities.ts';
import { recordSafeguarding } from '../liabilities/liabilities-admin.service.ts';
import { takeSnapshot } from '../liabilities/snapshot.service.ts';
import { agency, create, customer, teller } from '../transfers/transactions.fixtures.ts';
import { operator, startOpsScratchApp } from './ops.fixtures.ts';

/**
 * `/api/ops/liabilities/` over HTTP, on a database of its own: a snapshot's totals are the whole ledger's, which
 * other test files would move meanwhile.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startOpsScratchApp('ops_liabilities_test')));
afterAll(() => t.close());

type Row = Record<string, unknown>;
const list = (query = '', as: { token: string } = op) =>
  call<{ count: number; results: Row[]; next: string | null }>(t, 'GET', `/api/ops/liabilities/${query}`, {
    token: as.token,
  });

describe('liabilities/', () => {
  it('lists each snapshot total against the ledger and the safeguarding account, with the public record', async () => {
    expect((await list()).body).toMatchObject({ count: 0, results: [] });
    const alice = await customer(t, 300_00n);
    const sent = await create(t, alice, { amount: 50, contact: Number(await agency(t)) });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const first = await takeSnapshot(t.database.db);
    const tree = first?.trees[0];
    if (!first || !tree) throw new Error('no snapshot');
    // Money moves after the first snapshot: the journal up to its time still owes what it published.
    await customer(t, 120_00n);
    const second = await takeSnapshot(t.database.db);
    if (!second) throw new Error('no second snapshot');
    await recordSafeguarding(t.database.db, { snapshotId: first.id, currency: 'MAD', amount: '290.00' });
    await recordSafeguarding(t.database.db, { snapshotId: second.id, currency: 'MAD', amount: '500.00' });
    expect(await anchorPendingTrees(t.app.services, { treeIds: [tree.id] })).toEqual({ published: 1, failed: 0 });

    const res = await list();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((r) => r.snapshot_id)).toEqual([Number(second.id), Number(first.id)]);
    expect(res.body.results[1]).toMatchObject({
      currency: 'MAD',
      total: '300.00',
      ledger: '300.00',
      ledger_difference: '0.00',
      safeguarded: '290.00',
      safeguarding_difference: '-10.00',
      root: tree.root,
      record_id: expect.any(String),
      record_url: expect.stringContaining('/explorer/tx/'),
    });
    expect(res.body.results[0]).toMatchObject({
      total: '420.00',
      ledger: '420.00',
      ledger_difference: '0.00',
      safeguarding_difference: '80.00',
      record_id: null,
      record_url: null,
    });
    const page = await list('?page=2&page_size=1');
    expect(page.body.results.map((r) => r.snapshot_id)).toEqual([Number(first.id)]);
  });

  it('shows a difference when a published total no longer agrees with the journal', async () => {
    const [latest] = (await list()).body.results;
    await t.owner.db
      .updateTable('liabilities_trees')
      .set({ total: '43000' })
      .where('snapshot_id', '=', String(latest?.snapshot_id))
      .execute();
    const [after] = (await list()).body.results;
    expect(after).toMatchObject({ total: '430.00', ledger: '420.00', ledger_difference: '10.00' });
  });

  it('an auditor reads it; customers and tellers get 403; no token is a 401', async () => {
    expect((await list('', await operator(t, 'AUDITOR'))).status).toBe(200);
    for (const who of [await customer(t), await teller(t, await agency(t))])
      expect((await list('', who)).status).toBe(403);
    expect((await call(t, 'GET', '/api/ops/liabilities/')).status).toBe(401);
    expect((await list('?page=0')).status).toBe(400);
  });
});
