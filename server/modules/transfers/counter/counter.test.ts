import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterMessages } from '../../../../common/api/counter.ts';
import { pickupMessages } from '../../../../common/api/pickups.ts';
import { transactionMessages } from '../../../../common/api/transactions.ts';
import { withdrawalMessages } from '../../../../common/api/withdrawals.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { idCheck, sentPickup } from '../methods/cash-pickup/pickups.fixtures.ts';
import { agency, CODE, create, customer, teller } from '../transactions.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Tx = { id: number; token: string | null; identifier: string | null; status: string };

const lookup = (s: SignedIn, reference: string) =>
  call(t, 'GET', `/api/counter/lookup/?reference=${encodeURIComponent(reference)}`, { token: s.token });

async function pendingWithdrawal() {
  const agencyId = await agency(t);
  const alice = await customer(t, 100_00n);
  const res = await create(t, alice, { amount: 40, contact: Number(agencyId) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { agencyId, alice, tx: res.body as unknown as Tx };
}

describe("the counter's one lookup field", () => {
  it('finds a withdrawal by the reference the customer reads out, with or without dashes, in any case', async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const dashed = tx.identifier ?? '';
    expect(dashed).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    for (const typed of [dashed, dashed.replace(/-/g, ''), ` ${dashed.replace(/-/g, ' ').toLowerCase()} `]) {
      const found = await lookup(banker, typed);
      expect(found.status, typed).toBe(200);
      expect(found.body).toEqual({ kind: 'withdrawal', reference: dashed });
    }
    // The QR code's token still works, as the scanner decodes it.
    expect((await lookup(banker, tx.token ?? '')).body).toEqual({ kind: 'withdrawal', reference: tx.token });
  });

  it('the withdrawal opens and pays out by that reference, and the teller sees it once typed', async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const typed = (tx.identifier ?? '').replace(/-/g, '').toLowerCase();
    const seen = await call<Tx>(t, 'GET', `/api/withdrawals/${typed}/`, { token: banker.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: tx.id, identifier: tx.identifier, token: null });
    const paid = await call<Tx>(t, 'POST', `/api/withdrawals/${tx.identifier}/validate/`, {
      token: banker.token,
      body: { id: tx.id, security_code: CODE },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('validated');
  });

  it("a teller's lists never show the reference of a withdrawal that can still be paid out", async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const list = await call<{ results: Tx[] }>(t, 'GET', '/api/transactions/?category=withdraw', { token: banker.token });
    const row = list.body.results.find((r) => r.id === tx.id);
    expect(row?.status).toBe('pending');
    expect(row?.identifier).toBeNull();
    const detail = await call<Tx>(t, 'GET', `/api/transactions/${tx.id}/`, { token: banker.token });
    expect(detail.body.identifier).toBeNull();
  });

  it('finds a cash pickup by its reference with or without spaces', async () => {
    const { reference } = await sentPickup(t);
    const banker = await teller(t, await agency(t));
    const grouped = `${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`;
    for (const typed of [reference, grouped, grouped.replace(/ /g, '-')]) {
      const found = await lookup(banker, typed);
      expect(found.status, typed).toBe(200);
      expect(found.body).toEqual({ kind: 'pickup', reference });
    }
  });

  it('text that is no reference is a field error the teller can read; a mistyped pickup digit says so', async () => {
    const { reference } = await sentPickup(t);
    const banker = await teller(t, await agency(t));
    for (const typed of ['', '12AB', 'hello world', '0000-0000-0000', '12345678901234']) {
      const answer = await lookup(banker, typed);
      expect(answer.status, typed).toBe(400);
      expect(answer.body).toEqual({ reference: [counterMessages.format] });
    }
    const typo = reference.slice(0, 9) + String((Number(reference[9]) + 1) % 10);
    const answer = await lookup(banker, typo);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ reference: [pickupMessages.checkDigit] });
  });

  it('a well-formed reference that names nothing is a 404; only tellers may ask', async () => {
    const banker = await teller(t, await agency(t));
    expect((await lookup(banker, 'ZZZZ-ZZZZ-ZZZZ')).status).toBe(404);
    const alice = await customer(t);
    const refused = await lookup(alice, 'ZZZZ-ZZZZ-ZZZZ');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: transactionMessages.bankerOnly });
  });

  it("a teller's user names their agency, for the counter's menu; a customer's has none", async () => {
    const agencyId = await agency(t);
    const banker = await teller(t, agencyId);
    const me = await call<{ results: [{ agency: unknown }] }>(t, 'GET', '/api/users/', { token: banker.token });
    expect(me.body.results[0].agency).toEqual({
      id: Number(agencyId),
      name: expect.stringMatching(/^Agency /),
      address: '1 Avenue Hassan II',
      zip_code: '20000',
      city: 'Casablanca',
    });
    const alice = await customer(t);
    const her = await call<{ results: [{ agency: unknown }] }>(t, 'GET', '/api/users/', { token: alice.token });
    expect(her.body.results[0].agency).toBeNull();
  });

  it("another agency's withdrawal or pickup names the agency that pays it, with its address", async () => {
    const { tx } = await pendingWithdrawal();
    const stranger = await teller(t, await agency(t));
    const place = { name: expect.stringMatching(/^Agency /), address: '1 Avenue Hassan II', zip_code: '20000', city: 'Casablanca' };
    const seen = await call(t, 'GET', `/api/withdrawals/${tx.token}/`, { token: stranger.token });
    expect(seen.status).toBe(404);
    expect(seen.body).toEqual({ detail: withdrawalMessages.otherAgency, agency: place });
    const here = await agency(t);
    const { reference } = await sentPickup(t, { agency: Number(here) });
    const pickup = await call(t, 'GET', `/api/pickups/${reference}/`, { token: stranger.token });
    expect(pickup.status).toBe(404);
    expect(pickup.body).toEqual({ detail: withdrawalMessages.otherAgency, agency: place });
  });

  it('an already paid withdrawal or pickup says when, at which agency and by which teller', async () => {
    const { agencyId, tx } = await pendingWithdrawal();
    const banker = await teller(t, agencyId);
    const paid = await call(t, 'POST', `/api/withdrawals/${tx.token}/validate/`, {
      token: banker.token,
      body: { id: tx.id, security_code: CODE },
    });
    expect(paid.status).toBe(200);
    const colleague = await teller(t, agencyId);
    const again = await call<{ paid: unknown; validated_at: string }>(t, 'GET', `/api/withdrawals/${tx.token}/`, { token: colleague.token });
    expect(again.body.paid).toEqual({ at: again.body.validated_at, agency: expect.stringMatching(/^Agency /), teller: 'Tess Teller' });
    const pending = await pendingWithdrawal();
    const open = await call<{ paid: unknown }>(t, 'GET', `/api/withdrawals/${pending.tx.token}/`, {
      token: (await teller(t, pending.agencyId)).token,
    });
    expect(open.body.paid).toBeNull();

    const { reference } = await sentPickup(t);
    const counter = await teller(t, agencyId);
    expect((await call(t, 'POST', `/api/pickups/${reference}/pay/`, { token: counter.token, body: idCheck })).status).toBe(200);
    const seen = await call<{ status: string; paid: { at: string; agency: string; teller: string } }>(t, 'GET', `/api/pickups/${reference}/`, {
      token: colleague.token,
    });
    expect(seen.body.status).toBe('collected');
    expect(seen.body.paid).toEqual({ at: expect.any(String), agency: expect.stringMatching(/^Agency /), teller: 'Tess Teller' });
  });
});
