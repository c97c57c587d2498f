import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../../../common/money/money.ts';
import { findUserWallet, platformAccount } from '../../ledger/accounts.repository.ts';
import { post, type EntryKind, type JsonValue, type PostingInput } from '../../ledger/journal.ts';
import { withTransaction } from '../../ledger/transaction.ts';
import { call, signIn, type SignedIn } from '../../../tests/support/identity.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { completedEvent, eventId, postEvent, sandboxFor, validated } from '../billing/billing.fixtures.ts';
import { startOpsScratchApp } from './ops.fixtures.ts';

/**
 * The card edge of the reconciliation, one to one: credits planted in the journal as the database's owner (what a
 * bug or a person with write access could leave behind) must each be a line of their own kind, while the same day
 * with only what the app wrote lists none. A database of its own: the report is the whole database's day.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(
  async () => ({ t, op } = await startOpsScratchApp('ops_card_reconciliation_test', { payments: sandboxFor() })),
);
afterAll(() => t.close());

type Body = Record<string, unknown>;
const today = () => new Date().toISOString().slice(0, 10);
async function differences(): Promise<Body[]> {
  const res = await call<{ differences: Body[] }>(t, 'GET', `/api/ops/reconciliation/?date=${today()}`, {
    token: op.token,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.differences;
}

let n = 0;
const unique = (prefix: string) => `${prefix}_recon_${Date.now()}_${++n}`;

/** A top-up paid by card: the provider's signed event credits it. */
async function topUp(amount = '100.00') {
  const customer = await signIn(t);
  const { exchange, session } = await validated(t, customer, amount);
  const row = await t.owner.db
    .selectFrom('payment_sessions')
    .select('amount')
    .where('id', '=', session)
    .executeTakeFirstOrThrow();
  const res = await postEvent(t, completedEvent(session, Number(row.amount)));
  expect(res.body.outcome).toBe('credited');
  const entry = await t.owner.db
    .selectFrom('ledger_entries')
    .select(['id', 'reference_id'])
    .where('kind', '=', 'exchange')
    .where('reference_id', '=', String(exchange.id))
    .executeTakeFirstOrThrow();
  return { customer, session, exchangeId: String(exchange.id), entryId: entry.id };
}

/** The plan's checkout paid, then renewed once: the provider's subscription id and the renewal's invoice. */
async function subscribeAndRenew() {
  const customer = await signIn(t);
  const checkout = await call<{ url: string }>(t, 'GET', '/api/billing/create_subscription/', {
    token: customer.token,
  });
  expect(checkout.status).toBe(200);
  const session = checkout.body.url.split('/').pop() ?? '';
  const sub = unique('sub');
  const paid = await postEvent(t, completedEvent(session, 450, { mode: 'subscription', subscription: sub }));
  expect(paid.body.outcome).toBe('subscribed');
  const invoice = unique('in');
  const renewal = await postEvent(t, {
    id: eventId(),
    object: 'event',
    type: 'invoice.paid',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: invoice,
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        amount_paid: 450,
        currency: 'eur',
        payment_intent: unique('pi'),
        subscription: sub,
        lines: { data: [{ period: { end: Math.floor(Date.now() / 1000) + 62 * 86_400 } }] },
      },
    },
  });
  expect(renewal.body.outcome).toBe('renewed');
  return { session, invoice };
}

/** Writes an entry into the journal as the owner, bypassing the app. */
async function plant(
  kind: EntryKind,
  reference: { type: string; id: string },
  legs: (accounts: Record<string, string>) => PostingInput[],
  metadata: Record<string, JsonValue> = {},
  userId?: number,
): Promise<string> {
  return withTransaction(t.owner.db, async (tx) => {
    const [clearing, fxEur, fxMad, revenue] = await Promise.all([
      platformAccount(tx, 'card_clearing', 'EUR'),
      platformAccount(tx, 'fx', 'EUR'),
      platformAccount(tx, 'fx', 'MAD'),
      platformAccount(tx, 'subscription_revenue', 'EUR'),
    ]);
    const wallet = userId === undefined ? undefined : await findUserWallet(tx, String(userId));
    const accounts = { clearing: clearing.id, fxEur: fxEur.id, fxMad: fxMad.id, revenue: revenue.id };
    const entry = await post(tx, {
      kind,
      reference,
      metadata,
      postings: legs({ ...accounts, wallet: wallet?.id ?? '' }),
    });
    return entry.id;
  });
}

describe('reconciliation of card payments, one to one', () => {
  it('a day of top-ups, a plan and its renewal, all as the app wrote them, lists no difference', async () => {
    await topUp('80.00');
    await subscribeAndRenew();
    const res = await call<Body>(t, 'GET', `/api/ops/reconciliation/?date=${today()}`, { token: op.token });
    expect(res.body).toMatchObject({ ledger_check: { ok: true, problems: [] }, differences: [] });
  });

  it('a second credit for a checkout already credited is a duplicate', async () => {
    const paid = await topUp('50.00');
    const planted = await plant(
      'exchange',
      { type: 'exchange', id: paid.exchangeId },
      (a) => [
        { accountId: a.clearing ?? '', amount: money('EUR', -5080n) },
        { accountId: a.fxEur ?? '', amount: money('EUR', 5080n) },
        { accountId: a.fxMad ?? '', amount: money('MAD', -50_000n) },
        { accountId: a.wallet ?? '', amount: money('MAD', 50_000n) },
      ],
      { session: paid.session },
      paid.customer.userId,
    );
    const lines = await differences();
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'duplicate_credit', reference: `entry:${planted}`, actual: '50.80' }),
    );
    // The first credit is the payment's own: not listed.
    expect(lines.filter((d) => d.reference === `entry:${paid.entryId}`)).toEqual([]);
  });

  it('a credit that is not the quote the customer accepted is listed with the quote and the ledger', async () => {
    const paid = await topUp('60.00');
    const quote = await t.owner.db
      .selectFrom('exchanges')
      .select(['from_amount', 'fee_amount', 'to_amount'])
      .where('id', '=', paid.exchangeId)
      .executeTakeFirstOrThrow();
    // The quote says 5.00 MAD less than the wallet got.
    await t.owner.db
      .updateTable('exchanges')
      .set({ to_amount: String(BigInt(quote.to_amount) - 500n) })
      .where('id', '=', paid.exchangeId)
      .execute();
    const mine = (await differences()).filter((d) => d.reference === `exchange:${paid.exchangeId}`);
    const mad = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'quote_mismatch',
        currency: 'MAD',
        expected: mad(BigInt(quote.to_amount) - 500n),
        actual: mad(BigInt(quote.to_amount)),
      }),
    ]);
  });

  it('dirhams credited to a wallet by the FX desk with no card leg are listed', async () => {
    const someone = await signIn(t);
    const planted = await plant(
      'exchange',
      { type: 'exchange', id: '999998' },
      (a) => [
        { accountId: a.fxMad ?? '', amount: money('MAD', -12_345n) },
        { accountId: a.wallet ?? '', amount: money('MAD', 12_345n) },
      ],
      {},
      someone.userId,
    );
    expect(await differences()).toContainEqual(
      expect.objectContaining({
        kind: 'credit_without_card_leg',
        reference: `entry:${planted}`,
        currency: 'MAD',
        expected: null,
        actual: '123.45',
      }),
    );
  });

  it('subscription revenue with no payment behind it, and a renewal booked twice, are listed', async () => {
    const { invoice } = await subscribeAndRenew();
    const revenue = (a: Record<string, string>) => [
      { accountId: a.clearing ?? '', amount: money('EUR', -450n) },
      { accountId: a.revenue ?? '', amount: money('EUR', 450n) },
    ];
    const orphan = await plant('subscription', { type: 'subscription_payment', id: 'invoice:in_nobody_paid' }, revenue);
    const noCheckout = await plant('subscription', { type: 'subscription_payment', id: 'checkout:ps_nobody' }, revenue);
    const twice = await plant('subscription', { type: 'subscription_payment', id: `invoice:${invoice}` }, revenue);
    const lines = await differences();
    for (const entry of [orphan, noCheckout]) {
      expect(lines).toContainEqual(
        expect.objectContaining({ kind: 'revenue_without_payment', reference: `entry:${entry}`, actual: '4.50' }),
      );
    }
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'duplicate_credit', reference: `entry:${twice}`, actual: '4.50' }),
    );
  });

  it('a plan checkout or renewal the provider was paid for, with no revenue booked, is listed', async () => {
    const payer = await signIn(t);
    const session = `ps_ReconPlan${Date.now()}`;
    await t.owner.db
      .insertInto('payment_sessions')
      .values({
        id: session,
        provider: 'sandbox',
        purpose: 'subscription',
        user_id: String(payer.userId),
        exchange_id: null,
        amount: '450',
        status: 'paid',
        expires_at: new Date(Date.now() + 60_000),
        provider_payment_id: unique('pi'),
        outcome: 'subscribed',
        finished_at: new Date(),
      })
      .execute();
    const invoice = unique('in');
    await t.owner.db
      .insertInto('payment_events')
      .values({
        provider: 'sandbox',
        event_id: eventId(),
        type: 'renewal_paid',
        session_id: null,
        outcome: 'renewed',
        invoice_id: invoice,
        amount: '450',
      })
      .execute();
    const lines = await differences();
    for (const reference of [`session:${session}`, `invoice:${invoice}`]) {
      expect(lines).toContainEqual(
        expect.objectContaining({ kind: 'payment_without_revenue', reference, expected: '4.50', actual: null }),
      );
    }
  });
});
