import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMessages } from '../../../common/api/payouts.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { scheduleSchema } from '../../../common/api/schedules.ts';
import { SANDBOX_TEST_RIBS } from '../../adapters/payout-partner/sandbox-payout-partner.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { outbox } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { balanceOf, CODE, customer, recipientOf, type Body } from '../transfers/transactions.fixtures.ts';
import { bankRecipient, moroccanMobile, TEST_RIB } from '../transfers/methods/bank-deposit/bank-deposit.fixtures.ts';
import { addDays } from './calendar.ts';
import { midnight, paris, passAt as passAtIn } from './schedules.fixtures.ts';

/**
 * Recurring transfers by each payout method (ADR 024): a date sends through the hand-made send of its way (a cash
 * pickup with its reference by SMS, a bank deposit, a mobile wallet payout), once however many passes overlap; a
 * recipient who can no longer receive that way is a date skipped with the reason, and a schedule for a way the
 * recipient cannot receive is refused on `delivery`.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, PAYOUT_WALLET_SANDBOX_DELAY_MS: '0' } });
  await ensureRates(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Schedule = {
  id: number;
  delivery: string;
  occurrences: { date: string; outcome: string; reason: string | null; transaction: number | null }[];
};
type Transfer = { id: number; status: string; delivery?: string; category: string; amount: string };

const passAt = (at: Date) => passAtIn(t, at);

const post = (who: SignedIn, body: Body) =>
  call<Schedule>(t, 'POST', '/api/schedules/', { token: who.token, body: { security_code: CODE, ...body } });
const detail = async (who: SignedIn, id: number) => {
  const res = await call<Schedule>(t, 'GET', `/api/schedules/${id}/`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(() => scheduleSchema.strict().parse(res.body)).not.toThrow();
  return res.body;
};
const transfer = async (who: SignedIn, id: number | null) =>
  (await call<Transfer>(t, 'GET', `/api/transactions/${String(id)}/`, { token: who.token })).body;

/** A weekly schedule of 100.00 MAD by `delivery` to `contact`, starting in ten days. */
async function weekly(who: SignedIn, contact: number, delivery: string, extra: Body = {}) {
  const start = addDays(paris(), 10);
  const made = await post(who, {
    contact,
    amount: '100.00',
    frequency: 'weekly',
    start_date: start,
    delivery,
    ...extra,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body.delivery).toBe(delivery);
  return { id: made.body.id, start };
}

/** How many transactions `who` sent. */
async function sentBy(who: SignedIn): Promise<number> {
  const rows = await t.database.db
    .selectFrom('transactions')
    .select('id')
    .where('sender_user_id', '=', String(who.userId))
    .execute();
  return rows.length;
}

/** Three passes at once at `at`, as overlapping workers would run them. */
const overlapping = (at: Date) => Promise.all([passAt(at), passAt(at), passAt(at)]);

async function skippedNotices(who: SignedIn) {
  const res = await call<{ results: { kind: string; body: string }[] }>(t, 'GET', '/api/notifications/', {
    token: who.token,
  });
  return res.body.results.filter((n) => n.kind === 'schedule_skipped');
}

describe('a schedule for a way the recipient cannot receive', () => {
  it('is a 400 on delivery with the method’s words; a bank that does not confirm the name asks confirm_payee', async () => {
    const who = await customer(t, 100_000n);
    const emailOnly = await recipientOf(t, who, { email: `rec-${String(who.userId)}@example.com` });
    const french = await recipientOf(t, who, { phone_number: '+33612345678' });
    const refused = async (contact: number, delivery: string, field: string, message: string, extra: Body = {}) => {
      const res = await post(who, {
        contact,
        amount: '100.00',
        frequency: 'weekly',
        start_date: paris(),
        delivery,
        ...extra,
      });
      expect(res.status, `${delivery} ${JSON.stringify(res.body)}`).toBe(400);
      expect((res.body as unknown as Record<string, string[]>)[field]).toEqual([message]);
    };
    await refused(emailOnly, 'cash_pickup', 'delivery', pickupMessages.noPhone);
    await refused(emailOnly, 'bank_deposit', 'delivery', payoutMessages.noRib);
    await refused(french, 'mobile_wallet', 'delivery', payoutMessages.noMobileWallet);
    await refused(french, 'post_office', 'delivery', 'This recipient cannot receive a scheduled transfer this way.');
    const close = await bankRecipient(t, who, { rib: SANDBOX_TEST_RIBS.closeMatch });
    await refused(close, 'bank_deposit', 'confirm_payee', payoutMessages.confirmPayee);
    expect((await call(t, 'GET', '/api/schedules/', { token: who.token })).body).toMatchObject({ count: 0 });
    // Confirmed once for the whole order, the deposit is scheduled.
    await weekly(who, close, 'bank_deposit', { confirm_payee: true });
  });
});

describe('a date of a cash pickup schedule', () => {
  it('sends a pickup with its reference by SMS, once across overlapping passes', async () => {
    const who = await customer(t, 100_000n);
    const phone = moroccanMobile();
    const contact = await recipientOf(t, who, { first_name: 'Fatima', last_name: 'Zahra', phone_number: phone });
    const { id, start } = await weekly(who, contact, 'cash_pickup');
    await overlapping(midnight(start, 1));
    const { occurrences } = await detail(who, id);
    expect(occurrences).toHaveLength(1);
    expect(await sentBy(who)).toBe(1);
    const [occurrence] = occurrences;
    expect(occurrence).toMatchObject({ date: start, outcome: 'sent', reason: null });
    expect(await transfer(who, occurrence?.transaction ?? null)).toMatchObject({
      status: 'available',
      amount: '100.00',
      category: 'sending',
    });
    expect(await balanceOf(t, who)).toBe('900.00');
    const sms = await outbox(t, phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain('à retirer en espèces en agence');
    expect(sms[0]?.body).toContain('Fatima Zahra');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('skips a date when the recipient has no phone any more, with the reason, never retried', async () => {
    const who = await customer(t, 100_000n);
    const contact = await recipientOf(t, who, {
      phone_number: moroccanMobile(),
      email: `rec-${String(who.userId)}@example.com`,
    });
    const { id, start } = await weekly(who, contact, 'cash_pickup');
    await t.database.db.updateTable('contacts').set({ phone_number: null }).where('id', '=', String(contact)).execute();
    await passAt(midnight(start, 1));
    await passAt(midnight(start, 5));
    expect((await detail(who, id)).occurrences).toEqual([
      { date: start, outcome: 'skipped', reason: 'recipient', transaction: null },
    ]);
    expect(await balanceOf(t, who)).toBe('1000.00');
    const notices = await skippedNotices(who);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('can no longer receive this way');
  });
});

describe('a date of a bank deposit schedule', () => {
  it('sends a deposit waiting for the payment file, once across overlapping passes', async () => {
    const who = await customer(t, 100_000n);
    const contact = await bankRecipient(t, who);
    const { id, start } = await weekly(who, contact, 'bank_deposit');
    await overlapping(midnight(start, 1));
    const { occurrences } = await detail(who, id);
    expect(occurrences).toHaveLength(1);
    expect(await sentBy(who)).toBe(1);
    const [occurrence] = occurrences;
    expect(occurrence).toMatchObject({ date: start, outcome: 'sent' });
    expect(await transfer(who, occurrence?.transaction ?? null)).toMatchObject({
      status: 'processing',
      delivery: 'bank_deposit',
      payout: { rib: TEST_RIB, holder_name: 'FATIMA ZAHRA', payee_check: 'match' },
    });
    expect(await balanceOf(t, who)).toBe('900.00');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('skips a date once the RIB was removed, with the reason, never retried', async () => {
    const who = await customer(t, 100_000n);
    const contact = await bankRecipient(t, who);
    const { id, start } = await weekly(who, contact, 'bank_deposit');
    const removed = await call(t, 'PATCH', `/api/contacts/${contact}/`, { token: who.token, body: { rib: null } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await overlapping(midnight(start, 1));
    await passAt(midnight(start, 5));
    expect((await detail(who, id)).occurrences).toEqual([
      { date: start, outcome: 'skipped', reason: 'recipient', transaction: null },
    ]);
    expect(await balanceOf(t, who)).toBe('1000.00');
    expect(await skippedNotices(who)).toHaveLength(1);
  });
});

describe('a date of a mobile wallet schedule', () => {
  it('sends a payout the operator credits, once across overlapping passes', async () => {
    const who = await customer(t, 100_000n);
    const contact = await recipientOf(t, who, {
      first_name: 'Amina',
      last_name: 'Idrissi',
      phone_number: moroccanMobile(),
    });
    const { id, start } = await weekly(who, contact, 'mobile_wallet');
    await overlapping(midnight(start, 1));
    const { occurrences } = await detail(who, id);
    expect(occurrences).toHaveLength(1);
    expect(await sentBy(who)).toBe(1);
    const [occurrence] = occurrences;
    expect(occurrence).toMatchObject({ date: start, outcome: 'sent' });
    let status = '';
    for (let i = 0; i < 100 && status !== 'completed'; i++) {
      status = (await transfer(who, occurrence?.transaction ?? null)).status;
      if (status !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The request left after the date's commit, as a hand-made payout's does, and the sandbox credited it.
    expect(await transfer(who, occurrence?.transaction ?? null)).toMatchObject({
      status: 'completed',
      delivery: 'mobile_wallet',
      wallet_payout: { stage: 'credited', recipient_name: 'Amina Idrissi' },
    });
    expect(await balanceOf(t, who)).toBe('900.00');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('skips a date once the number is no longer a Moroccan mobile, with the reason, never retried', async () => {
    const who = await customer(t, 100_000n);
    const contact = await recipientOf(t, who, { phone_number: moroccanMobile() });
    const { id, start } = await weekly(who, contact, 'mobile_wallet');
    await t.database.db
      .updateTable('contacts')
      .set({ phone_number: '+212522123456' })
      .where('id', '=', String(contact))
      .execute();
    await overlapping(midnight(start, 1));
    await passAt(midnight(start, 5));
    expect((await detail(who, id)).occurrences).toEqual([
      { date: start, outcome: 'skipped', reason: 'recipient', transaction: null },
    ]);
    expect(await balanceOf(t, who)).toBe('1000.00');
    expect(await skippedNotices(who)).toHaveLength(1);
  });
});
