import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsCustomerSchedulesSchema } from '../../../common/api/schedules.ts';
import { call, ensureRates, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { operator } from '../ops/ops.fixtures.ts';
import { CODE, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { addDays } from './calendar.ts';
import { midnight, paris, passAt } from './schedules.fixtures.ts';

/** Support reads a customer's schedules with what became of each date, to answer "why did it not go?". */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/ops/customers/{id}/schedules/', () => {
  it('shows operators and auditors the schedules with the skipped dates and their reason; a customer gets 403', async () => {
    // 10 MAD on the account: the first date of a 1500 MAD schedule is refused for the balance.
    const who = await customer(t, 1_000n);
    const contact = await recipientOf(t, who, { email: `rec-ops-${String(who.userId)}@example.com` });
    const start = addDays(paris(), 3);
    const made = await call<{ id: number }>(t, 'POST', '/api/schedules/', {
      token: who.token,
      body: { contact, amount: '1500.00', frequency: 'weekly', start_date: start, security_code: CODE },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await passAt(t, midnight(start, 1));

    for (const role of ['OPERATOR', 'AUDITOR'] as const) {
      const staff = await operator(t, role);
      const res = await call(t, 'GET', `/api/ops/customers/${who.userId}/schedules/`, { token: staff.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const body = opsCustomerSchedulesSchema.strict().parse(res.body);
      expect(body.count).toBe(1);
      expect(body.results[0]).toMatchObject({
        id: made.body.id,
        amount: '1500.00',
        frequency: 'weekly',
        state: 'active',
        next_date: addDays(start, 7),
        occurrences: [{ date: start, outcome: 'skipped', reason: 'balance', transaction: null }],
      });
    }
    const asCustomer = await call(t, 'GET', `/api/ops/customers/${who.userId}/schedules/`, { token: who.token });
    expect(asCustomer.status).toBe(403);
  });

  it('answers 404 for a user that does not exist and an empty list for one without schedules', async () => {
    const staff = await operator(t);
    expect((await call(t, 'GET', '/api/ops/customers/999999999/schedules/', { token: staff.token })).status).toBe(404);
    const none = await customer(t);
    const res = await call(t, 'GET', `/api/ops/customers/${none.userId}/schedules/`, { token: staff.token });
    expect(res.body).toEqual({ count: 0, results: [] });
  });
});
