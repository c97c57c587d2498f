import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, testEnv } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { agency, create, customer, recipientOf, teller } from './transactions.fixtures.ts';
import { statementMessages } from '../../../common/api/messages.ts';

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

  // The list is one query per side (sent, received, the banker's agency) merged: the order, the pages and the
  // counts must be those of the whole set, and a row on two sides must appear once.
  it('merges both sides newest first across pages, counts each row once, with filters', async () => {
    const alice = await customer(t, 1_000_00n);
    const bob = await customer(t, 1_000_00n);
    const toBob = await recipientOf(t, alice, { email: bob.email });
    const toAlice = await recipientOf(t, bob, { email: alice.email });
    const ids: number[] = [];
    for (const [from, contact, amount] of [
      [alice, toBob, 10],
      [bob, toAlice, 20],
      [bob, toAlice, 30],
      [alice, toBob, 40],
      [bob, toAlice, 50],
    ] as const) {
      const res = await create(t, from, { amount, contact });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id as number);
    }
    const newestFirst = [...ids].sort((a, b) => b - a);
    const get = async (query: string) =>
      (await call<Page>(t, 'GET', `/api/transactions/${query}`, { token: alice.token })).body;
    const pages = [await get('?page_size=2'), await get('?page_size=2&page=2'), await get('?page_size=2&page=3')];
    expect(pages.map((p) => p.count)).toEqual([5, 5, 5]);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(newestFirst);
    expect(pages[2]?.next).toBeNull();
    // Past the end: no row, and still the count (the page's statement has none to carry it, ADR 010 'Lists').
    expect(await get('?page_size=10&page=4')).toMatchObject({ count: 5, results: [], next: null });
    expect(await get('?category=exchange&page=2')).toMatchObject({ count: 0, results: [] });
    expect((await get(`?user=${bob.userId}&page_size=3&page=2`)).results.map((r) => r.id)).toEqual(
      newestFirst.slice(3),
    );
    const range = await get('?amount_gte=15.00&amount_lte=45.00');
    expect([range.count, range.results.map((r) => r.amount)]).toEqual([3, ['40.00', '30.00', '20.00']]);
    expect((await get('?category=reception&amount_gte=25.00')).count).toBe(2);
    expect((await get(`?user=${alice.userId}`)).count).toBe(0);

    // A row with the viewer on both sides (the API refuses to create one; the schema does not): listed once.
    const [first] = ids;
    const self = await t.database.db
      .insertInto('transactions')
      .columns(['kind', 'status', 'sender_user_id', 'recipient_user_id', 'contact_id', 'amount', 'ledger_entry_id'])
      .expression((eb) =>
        eb
          .selectFrom('transactions')
          .select([
            'kind',
            'status',
            'sender_user_id',
            'sender_user_id',
            'contact_id',
            eb.val('7700').as('amount'),
            'ledger_entry_id',
          ])
          .where('id', '=', String(first)),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const all = await get('?page_size=10');
    expect(all.count).toBe(6);
    // A period with both ends is counted in one pass over the period's rows (ADR 010, "Lists, fourth pass"): the
    // same count, each row once, on every page and past the end; with one end, by the sides.
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const period = `start_date=${today}&end_date=${tomorrow}`;
    expect((await get(`?${period}&page_size=4`)).count).toBe(6);
    expect(await get(`?${period}&page_size=4&page=3`)).toMatchObject({ count: 6, results: [] });
    expect((await get(`?${period}&page_size=4&page=2`)).results.map((r) => r.id)).toEqual(newestFirst.slice(3));
    expect((await get(`?start_date=${today}`)).count).toBe(6);
    expect((await get(`?${period}&amount_gte=35.00`)).count).toBe(3);
    expect((await get(`?${period}&user=${bob.userId}`)).count).toBe(5);
    expect((await get(`?${period}&category=reception`)).count).toBe(4);
    expect(all.results.map((r) => r.id)).toEqual([Number(self.id), ...newestFirst]);
    expect((await get('?page_size=3&page=2')).results.map((r) => r.id)).toEqual(newestFirst.slice(2, 5));
    expect((await get('?amount=77.00')).count).toBe(1);
    expect((await get(`?user=${alice.userId}`)).results.map((r) => r.id)).toEqual([Number(self.id)]);
    expect((await get('?category=sending')).count).toBe(3);
    expect((await get('?category=reception')).count).toBe(4);
    await t.database.db.deleteFrom('transactions').where('id', '=', self.id).execute();
  });

  it("shows a banker the agency's withdrawals next to their own rows, once each", async () => {
    const alice = await customer(t, 1_000_00n);
    const place = await agency(t);
    const banker = await teller(t, place);
    const withdrawals: number[] = [];
    for (const amount of [50, 60]) {
      const res = await create(t, alice, { amount, contact: Number(place) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      withdrawals.push(res.body.id as number);
    }
    const list = (await call<Page>(t, 'GET', '/api/transactions/?page_size=10', { token: banker.token })).body;
    expect(list.count).toBe(2);
    expect(list.results.map((r) => r.id)).toEqual([...withdrawals].reverse());
    const filtered = (
      await call<Page>(t, 'GET', '/api/transactions/?category=withdraw&amount=60', { token: banker.token })
    ).body;
    expect([filtered.count, filtered.results.map((r) => r.id)]).toEqual([1, [withdrawals[1]]]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const period = (
      await call<Page>(t, 'GET', `/api/transactions/?start_date=${today}&end_date=${tomorrow}`, { token: banker.token })
    ).body;
    expect([period.count, period.results.map((r) => r.id)]).toEqual([2, [...withdrawals].reverse()]);
  });

  // Date filters were once UTC days, so a payment made at 00:30 in Paris was listed under the day before.
  it("reads date filters as days of the customer's time zone (tz), UTC when absent", async () => {
    const alice = await customer(t, 1_000_00n);
    const bob = await customer(t);
    const toBob = await recipientOf(t, alice, { email: bob.email });
    const sent = await create(t, alice, { amount: 12, contact: toBob });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // 23:30 UTC on 15 January (winter): 00:30 on the 16th in Paris.
    await sql`UPDATE transactions SET created_at = '2025-01-15T23:30:00Z' WHERE id = ${String(sent.body.id)}`.execute(
      t.database.db,
    );
    const ids = async (query: string) => {
      const res = await call<Page>(t, 'GET', `/api/transactions/${query}`, { token: alice.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.results.map((r) => r.id);
    };
    const day15 = '?start_date=2025-01-15&end_date=2025-01-16';
    const day16 = '?start_date=2025-01-16&end_date=2025-01-17';
    expect(await ids(`${day15}&tz=UTC`)).toEqual([sent.body.id]);
    expect(await ids(day15)).toEqual([sent.body.id]);
    expect(await ids(`${day16}&tz=UTC`)).toEqual([]);
    expect(await ids(`${day16}&tz=Europe/Paris`)).toEqual([sent.body.id]);
    expect(await ids(`${day15}&tz=Europe/Paris`)).toEqual([]);
    expect(await ids(`${day15}&tz=${encodeURIComponent('America/New_York')}`)).toEqual([sent.body.id]);
  });

  it('refuses a time zone that is not an IANA name with a 400 on tz', async () => {
    const alice = await customer(t);
    for (const tz of ['Mars/Olympus', 'Paris', '', 'Europe/Paris%27']) {
      const res = await call(t, 'GET', `/api/transactions/?start_date=2025-01-15&tz=${tz}`, { token: alice.token });
      expect(res.status, tz).toBe(400);
      expect(res.body, tz).toEqual({ tz: ['Enter a valid IANA time zone (e.g. Europe/Paris).'] });
    }
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
    // An end (exclusive) on or before the start is a period of no day: said on the field, not an empty page.
    for (const q of ['?start_date=2025-03-10&end_date=2025-03-01', '?start_date=2025-03-10&end_date=2025-03-10']) {
      const res = await call(t, 'GET', `/api/transactions/${q}`, { token: alice.token });
      expect(res.status, q).toBe(400);
      expect(res.body, q).toEqual({ end_date: [statementMessages.endBeforeStart] });
    }
    expect((await call(t, 'GET', '/api/transactions/abc/', { token: alice.token })).status).toBe(400);
    expect((await call(t, 'GET', '/api/transactions/999999999/', { token: alice.token })).status).toBe(404);
  });
});
