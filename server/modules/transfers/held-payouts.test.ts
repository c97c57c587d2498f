import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ensureRates, testEnv, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { operator, opsAction } from '../ops/ops.fixtures.ts';
import {
  entryKindsOf,
  heldInComplianceHold,
  importTestLists,
  sanctionsReviewOf,
} from '../sanctions/sanctions.fixtures.ts';
import { exportPaymentFile, moroccanMobile, TEST_RIB } from './methods/bank-deposit/bank-deposit.fixtures.ts';
import { balanceOf, create, customer, recipientOf, type Customer } from './transactions.fixtures.ts';

/**
 * A bank deposit or a mobile wallet payout to a recipient the sanctions screening or a blocking monitoring rule
 * holds: held for review like any send (the money in compliance-hold, the sender reads only that it is being
 * processed), then sent on by its method when the review releases it, or given back when it refuses it.
 */
let t: TestApp;
let op: SignedIn;
beforeAll(async () => {
  t = await startTestApp({
    env: { ...testEnv, PAYOUT_WALLET_SANDBOX_DELAY_MS: '0', MONITOR_FREQUENT_SENDS_BLOCK: 'on' },
  });
  await ensureRates(t);
  op = await operator(t);
  await importTestLists(t);
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
// The EU entry "Mohammed Al-Hassan Zaytouni", written as a sender would.
const LISTED = { first_name: 'Mohamed', last_name: 'El Hassan Zitouni' };

const detailOf = async (s: SignedIn, id: unknown) =>
  (await call<Body>(t, 'GET', `/api/transactions/${String(id)}/`, { token: s.token })).body;

async function noticesOf(s: SignedIn, id: unknown) {
  const res = await call<{ results: { kind: string; transaction: number | null; title: string; body: string }[] }>(
    t,
    'GET',
    '/api/notifications/?lang=en&page_size=100',
    { token: s.token },
  );
  return res.body.results.filter((n) => n.transaction === Number(id));
}

async function statusOf(id: unknown): Promise<string> {
  const row = await t.database.db
    .selectFrom('transactions')
    .select('status')
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Waits for a wallet payout to leave its waiting statuses (the sandbox answers within moments). */
async function finished(id: unknown): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const status = await statusOf(id);
    if (status !== 'processing' && status !== 'submitted') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`payout ${String(id)} still waiting`);
}

async function dispatches(id: unknown): Promise<number> {
  const rows = await t.database.db
    .selectFrom('wallet_payout_dispatches')
    .select('id')
    .where('transaction_id', '=', String(id))
    .execute();
  return rows.length;
}

/** What the sender reads of a held payout: being processed, a routine check, nothing of sanctions or rules. */
async function expectHeldForSender(sender: Customer, id: unknown) {
  const shown = await detailOf(sender, id);
  expect(shown.status).toBe('on_hold');
  expect(shown.timeline).toEqual([
    expect.objectContaining({ status: 'created' }),
    expect.objectContaining({ status: 'on_hold', reason: 'compliance_review' }),
  ]);
  expect(JSON.stringify(shown)).not.toMatch(/sanction|monitoring|Zitouni.*list/i);
  const held = await noticesOf(sender, id);
  expect(held.map((n) => n.kind)).toEqual(['transfer_on_hold']);
  expect(`${held[0]?.title} ${held[0]?.body}`).not.toMatch(/sanction|list|suspect|check|review/i);
}

describe('a payout to a listed recipient', () => {
  it('bank deposit: held, in no payment file; released, it is exported in the next file as any deposit', async () => {
    const sender = await customer(t, 300_00n);
    const contact = await recipientOf(t, sender, { ...LISTED, phone_number: uniquePhone(), rib: TEST_RIB });
    const res = await create(t, sender, { amount: 80, contact, delivery: 'bank_deposit' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({ status: 'on_hold', delivery: 'bank_deposit', payout: { rib: TEST_RIB } });
    expect(await balanceOf(t, sender)).toBe('220.00');
    expect(await heldInComplianceHold(t, id)).toBe('8000');
    await expectHeldForSender(sender, id);
    // Not handed to the bank while held.
    expect(await exportPaymentFile(t)).not.toContain(`SILA-${id}<`);

    const review = await sanctionsReviewOf(t, op, `transaction:${id}`);
    expect(review?.payload).toMatchObject({ type: 'transfer', transaction_id: id, amount: '8000' });
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Another person' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: true, status: 'processing' });
    expect(await heldInComplianceHold(t, id)).toBe('0');
    expect(await entryKindsOf(t, id)).toEqual(['sanctions_hold', 'sanctions_release']);
    expect(await detailOf(sender, id)).toMatchObject({ status: 'processing', payout: { rib: TEST_RIB } });
    expect((await noticesOf(sender, id)).map((n) => n.kind).sort()).toEqual(['transfer_on_hold', 'transfer_released']);

    expect(await exportPaymentFile(t)).toContain(`<EndToEndId>SILA-${id}</EndToEndId>`);
    expect(await statusOf(id)).toBe('submitted');
    expect(await balanceOf(t, sender)).toBe('220.00');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('mobile wallet: held, nothing asked of the operator; released, it is dispatched and credited', async () => {
    const sender = await customer(t, 300_00n);
    const contact = await recipientOf(t, sender, { ...LISTED, phone_number: moroccanMobile() });
    const res = await create(t, sender, { amount: 70, contact, delivery: 'mobile_wallet' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    expect(res.body).toMatchObject({ status: 'on_hold', delivery: 'mobile_wallet' });
    expect(await balanceOf(t, sender)).toBe('230.00');
    expect(await heldInComplianceHold(t, id)).toBe('7000');
    expect(await dispatches(id)).toBe(0);
    await expectHeldForSender(sender, id);

    const review = await sanctionsReviewOf(t, op, `transaction:${id}`);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Another person' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: true, status: 'processing' });
    expect(await dispatches(id)).toBe(1);
    expect(await finished(id)).toBe('completed');
    const shown = await detailOf(sender, id);
    expect(shown).toMatchObject({ status: 'completed', wallet_payout: { stage: 'credited', return_reason: null } });
    expect(await entryKindsOf(t, id)).toEqual(['sanctions_hold', 'sanctions_release', 'transfer']);
    expect(await balanceOf(t, sender)).toBe('230.00');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('a confirmed hit keeps the money held: nothing reaches the partner', async () => {
    const sender = await customer(t, 100_00n);
    const contact = await recipientOf(t, sender, { ...LISTED, phone_number: moroccanMobile() });
    const res = await create(t, sender, { amount: 30, contact, delivery: 'mobile_wallet' });
    const id = res.body.id as number;
    const review = await sanctionsReviewOf(t, op, `transaction:${id}`);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/reject/`, { reason: 'Same person' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toMatchObject({ released: false, held: true });
    expect(await statusOf(id)).toBe('on_hold');
    expect(await heldInComplianceHold(t, id)).toBe('3000');
    expect(await dispatches(id)).toBe(0);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

describe('a payout that breaks a blocking monitoring rule (10 sends in 24 hours)', () => {
  /** Nine sends of 1 MAD to a registered recipient, then the payout: the tenth, held. */
  async function tenthIsPayout(delivery: 'bank_deposit' | 'mobile_wallet') {
    const sender = await customer(t, 1_000_00n);
    const friend = await customer(t);
    const registered = await recipientOf(t, sender, { email: friend.email });
    for (let i = 0; i < 9; i++)
      expect((await create(t, sender, { amount: '1', contact: registered })).status).toBe(201);
    const contact = await recipientOf(t, sender, {
      first_name: 'Amina',
      last_name: 'Idrissi',
      phone_number: moroccanMobile(),
      ...(delivery === 'bank_deposit' && { rib: TEST_RIB }),
    });
    const res = await create(t, sender, { amount: 50, contact, delivery });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'on_hold', delivery });
    expect(await balanceOf(t, sender)).toBe('941.00');
    const reviews = await call<{ results: { id: number; payload: Body }[] }>(
      t,
      'GET',
      `/api/ops/reviews/?kind=monitoring&state=open&subject=${encodeURIComponent(`transaction:${String(res.body.id)}`)}`,
      { token: op.token },
    );
    const review = reviews.body.results[0];
    expect(review?.payload).toMatchObject({
      held: true,
      findings: [expect.objectContaining({ rule: 'frequent_sends' })],
    });
    return { sender, id: res.body.id as number, reviewId: String(review?.id) };
  }

  it('bank deposit: refused by the review, the money goes back to the sender, who is told', async () => {
    const { sender, id, reviewId } = await tenthIsPayout('bank_deposit');
    await expectHeldForSender(sender, id);
    const decided = await opsAction(t, op, `reviews/${reviewId}/reject/`, { reason: 'Mule pattern' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toEqual({ released: false, refunded: true });
    expect(await balanceOf(t, sender)).toBe('991.00');
    expect(await heldInComplianceHold(t, id)).toBe('0');
    expect(await entryKindsOf(t, id)).toEqual(['monitoring_hold', 'monitoring_refund']);
    const shown = await detailOf(sender, id);
    expect(shown).toMatchObject({ status: 'refunded', payout: { return_reason: null } });
    expect((shown.timeline as Body[]).map((s) => s.status)).toEqual(['created', 'on_hold', 'refunded']);
    expect((await noticesOf(sender, id)).map((n) => n.kind).sort()).toEqual(['transfer_on_hold', 'transfer_refunded']);
    // Never in a payment file.
    expect(await exportPaymentFile(t)).not.toContain(`SILA-${id}<`);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('mobile wallet: refused by the review, the money goes back with no operator reason; released, it is credited', async () => {
    const refused = await tenthIsPayout('mobile_wallet');
    const decided = await opsAction(t, op, `reviews/${refused.reviewId}/reject/`, { reason: 'Mule pattern' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(await balanceOf(t, refused.sender)).toBe('991.00');
    expect(await detailOf(refused.sender, refused.id)).toMatchObject({
      status: 'refunded',
      wallet_payout: { stage: 'returned', return_reason: null },
    });
    expect((await noticesOf(refused.sender, refused.id)).map((n) => n.kind).sort()).toEqual([
      'transfer_on_hold',
      'transfer_refunded',
    ]);
    expect(await dispatches(refused.id)).toBe(0);

    const released = await tenthIsPayout('mobile_wallet');
    const approved = await opsAction(t, op, `reviews/${released.reviewId}/approve/`, { reason: 'Family support' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.outcome).toEqual({ released: true, status: 'processing' });
    expect(await finished(released.id)).toBe('completed');
    expect(await entryKindsOf(t, released.id)).toEqual(['monitoring_hold', 'monitoring_release', 'transfer']);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
