import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, signIn, testEnv } from '../../../tests/support/identity.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../../tests/support/scratch-database.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { setCode } from '../transactions/transactions.fixtures.ts';
import { lastAudit, operator, opsAction } from './ops.fixtures.ts';

/**
 * "At least one operator" (issue 15) on a database of its own: the run's shared database always holds other
 * tests' operators, so there the count never comes down to one.
 */
let scratch: ScratchDatabase;
let t: TestApp;
beforeAll(async () => {
  const server = new URL(inject('databaseUrl'));
  server.pathname = '/postgres';
  scratch = await createScratchDatabase(server.toString(), 'ops_last_operator_test', { migrate: true });
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

describe('at least one operator remains', () => {
  it('the only two operators removing each other at the same moment: exactly one stays, the other is refused', async () => {
    let a = await operator(t);
    for (let round = 0; round < 4; round++) {
      // The one left adds a second operator through the API, then the two remove each other at once.
      const added = await opsAction(t, a, 'operators/', { email: `second-${round}@example.com`, role: 'OPERATOR' });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      const b = { ...(await signIn(t, { email: `second-${round}@example.com` })), email: '' };
      await setCode(t, b);
      expect(await operatorIds(a.token)).toHaveLength(2);

      const [ab, ba] = await Promise.all([
        opsAction(t, a, `operators/${b.userId}/remove/`),
        opsAction(t, b, `operators/${a.userId}/remove/`),
      ]);
      expect([ab.status, ba.status].filter((s) => s === 200), JSON.stringify([ab.body, ba.body])).toHaveLength(1);
      const [winner, loser, refused] = ab.status === 200 ? [a, b, ba] : [b, a, ab];
      expect([401, 403]).toContain(refused.status);
      if (refused.status === 403) expect(refused.body).toEqual({ detail: opsMessages.staffOnly });
      expect(await operatorIds(winner.token)).toEqual([winner.userId]);
      expect(await lastAudit(t, winner, 'operator.remove', { type: 'user', id: winner.userId })).toBeUndefined();
      expect((await call(t, 'GET', '/api/ops/dashboard/', { token: loser.token })).status).toBe(401);
      a = winner;
    }
  });
});
