import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../common/api/ops-dashboard.ts';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { openReview } from '../reviews/reviews.service.ts';
import { agency, create, customer, teller } from '../transfers/transactions.fixtures.ts';
import { operator, startOpsApp } from './ops.fixtures.ts';

let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startOpsApp()));
afterAll(() => t.close());

const read = async (as: SignedIn = op) => call<Dashboard>(t, 'GET', '/api/ops/dashboard/', { token: as.token });
const volume = (d: Dashboard, period: 'today' | 'last_7_days', kind: string, status: string) =>
  d[period].by_kind_status.find((r) => r.kind === kind && r.status === status) ?? { count: 0, amount: '0.00' };

describe('dashboard/', () => {
  it("counts today's and 7 days' volumes by kind and status, and shows balances and queues", async () => {
    const before = (await read()).body;
    const owner = await customer(t, 1_000_00n);
    const made = await create(t, owner, { amount: 30, contact: Number(await agency(t)) });
    expect(made.status).toBe(201);
    await withTransaction(t.database.db, (tx) =>
      openReview(tx, { kind: 'monitoring', subject: `user:${owner.userId}` }, new Date()),
    );
    const res = await read();
    expect(res.status).toBe(200);
    const after = res.body;
    // Other test files share the database: at least this test's own rows were added.
    for (const period of ['today', 'last_7_days'] as const) {
      const was = volume(before, period, 'withdrawal', 'pending');
      const now = volume(after, period, 'withdrawal', 'pending');
      expect(now.count - was.count).toBeGreaterThanOrEqual(1);
      expect(Number(now.amount) - Number(was.amount)).toBeGreaterThanOrEqual(30);
      expect(after[period].count).toBe(after[period].by_kind_status.reduce((n, r) => n + r.count, 0));
    }
    expect(after.last_7_days.count).toBeGreaterThanOrEqual(after.today.count);
    expect(after.open_reviews).toBeGreaterThanOrEqual(before.open_reviews + 1);
    const accounts = after.accounts.map((a) => `${a.kind}:${a.currency}`);
    for (const expected of [
      'fx:EUR',
      'fx:MAD',
      'fees:EUR',
      'card_clearing:EUR',
      'unclaimed_transfers:MAD',
      'withdrawals_pending:MAD',
      'pickups_pending:MAD',
    ])
      expect(accounts).toContain(expected);
    expect(after.accounts.every((a) => a.kind !== 'customer_wallet')).toBe(true);
    const pending = after.accounts.find((a) => a.kind === 'withdrawals_pending');
    expect(pending?.balance).toMatch(/^-?\d+\.\d{2}$/);
    for (const queue of [after.anchoring, after.payment_actions]) {
      expect(queue.waiting).toBeGreaterThanOrEqual(queue.failing);
      expect(queue.dead).toBeGreaterThanOrEqual(0);
    }
    expect(after.webhooks.processing).toBeGreaterThanOrEqual(0);
  });

  it('is read by operators and auditors, refused to customers and tellers', async () => {
    expect((await read(await operator(t, 'AUDITOR'))).status).toBe(200);
    expect((await read(await customer(t))).status).toBe(403);
    expect((await read(await teller(t, await agency(t)))).status).toBe(403);
  });
});
