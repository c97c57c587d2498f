import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { customer } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

/**
 * The audit trail read as people do: who acted by part of their name, the action and the target's kind from the
 * lists, the person a line is about by name; a filter that is not one of those is a 400 naming the field, never a
 * server error.
 */
let t: TestApp;
let op: SignedIn;
let auditor: SignedIn;

beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
  op = await operator(t);
  auditor = await operator(t, 'AUDITOR');
});
afterAll(async () => {
  await t.close();
});

type Line = Record<string, unknown>;
const audit = (query: string) =>
  call<{ count: number; results: Line[] } & Record<string, string[]>>(t, 'GET', `/api/ops/audit/?${query}`, {
    token: auditor.token,
  });

describe('the audit filters', () => {
  it('refuses a filter outside its list with a message on that field', async () => {
    expect((await audit('action=customer.explode')).body).toEqual({ action: [opsMessages.auditAction] });
    expect((await audit('target_type=planet')).body).toEqual({ target_type: [opsMessages.auditTarget] });
    expect((await audit('actor=Salma')).body).toEqual({ actor: [opsMessages.auditPersonId] });
    const short = await audit('person=S');
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ person: [opsMessages.auditPerson] });
    expect((await call(t, 'GET', '/api/ops/audit/csv/?action=nope', { token: auditor.token })).status).toBe(400);
  });

  it("finds lines by part of the actor's name, in any case, and names the customer a line is about", async () => {
    const c = await customer(t);
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Nadia', last_name: 'Benali' })
      .where('id', '=', String(c.userId))
      .execute();
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Zineb', last_name: 'Tazi' })
      .where('id', '=', String(op.userId))
      .execute();
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason: 'Suspicious activity' })).status).toBe(
      200,
    );
    for (const person of ['zineb', 'TAZI', 'Zineb Tazi', 'tazi zineb']) {
      const found = await audit(`person=${encodeURIComponent(person)}&action=customer.freeze`);
      expect(found.status, JSON.stringify(found.body)).toBe(200);
      expect(found.body.results).toEqual([
        expect.objectContaining({
          actor: op.userId,
          actor_name: 'Zineb Tazi',
          action: 'customer.freeze',
          target_type: 'user',
          target_id: String(c.userId),
          target_name: 'Nadia Benali',
        }),
      ]);
    }
    expect((await audit('person=Nobody%20Here')).body.count).toBe(0);
    // A '%' typed is a character, not a wildcard.
    expect((await audit('person=%25%25')).body.count).toBe(0);
  });
});
