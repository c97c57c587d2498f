import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money.ts';
import { findAgencyCashAccount, platformAccount } from '../../ledger/accounts.repository.ts';
import { post } from '../../ledger/journal.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { call, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { newDraft, payWithCard, validated } from '../billing/billing.fixtures.ts';
import { pay, sentPickup } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { agency, CODE, create, customer, teller } from '../transfers/transactions.fixtures.ts';
import { operator, startOpsScratchApp } from './ops.fixtures.ts';

/**
 * `/api/ops/reconciliation/` over HTTP, on a database of its own: the day's totals and differences are
 * the whole database's, which other test files would move meanwhile.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => ({ t, op } = await startOpsScratchApp('ops_reconciliation_test')));
afterAll(() => t.close());

type Body = Record<string, unknown>;
const today = () => new Date().toISOString().slice(0, 10);
const report = (query: string, as = op) =>
  call<Body & { differences: Body[]; payouts: Body[] }>(t, 'GET', `/api/ops/reconciliation/${query}`, {
    token: as.token,
  });

/** A top-up paid by card in the sandbox: the provider reports it, the webhook credits it. */
async function paidTopUp(amount: string): Promise<string> {
  const { url } = await validated(t, await customer(t), amount);
  return payWithCard(t, url);
}

describe('reconciliation/', () => {
  it('customers and tellers get 403, an auditor reads; a bad date is a 400', async () => {
    const c = await customer(t);
    const banker = await teller(t, await agency(t));
    for (const who of [c, banker]) expect((await report(`?date=${today()}`, who)).status).toBe(403);
    expect((await report(`?date=${today()}`, await operator(t, 'AUDITOR'))).status).toBe(200);
    expect((await report('?date=2026-13-45')).status).toBe(400);
    expect((await report('')).status).toBe(400);
  });

  it('matches card payments with credits and payouts with the ledger per agency, then lists each difference', async () => {
    // The day as it should be: one top-up, a withdrawal paid at one agency, a pickup collected at another.
    const session = await paidTopUp('100.00');
    const agencyA = await agency(t);
    const owner = await customer(t, 1_000_00n);
    const w = await create(t, owner, { amount: 70, contact: Number(agencyA) });
    expect(w.status).toBe(201);
    const validatedW = await call(t, 'POST', `/api/withdrawals/${String(w.body.token)}/validate/`, {
      token: (await teller(t, agencyA)).token,
      body: { id: w.body.id, security_code: CODE },
    });
    expect(validatedW.status, JSON.stringify(validatedW.body)).toBe(200);
    const agencyB = await agency(t);
    const pickup = await sentPickup(t, {}, 40);
    expect((await pay(t, pickup.reference, await teller(t, agencyB))).status).toBe(200);

    const clean = await report(`?date=${today()}`);
    expect(clean.status, JSON.stringify(clean.body)).toBe(200);
    expect(clean.body).toMatchObject({
      date: today(),
      ledger_check: { ok: true, problems: [] },
      card_payments: {
        currency: 'EUR',
        reported: { count: 1, amount: '101.60' },
        credited: { count: 1, amount: '101.60' },
        refunded: { count: 0, amount: '0.00' },
      },
      differences: [],
    });
    expect(clean.body.payouts).toEqual([
      expect.objectContaining({
        agency: Number(agencyA),
        rows: { count: 1, amount: '70.00' },
        withdrawals: { count: 1, amount: '70.00' },
        pickups: { count: 0, amount: '0.00' },
        ledger: { count: 1, amount: '70.00' },
      }),
      expect.objectContaining({
        agency: Number(agencyB),
        rows: { count: 1, amount: '40.00' },
        pickups: { count: 1, amount: '40.00' },
        ledger: { count: 1, amount: '40.00' },
      }),
    ]);

    // Now what a reconciliation is for. The provider's amount differs from what was credited:
    await t.database.db.updateTable('payment_sessions').set({ amount: '10170' }).where('id', '=', session).execute();
    // a payment the provider reported that nothing credited:
    const payer = await customer(t);
    const orphanDraft = await newDraft(t, payer, '24.00');
    expect(orphanDraft.status).toBe(201);
    await t.database.db
      .insertInto('payment_sessions')
      .values({
        id: 'ps_ReconciliationOrphan1',
        provider: 'sandbox',
        purpose: 'exchange',
        user_id: String(payer.userId),
        exchange_id: String(orphanDraft.body.id),
        amount: '2500',
        status: 'paid',
        expires_at: new Date(Date.now() + 60_000),
        provider_payment_id: 'pi_orphan',
        outcome: 'credited',
        finished_at: new Date(),
      })
      .execute();
    // a credit with no payment behind it, and cash into an agency's till with no withdrawal or pickup:
    const [credit, cash] = await withTransaction(t.database.db, async (tx) => {
      const [clearing, fx, fxMad] = await Promise.all([
        platformAccount(tx, 'card_clearing', 'EUR'),
        platformAccount(tx, 'fx', 'EUR'),
        platformAccount(tx, 'fx', 'MAD'),
      ]);
      const till = await findAgencyCashAccount(tx, agencyA);
      if (!till) throw new Error('no till');
      const c = await post(tx, {
        kind: 'exchange',
        reference: { type: 'exchange', id: '999999' },
        metadata: { session: 'ps_nobody' },
        postings: [
          { accountId: clearing.id, amount: money('EUR', -1234n) },
          { accountId: fx.id, amount: money('EUR', 1234n) },
        ],
      });
      const k = await post(tx, {
        kind: 'pickup_payout',
        reference: { type: 'test', id: 'stray-cash' },
        postings: [
          { accountId: fxMad.id, amount: money('MAD', -500n) },
          { accountId: till.id, amount: money('MAD', 500n) },
        ],
      });
      return [c, k];
    });

    const res = await report(`?date=${today()}`);
    expect(res.status).toBe(200);
    expect(res.body.differences).toEqual([
      expect.objectContaining({
        kind: 'payment_amount_mismatch',
        reference: `session:${session}`,
        currency: 'EUR',
        expected: '101.70',
        actual: '101.60',
      }),
      expect.objectContaining({
        kind: 'payment_without_credit',
        reference: 'session:ps_ReconciliationOrphan1',
        expected: '25.00',
        actual: null,
      }),
      expect.objectContaining({
        kind: 'credit_without_payment',
        reference: `entry:${credit.id}`,
        expected: null,
        actual: '12.34',
      }),
      expect.objectContaining({
        kind: 'ledger_payout_without_row',
        reference: `entry:${cash.id}`,
        agency: Number(agencyA),
        currency: 'MAD',
        actual: '5.00',
      }),
    ]);
    expect(res.body.payouts[0]).toMatchObject({ rows: { amount: '70.00' }, ledger: { count: 2, amount: '75.00' } });
    // Another day has none of it.
    const other = await report('?date=2020-02-29');
    expect(other.body).toMatchObject({ differences: [], payouts: [], card_payments: { reported: { count: 0 } } });

    const csv = await fetch(`${t.baseUrl}/api/ops/reconciliation/?date=${today()}&format=csv`, {
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="reconciliation-${today()}.csv"`);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('section,item,reference,agency,currency,count,expected,actual,at');
    expect(lines.at(-1)).toBe('');
    expect(lines).toContain('ledger_check,ok,,,,0,,,');
    expect(lines).toContain('card_payments,reported,,,EUR,2,,126.70,');
    expect(lines).toContain('card_payments,credited,,,EUR,2,,113.94,');
    expect(
      lines.some((l) =>
        l.startsWith(`difference,payment_without_credit,session:ps_ReconciliationOrphan1,,EUR,,25.00,,`),
      ),
    ).toBe(true);
    expect(lines.filter((l) => l.startsWith('difference,'))).toHaveLength(4);
  });
});
