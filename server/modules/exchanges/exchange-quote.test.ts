import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeSchema, requotedSchema } from '../../../common/api/exchanges.ts';
import type { TestApp } from '../../../tests/support/test-app.ts';
import { call, movableClock, signIn, type SignedIn } from '../../../tests/support/identity.ts';
import { ratesSetCommand } from '../../cli/commands/rates-set.ts';
import { exchangeEntries, me, newDraft, payWithCard, type Body, startCardApp } from '../billing/billing.fixtures.ts';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => ({ t } = await startCardApp({ env: { QUOTE_SECONDS: '600' }, clock })));
afterAll(() => t.close());

/** The operator's command, as run from the shell. */
async function ratesSet(freemium: string, fee = '0.016') {
  const args = ['--official', '10.85', '--freemium', freemium, '--subscription', '10.80', '--fee', fee];
  const code = await ratesSetCommand.run({ db: t.database.db, args, out: () => undefined, config: t.config });
  expect(code).toBe(0);
}

const validate = (s: SignedIn, id: unknown) =>
  call<Body>(t, 'GET', `/api/exchanges/${String(id)}/validate/`, { token: s.token });

/** What the card paid (the clearing account's side of the exchange's entry) and what the wallet got. */
async function booked(exchangeId: unknown) {
  const [entry] = await exchangeEntries(t, exchangeId);
  const postings = await t.database.db
    .selectFrom('ledger_postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .select(['ledger_postings.amount', 'ledger_accounts.kind', 'ledger_postings.currency'])
    .where('ledger_postings.entry_id', '=', String(entry?.id))
    .execute();
  const of = (kind: string) => postings.find((p) => p.kind === kind)?.amount;
  return { charged: -BigInt(String(of('card_clearing'))), credited: BigInt(String(of('customer_wallet'))) };
}

function expectQuotedFor600s(until: string | null) {
  const left = Date.parse(until ?? '') - clock.now().getTime();
  expect(left).toBeGreaterThan(590_000);
  expect(left).toBeLessThanOrEqual(600_000);
}

const cents = (text: unknown) => BigInt(String(text).replace('.', ''));

describe('the quote a customer sees is the quote they pay', () => {
  it('draft, rates:set, validate -> 409 with the new quote; validate within it -> charged and credited as shown', async () => {
    await ratesSet('10.70');
    const s = await signIn(t);
    const draft = await newDraft(t, s, '100.00');
    expect(draft.status).toBe(201);
    const shown = exchangeSchema.strict().parse(draft.body);
    expect(shown).toMatchObject({ rate: '10.7000', to_amount: '1070.00', fee_amount: '1.60', total_amount: '101.60' });
    expect(shown.fee_amount_mad).toBe('17.00');
    expectQuotedFor600s(shown.quote_expires_at);

    await ratesSet('10.60');
    const stale = await validate(s, shown.id);
    expect(stale.status).toBe(409);
    const requoted = requotedSchema.strict().parse(stale.body);
    expect(requoted.quote).toMatchObject({
      id: shown.id,
      rate: '10.6000',
      to_amount: '1060.00',
      total_amount: '101.60',
    });
    // The new quote is the draft now: the page reads it back the same.
    const list = await call<{ results: Body[] }>(t, 'GET', '/api/exchanges/?validated=false', { token: s.token });
    expect(list.body.results[0]).toEqual(requoted.quote);

    const ok = await validate(s, shown.id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const session = await payWithCard(t, String(ok.body.url));
    const row = await t.database.db
      .selectFrom('payment_sessions')
      .select(['amount', 'status'])
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ amount: String(cents(requoted.quote.total_amount)), status: 'paid' });
    expect(await booked(shown.id)).toEqual({
      charged: cents(requoted.quote.total_amount),
      credited: cents(requoted.quote.to_amount),
    });
    expect((await me(t, s)).balance).toBe(requoted.quote.to_amount);
  });

  it('a fee change or an expired quote is a 409 with the new figures; a rate change that moves nothing is not', async () => {
    await ratesSet('10.70');
    const s = await signIn(t);
    const draft = await newDraft(t, s, '10.00');
    // 10 EUR at 10.70 or 10.701 is 107 MAD either way: the figures shown still hold.
    await ratesSet('10.701');
    expect((await validate(s, draft.body.id)).status).toBe(200);

    const other = await signIn(t);
    const shown = await newDraft(t, other, '100.00');
    await ratesSet('10.70', '0.02');
    const feeChange = await validate(other, shown.body.id);
    expect(feeChange.status).toBe(409);
    expect(requotedSchema.parse(feeChange.body).quote).toMatchObject({ fee_amount: '2.00', total_amount: '102.00' });

    clock.advance(601);
    const expired = await validate(other, shown.body.id);
    expect(expired.status).toBe(409);
    const fresh = requotedSchema.parse(expired.body).quote;
    expectQuotedFor600s(fresh.quote_expires_at);
    expect((await validate(other, shown.body.id)).status).toBe(200);
    await ratesSet('10.70');
  });
});
