import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { migratedScratchDatabase } from '../../../tests/support/migrated-scratch.ts';
import type { ScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { lastAudit, operator, opsAction } from './ops.fixtures.ts';

/**
 * "At least one operator" on a database of its own: the run's shared database always holds other
 * tests' operators, so there the count never comes down to one.
 */
let scratch: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  scratch = await migratedScratchDatabase('ops_last_operator_test');
  t = await startTestApp({ env: testEnv, databaseUrl: scratch.url });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
  await scratch.drop();
});

const operatorIds = async (token: string) => {
  const res = await call<{ results: { id: number }[] }>(t, 'GET', '/api/ops/operators/?role=OPERATOR&page_size=100', {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.results.map((s) => s.id);
};

const approve = (as: SignedIn, id: number) => opsAction(t, as, `approvals/${id}/approve/`, { reason: 'Agreed' });
const approvalId = (res: { body: Record<string, unknown> }) => (res.body.approval as { id: number }).id;

describe('at least one operator remains', () => {
  /** The one operator the first test leaves; the second goes on from them. */
  let remaining: SignedIn;

  it('removing the last but one operator needs a second operator', async () => {
    const a = await operator(t);
    const b = await operator(t);
    const asked = await opsAction(t, a, `operators/${b.userId}/remove/`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(await operatorIds(a.token)).toHaveLength(2);
    expect((await approve(a, approvalId(asked))).body).toEqual({ detail: opsMessages.ownRequest });
    expect(await operatorIds(a.token)).toHaveLength(2);
    // The second operator agrees to it (here, the one removed); the last one then cannot be removed.
    expect((await approve(b, approvalId(asked))).status).toBe(200);
    expect(await operatorIds(a.token)).toEqual([a.userId]);
    expect((await call(t, 'GET', '/api/ops/dashboard/', { token: b.token })).status).toBe(401);
    expect(await lastAudit(t, a, 'operator.remove', { type: 'user', id: b.userId })).toMatchObject({
      actor: b.userId,
      after: { role: 'customer', requested_by: String(a.userId) },
    });
    remaining = a;
  });

  it('the only two operators approving the removal of each other at the same moment: exactly one stays', async () => {
    let a = remaining;
    expect(await operatorIds(a.token)).toEqual([a.userId]);
    for (let round = 0; round < 4; round++) {
      // The first operators come from the command line: a second one is added as operator:add does.
      const b = await operator(t);
      expect(await operatorIds(a.token)).toHaveLength(2);
      const [removeA, removeB] = [
        await opsAction(t, b, `operators/${a.userId}/remove/`),
        await opsAction(t, a, `operators/${b.userId}/remove/`),
      ];
      expect([removeA.status, removeB.status], JSON.stringify([removeA.body, removeB.body])).toEqual([202, 202]);
      // Each agrees to their own removal at once: both would leave none.
      const [aa, bb] = await Promise.all([approve(a, approvalId(removeA)), approve(b, approvalId(removeB))]);
      expect(
        [aa.status, bb.status].filter((s) => s === 200),
        JSON.stringify([aa.body, bb.body]),
      ).toHaveLength(1);
      const [winner, refused, left] = aa.status === 200 ? [b, bb, removeB] : [a, aa, removeA];
      expect(refused).toMatchObject({ status: 409, body: { detail: opsMessages.lastOperator } });
      expect(await operatorIds(winner.token)).toEqual([winner.userId]);
      // The request to remove the one left stays pending: they reject it.
      expect((await opsAction(t, winner, `approvals/${approvalId(left)}/reject/`)).status).toBe(200);
      a = winner;
    }
  });
});
