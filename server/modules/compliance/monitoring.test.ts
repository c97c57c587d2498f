import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonitoringPayload } from '../../../common/api/monitoring.ts';
import { call, testEnv, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { opsAction, startOpsApp } from '../ops/ops.fixtures.ts';
import {
  agency,
  balanceOf,
  create,
  customer,
  recipientOf,
  teller,
  type Body,
  type Customer,
} from '../transfers/transactions.fixtures.ts';
import { pickupMessages } from '../../../common/api/pickups.ts';
import { openReference, pickupKeys } from '../transfers/methods/cash-pickup/pickup-secrets.ts';
import { cancel, lookup, outbox, pay, type Tx } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { entryKindsOf, heldInComplianceHold } from '../sanctions/sanctions.fixtures.ts';
import { checkLedger } from '../../ledger/ledger-check.ts';
import { runMonitoringPass } from './monitoring.worker.ts';

/**
 * Transaction monitoring over HTTP on real PostgreSQL: each rule with series of movements just under
 * its threshold (nothing raised), then the one that breaks it (one `monitoring` review, one alert per window), the
 * queue emptied by the worker's pass in one transaction, and blocking rules holding the send (approve releases it,
 * reject keeps it held). The default thresholds, as docs/configuration.md gives them.
 */
let t: TestApp;
let op: SignedIn;

beforeAll(async () => ({ t, op } = await startOpsApp()));
afterAll(() => t.close());

/** Every queued movement judged (other test files' included: the queue is one table). */
async function drain(app: TestApp = t) {
  for (let i = 0; i < 100; i++) {
    if ((await runMonitoringPass(app.app.services)) < app.config.MONITOR_BATCH) return;
  }
}

const reviewsAbout = async (subject: string, state = 'open') => {
  const res = await call<{ results: (Body & { payload: MonitoringPayload })[] }>(
    t,
    'GET',
    `/api/ops/reviews/?kind=monitoring&state=${state}&subject=${encodeURIComponent(subject)}`,
    { token: op.token },
  );
  expect(res.status).toBe(200);
  return res.body.results;
};

async function send(s: Customer, contact: number, amount: string, extra: Body = {}) {
  const res = await create(t, s, { amount, contact, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Movements written `ago` earlier (the rules read created_at). */
const backdate = (ids: unknown[], ago: string) =>
  sql`UPDATE transactions SET created_at = now() - ${ago}::interval WHERE id = ANY(${ids.map(String)}::bigint[])`.execute(
    t.database.db,
  );

/** A registered recipient as a contact of `sender`. */
async function registered(sender: Customer, recipient: Customer) {
  return recipientOf(t, sender, { email: recipient.email });
}

describe('payer to payee over 10,000 MAD within 30 days', () => {
  it('raises nothing at 9,998.99 nor at exactly 10,000.00, then one alert over it, once per window', async () => {
    const sender = await customer(t, 20_000_00n);
    const recipient = await customer(t);
    const contact = await registered(sender, recipient);
    for (const amount of ['3333.33', '3333.33', '3332.33']) await send(sender, contact, amount);
    await drain();
    expect(await reviewsAbout(`user:${sender.userId}`)).toEqual([]);
    await send(sender, contact, '1.01'); // 10,000.00: not over
    await drain();
    expect(await reviewsAbout(`user:${sender.userId}`)).toEqual([]);
    const breaking = await send(sender, contact, '1');
    await drain();
    const [review, ...others] = await reviewsAbout(`user:${sender.userId}`);
    expect(others).toEqual([]);
    expect(review?.payload).toMatchObject({
      held: false,
      transaction_id: breaking.id,
      sender_user_id: Number(sender.userId),
      payee: `user:${recipient.userId}`,
      findings: [{ rule: 'pair_sum', threshold: '1000000', value: '1000100' }],
    });
    expect(review?.payload.findings[0]?.transaction_ids).toHaveLength(5);
    // The same window: further sends raise nothing new.
    await send(sender, contact, '100');
    await drain();
    expect(await reviewsAbout(`user:${sender.userId}`)).toHaveLength(1);
    // Deciding it is an acknowledgement: the money already moved.
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/reject/`, {
      reason: 'Structuring, reported',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toEqual({ suspicious: true });
    expect(await balanceOf(t, recipient)).toBe('10101.00');
  });

  it('counts only the last 30 days, and each payee apart', async () => {
    const sender = await customer(t, 19_000_00n);
    const recipient = await customer(t);
    const other = await customer(t);
    const contact = await registered(sender, recipient);
    const old = await send(sender, contact, '6000');
    await backdate([old.id], '31 days');
    await send(sender, contact, '6000');
    await send(sender, await registered(sender, other), '6000');
    await drain();
    expect(await reviewsAbout(`user:${sender.userId}`)).toEqual([]);
  });
});

describe('5 distinct payers to one payee within 7 days', () => {
  it('raises nothing for 4 payers, even sending twice each, and one alert at the fifth', async () => {
    const payee = await customer(t);
    const payers = await Promise.all([1, 2, 3, 4, 5].map(() => customer(t, 1_000_00n)));
    const contacts = await Promise.all(payers.map((p) => registered(p, payee)));
    for (let i = 0; i < 4; i++) {
      await send(payers[i] as Customer, contacts[i] as number, '10');
      await send(payers[i] as Customer, contacts[i] as number, '10');
    }
    await drain();
    expect(await reviewsAbout(`user:${payee.userId}`)).toEqual([]);
    const fifth = await send(payers[4] as Customer, contacts[4] as number, '10');
    await drain();
    const reviews = await reviewsAbout(`user:${payee.userId}`);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.payload).toMatchObject({
      held: false,
      transaction_id: fifth.id,
      payee: `user:${payee.userId}`,
      findings: [
        {
          rule: 'many_payers',
          threshold: '5',
          value: '5',
          payers: payers.map((p) => Number(p.userId)).sort((a, b) => a - b),
        },
      ],
    });
  });

  it('counts cash pickups to one phone number', async () => {
    const phone = uniquePhone();
    const payers = await Promise.all([1, 2, 3, 4, 5].map(() => customer(t, 1_000_00n)));
    for (const p of payers) {
      const contact = await recipientOf(t, p, { phone_number: phone, first_name: 'Fatima', last_name: 'Zahra' });
      await send(p, contact, '20', { delivery: 'cash_pickup' });
    }
    await drain();
    const reviews = await reviewsAbout(`phone:${phone}`);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.payload.findings[0]).toMatchObject({ rule: 'many_payers', value: '5' });
  });
});

describe('10 sends by one customer within 24 hours', () => {
  it('raises nothing at 9 (older ones out of the window), one alert at the tenth, cash pickups counted', async () => {
    const sender = await customer(t, 1_000_00n);
    const a = await registered(sender, await customer(t));
    const b = await registered(sender, await customer(t));
    const old = [];
    for (let i = 0; i < 3; i++) old.push((await send(sender, a, '1')).id);
    await backdate(old, '25 hours');
    for (let i = 0; i < 8; i++) await send(sender, i % 2 === 0 ? a : b, '1');
    const pickupContact = await recipientOf(t, sender, { phone_number: uniquePhone() });
    await send(sender, pickupContact, '5', { delivery: 'cash_pickup' }); // the ninth within 24 h
    await drain();
    expect(await reviewsAbout(`user:${sender.userId}`)).toEqual([]);
    const tenth = await send(sender, b, '1');
    await drain();
    const reviews = await reviewsAbout(`user:${sender.userId}`);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.payload).toMatchObject({
      transaction_id: tenth.id,
      findings: [{ rule: 'frequent_sends', threshold: '10', value: '10' }],
    });
    expect(reviews[0]?.payload.findings[0]?.transaction_ids).not.toContain(old[0]);
  });
});

describe('the queue', () => {
  it('is written in the money transaction and emptied by the pass; a movement queued again raises nothing twice', async () => {
    const sender = await customer(t, 1_000_00n);
    const contact = await registered(sender, await customer(t));
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(String((await send(sender, contact, '1')).id));
    const queued = await t.database.db
      .selectFrom('monitoring_queue')
      .select('transaction_id')
      .where('transaction_id', 'in', ids)
      .execute();
    expect(queued).toHaveLength(10);
    await drain();
    expect(
      await t.database.db
        .selectFrom('monitoring_queue')
        .select('transaction_id')
        .where('transaction_id', 'in', ids)
        .execute(),
    ).toEqual([]);
    // A pass that ran again over the same movements (a crash after the commit is impossible, but a replayed queue is not).
    await t.database.db
      .insertInto('monitoring_queue')
      .values(ids.map((id) => ({ transaction_id: id })))
      .execute();
    await drain();
    expect(await reviewsAbout(`user:${sender.userId}`)).toHaveLength(1);
    const alerts = await t.database.db
      .selectFrom('monitoring_alerts')
      .select(['rule', 'subject_key'])
      .where('subject_key', '=', `user:${sender.userId}`)
      .execute();
    expect(alerts).toEqual([{ rule: 'frequent_sends', subject_key: `user:${sender.userId}` }]);
  });

  it('judges a batch at once as one by one: one alert per subject, at the first movement that breaks the rule', async () => {
    const sender = await customer(t, 1_000_00n);
    const contact = await registered(sender, await customer(t));
    const payee = await customer(t);
    const ids = [];
    for (let i = 0; i < 13; i++) ids.push((await send(sender, contact, '1')).id);
    const payerSends = [];
    for (let i = 0; i < 7; i++) {
      const payer = await customer(t, 100_00n);
      payerSends.push((await send(payer, await registered(payer, payee), '1')).id);
    }
    await drain(); // all of it in one pass: MONITOR_BATCH is 200
    const bySender = await reviewsAbout(`user:${sender.userId}`);
    expect(bySender.map((r) => r.payload.transaction_id)).toEqual([ids[9]]);
    expect(bySender[0]?.payload.findings).toMatchObject([{ rule: 'frequent_sends', value: '10' }]);
    const byPayee = await reviewsAbout(`user:${payee.userId}`);
    expect(byPayee.map((r) => r.payload.transaction_id)).toEqual([payerSends[4]]);
    expect(byPayee[0]?.payload.findings).toMatchObject([{ rule: 'many_payers', value: '5' }]);
  });

  it('keeps its rows when the pass fails half-way (one transaction: no review without its rows deleted)', async () => {
    const sender = await customer(t, 1_000_00n);
    const contact = await registered(sender, await customer(t));
    const ids = [];
    for (let i = 0; i < 10; i++) ids.push(String((await send(sender, contact, '1')).id));
    // The reviews table refuses this sender's alert: the pass fails after judging, as a kill would stop it.
    const subject = `user:${sender.userId}`;
    await sql
      .raw(
        `CREATE FUNCTION monitoring_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN IF NEW.subject = '${subject}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
         CREATE TRIGGER monitoring_test_refuse BEFORE INSERT ON reviews FOR EACH ROW
           EXECUTE FUNCTION monitoring_test_refuse();`,
      )
      .execute(t.owner.db);
    try {
      await expect(drain()).rejects.toThrow('refused by the test');
    } finally {
      await sql
        .raw('DROP TRIGGER monitoring_test_refuse ON reviews; DROP FUNCTION monitoring_test_refuse();')
        .execute(t.owner.db);
    }
    const kept = await t.database.db
      .selectFrom('monitoring_queue')
      .select('transaction_id')
      .where('transaction_id', 'in', ids)
      .execute();
    expect(kept).toHaveLength(10);
    expect(
      await t.database.db.selectFrom('monitoring_alerts').select('id').where('subject_key', '=', subject).execute(),
    ).toEqual([]);
    await drain();
    expect(await reviewsAbout(subject)).toHaveLength(1);
  });
});

/**
 * A held movement a monitoring review rejected: its money out of compliance hold back to the sender in one balanced
 * entry, `refunded` on the sender's timeline with their notice, the decision on the back-office's, the books whole.
 */
async function expectRefunded(id: unknown, sender: Customer, minor: string) {
  expect(await heldInComplianceHold(t, id)).toBe('0');
  expect(await entryKindsOf(t, id)).toEqual(['monitoring_hold', 'monitoring_refund']);
  const refund = await t.database.db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['a.kind', 'a.owner_user_id', 'p.amount'])
    .where('e.reference_id', '=', String(id))
    .where('e.kind', '=', 'monitoring_refund')
    .orderBy('p.amount')
    .execute();
  expect(refund).toEqual([
    { kind: 'compliance_hold', owner_user_id: null, amount: `-${minor}` },
    { kind: 'customer_wallet', owner_user_id: String(sender.userId), amount: minor },
  ]);
  const shown = await call(t, 'GET', `/api/transactions/${String(id)}/`, { token: sender.token });
  expect(shown.body.status).toBe('refunded');
  expect((shown.body.timeline as Body[]).map((s) => s.status)).toEqual(['created', 'on_hold', 'refunded']);
  const notices = await call<{ results: { kind: string; transaction: number | null }[] }>(
    t,
    'GET',
    '/api/notifications/?page_size=100',
    { token: sender.token },
  );
  expect(notices.body.results.filter((n) => n.transaction === Number(id)).map((n) => n.kind)).toContain(
    'transfer_refunded',
  );
  const ops = await call(t, 'GET', `/api/ops/transactions/${String(id)}/`, { token: op.token });
  expect(ops.body.timeline).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event: 'transaction.review_rejected', by: op.userId }),
      expect.objectContaining({ event: 'refunded' }),
    ]),
  );
  expect((await checkLedger(t.database.db)).problems).toEqual([]);
}

describe('a blocking rule', () => {
  let blocking: TestApp;
  beforeAll(async () => {
    blocking = await startTestApp({
      env: { ...testEnv, MONITOR_FREQUENT_SENDS_BLOCK: 'on', MONITOR_PAIR_SUM_BLOCK: 'on' },
    });
  });
  afterAll(async () => {
    await blocking.close();
  });
  const sendOn = (s: Customer, contact: number, amount: string) => create(blocking, s, { amount, contact });

  it('holds the send that would break it; approve releases it as it would have gone', async () => {
    const sender = await customer(t, 20_000_00n);
    const recipient = await customer(t);
    const contact = await registered(sender, recipient);
    for (const amount of ['5000', '4000', '999.99'])
      expect((await sendOn(sender, contact, amount)).body.status).toBe('completed');
    const held = await sendOn(sender, contact, '1');
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body).toMatchObject({ status: 'on_hold', amount: '1.00' });
    expect(await balanceOf(t, sender)).toBe('9999.01');
    expect(await balanceOf(t, recipient)).toBe('9999.99');
    const detail = await call(t, 'GET', `/api/transactions/${String(held.body.id)}/`, { token: sender.token });
    // The sender reads a routine compliance check, nothing of the rule.
    expect(detail.body.timeline).toEqual([
      expect.objectContaining({ status: 'created' }),
      expect.objectContaining({ status: 'on_hold', reason: 'compliance_review' }),
    ]);
    expect(JSON.stringify(detail.body)).not.toContain('monitoring');
    const [review] = await reviewsAbout(`transaction:${String(held.body.id)}`);
    expect(review?.payload).toMatchObject({
      held: true,
      transaction_id: held.body.id,
      findings: [{ rule: 'pair_sum', value: '1000099' }],
    });
    // The worker does not raise the same alert again for the held send.
    await drain(blocking);
    expect(await reviewsAbout(`user:${sender.userId}`)).toEqual([]);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/approve/`, { reason: 'Family support' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toEqual({ released: true, status: 'completed' });
    expect(await balanceOf(t, recipient)).toBe('10000.99');
    // Booked as the monitoring rule's hold and release, not as a sanctions one.
    expect(await entryKindsOf(t, held.body.id)).toEqual(['monitoring_hold', 'monitoring_release']);
  });

  it('holds the tenth send in 24 hours; reject gives the money back to the sender, who is told', async () => {
    const sender = await customer(t, 1_000_00n);
    const recipient = await customer(t);
    const contact = await registered(sender, recipient);
    for (let i = 0; i < 9; i++) expect((await sendOn(sender, contact, '1')).body.status).toBe('completed');
    const held = await sendOn(sender, contact, '1');
    expect(held.body).toMatchObject({ status: 'on_hold' });
    expect(await balanceOf(t, sender)).toBe('990.00');
    const [review] = await reviewsAbout(`transaction:${String(held.body.id)}`);
    expect(review?.payload.findings).toEqual([expect.objectContaining({ rule: 'frequent_sends', value: '10' })]);
    const decided = await opsAction(t, op, `reviews/${String(review?.id)}/reject/`, { reason: 'Mule pattern' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.outcome).toEqual({ released: false, refunded: true });
    expect(await balanceOf(t, recipient)).toBe('9.00');
    expect(await balanceOf(t, sender)).toBe('991.00');
    await expectRefunded(held.body.id, sender, '100');
  });

  describe('on a cash pickup', () => {
    let counter: SignedIn;
    beforeAll(async () => {
      counter = await teller(t, await agency(t));
    });
    const notPayable = { status: 409, body: { detail: pickupMessages.notPayable } };
    const referenceOf = async (id: number) => {
      const row = await t.database.db
        .selectFrom('pickups')
        .select(['reference_sealed', 'live'])
        .where('transaction_id', '=', String(id))
        .executeTakeFirstOrThrow();
      return { reference: openReference(pickupKeys(t.config.SECRET_KEY), row.reference_sealed) ?? '', live: row.live };
    };
    /** A pickup of 6,000 MAD paid out as usual, then one of 4,000.01 to the same phone: over 10,000, held. */
    async function heldPickup() {
      const sender = await customer(t, 20_000_00n);
      const phone = uniquePhone();
      const contact = await recipientOf(t, sender, { phone_number: phone, first_name: 'Fatima', last_name: 'Zahra' });
      const pickup = (amount: string) => create(blocking, sender, { amount, contact, delivery: 'cash_pickup' });
      expect((await pickup('6000')).body).toMatchObject({ status: 'available' });
      const res = await pickup('4000.01');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const tx = res.body as Tx;
      const [review] = await reviewsAbout(`transaction:${String(tx.id)}`);
      if (review === undefined) throw new Error(`no monitoring review of pickup ${String(tx.id)}`);
      return { sender, phone, tx, review, ...(await referenceOf(tx.id)) };
    }

    it('holds it as a send: not collectable, no SMS; approve makes it available and texts the recipient', async () => {
      const { sender, phone, tx, review, reference } = await heldPickup();
      expect(tx).toMatchObject({ status: 'on_hold', pickup_reference: null, expires_at: null });
      expect(await balanceOf(t, sender)).toBe('9999.99');
      expect(await heldInComplianceHold(t, tx.id)).toBe('400001');
      expect(review.payload).toMatchObject({
        held: true,
        transaction_id: tx.id,
        payee: `phone:${phone}`,
        findings: [{ rule: 'pair_sum', value: '1000001' }],
      });
      // The counter reads only that it cannot be paid out; the sender cannot take it back while it is checked.
      expect((await lookup(t, reference, counter)).body).toMatchObject({ status: 'not_payable' });
      expect(await pay(t, reference, counter)).toMatchObject(notPayable);
      expect((await cancel(t, sender, tx.id)).status).toBe(400);
      const shown = await call(t, 'GET', `/api/transactions/${String(tx.id)}/`, { token: sender.token });
      expect(shown.body.timeline).toEqual([
        expect.objectContaining({ status: 'created' }),
        expect.objectContaining({ status: 'on_hold', reason: 'compliance_review' }),
      ]);
      expect(JSON.stringify(shown.body)).not.toContain('monitoring');
      // The first pickup's SMS only: none for the held one.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await outbox(t, phone, 0)).toHaveLength(1);

      const decided = await opsAction(t, op, `reviews/${String(review.id)}/approve/`, { reason: 'Family wedding' });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect(decided.body.outcome).toEqual({ released: true, status: 'available' });
      expect(await heldInComplianceHold(t, tx.id)).toBe('0');
      expect(await entryKindsOf(t, tx.id)).toEqual(['monitoring_hold', 'monitoring_release']);
      const after = await call(t, 'GET', `/api/transactions/${String(tx.id)}/`, { token: sender.token });
      expect(after.body).toMatchObject({ status: 'available', pickup_reference: reference });
      expect(Date.parse(String(after.body.expires_at))).toBeGreaterThan(Date.now());
      const sms = await outbox(t, phone, 2);
      expect(sms).toHaveLength(2);
      expect(sms[0]?.body).toContain(`${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`);
      expect((await pay(t, reference, counter)).status).toBe(200);
    });

    it('gives the money back to the sender and kills the reference on reject', async () => {
      const { sender, tx, review, reference } = await heldPickup();
      const decided = await opsAction(t, op, `reviews/${String(review.id)}/reject/`, { reason: 'Structuring' });
      expect(decided.status, JSON.stringify(decided.body)).toBe(200);
      expect(decided.body.outcome).toEqual({ released: false, refunded: true });
      expect(await referenceOf(tx.id)).toMatchObject({ live: false });
      expect(await balanceOf(t, sender)).toBe('14000.00');
      expect((await lookup(t, reference, counter)).body).toMatchObject({ status: 'refunded' });
      expect(await pay(t, reference, counter)).toMatchObject({
        status: 409,
        body: { detail: pickupMessages.refunded },
      });
      await expectRefunded(tx.id, sender, '400001');
    });
  });
});
