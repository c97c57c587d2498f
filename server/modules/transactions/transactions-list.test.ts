import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, create, customer, recipientOf } from './transactions.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Page = { count: number; next: string | null; results: { id: number; category: string; amount: string }[] };

describe('GET /api/transactions/', () => {
  it('filters by category (withdraw too), amount, range, user and dates, and pages', async () => {
    const alice = await customer(t, 1_000_00n);
    const bob = await customer(t);
    const toBob = await recipientOf(t, alice, { email: bob.email });
    await create(t, alice, { amount: 100, contact: toBob });
    await create(t, alice, { amount: 95, contact: toBob });
    await create(t, alice, { amount: 50, contact: Number(await agency(t)) });
    const get = async (query: string) =>
      (await call<Page>(t, 'GET', `/api/transactions/${query}`, { token: alice.token })).body;

    expect((await get('?page_size=2')).count).toBe(3);
    expect((await get('?page_size=2')).next).toContain('page=2');
    expect((await get('?category=sending')).results.map((r) => r.amount)).toEqual(['95.00', '100.00']);
    expect((await get('?category=withdraw')).results.map((r) => r.category)).toEqual(['withdrawal']);
    expect((await get('?category=reception')).count).toBe(0);
    expect((await get('?amount=100')).count).toBe(1);
    expect((await get('?amount_gte=90.00&amount_lte=110.00')).count).toBe(2);
    expect((await get(`?user=${bob.userId}`)).count).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await get(`?start_date=${today}&end_date=${tomorrow}`)).count).toBe(3);
    expect((await get(`?end_date=${today}`)).count).toBe(0);
    const bobs = (await call<Page>(t, 'GET', `/api/transactions/?user=${alice.userId}`, { token: bob.token })).body;
    expect(bobs.results.map((r) => r.category)).toEqual(['reception', 'reception']);
  });

  it('refuses bad filters with a 400, never a 500', async () => {
    const alice = await customer(t);
    for (const q of [
      '?category=gift',
      '?amount=abc',
      '?start_date=2024-13-45',
      '?page=0',
      '?user=x',
      '?end_date=yesterday',
    ]) {
      const res = await call(t, 'GET', `/api/transactions/${q}`, { token: alice.token });
      expect(res.status, q).toBe(400);
    }
    expect((await call(t, 'GET', '/api/transactions/abc/', { token: alice.token })).status).toBe(400);
    expect((await call(t, 'GET', '/api/transactions/999999999/', { token: alice.token })).status).toBe(404);
  });
});
