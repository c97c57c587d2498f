import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { agency, create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';
import { startOpsApp } from './ops.fixtures.ts';

let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startOpsApp()));
afterAll(() => t.close());

type Row = { id: number; reference: string | null; recipient_name: string | null };
const found = async (term: string) => {
  const res = await call<{ results: Row[] }>(t, 'GET', `/api/ops/transactions/?search=${encodeURIComponent(term)}`, {
    token: op.token,
  });
  expect(res.status, term).toBe(200);
  return res.body.results;
};

describe('the back-office transaction search', () => {
  it('finds a cash pickup by its reference with or without spaces and by the name it is for, and shows both', async () => {
    const sender = await customer(t, 200_00n);
    const last = `Zahra${Date.now().toString(36)}`;
    const contact = await recipientOf(t, sender, {
      phone_number: uniquePhone(),
      first_name: 'Fatima',
      last_name: last,
    });
    const sent = await create(t, sender, { amount: 50, contact, delivery: 'cash_pickup' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = sent.body.id as number;
    const digits = String(sent.body.pickup_reference).replace(/\s/g, '');
    const grouped = `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
    for (const term of [digits, grouped, `Fatima ${last}`, last.toLowerCase()]) {
      const rows = await found(term);
      expect(
        rows.map((r) => r.id),
        term,
      ).toEqual([id]);
      expect(rows[0]).toMatchObject({ reference: grouped, recipient_name: `Fatima ${last}` });
    }
  });

  it('finds a withdrawal by the reference its customer reads out, with or without dashes, in any case', async () => {
    const owner = await customer(t, 1_000_00n);
    const made = await create(t, owner, { amount: 20, contact: Number(await agency(t)) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as number;
    const [row] = (await found(String(id))).filter((r) => r.id === id);
    const reference = String(row?.reference);
    expect(reference).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    for (const term of [reference, reference.replace(/-/g, ''), reference.replace(/-/g, ' ').toLowerCase()])
      expect(
        (await found(term)).map((r) => r.id),
        term,
      ).toEqual([id]);
  });

  it("lists one customer's transactions, sent and received, and nobody else's", async () => {
    const a = await customer(t, 50_000n);
    const b = await customer(t, 50_000n);
    const other = await customer(t, 50_000n);
    const sent = await create(t, a, {
      amount: 12,
      contact: await recipientOf(t, a, { first_name: 'B', last_name: 'B', email: b.email }),
    });
    const received = await create(t, b, {
      amount: 7,
      contact: await recipientOf(t, b, { first_name: 'A', last_name: 'A', email: a.email }),
    });
    await create(t, other, {
      amount: 3,
      contact: await recipientOf(t, other, { first_name: 'B', last_name: 'B', email: b.email }),
    });
    const res = await call<{ count: number; results: Row[] }>(t, 'GET', `/api/ops/transactions/?customer=${a.userId}`, {
      token: op.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.id).sort()).toEqual([sent.body.id, received.body.id].sort());
    const bad = await call(t, 'GET', '/api/ops/transactions/?customer=Nadia', { token: op.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toHaveProperty('customer');
  });
});
