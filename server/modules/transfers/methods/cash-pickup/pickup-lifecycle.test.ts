import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupBeingPaidOutMessage, pickupMessages } from '../../../../../common/api/pickups.ts';
import { transactionMessages } from '../../../../../common/api/transactions.ts';
import { call, ensureRates, testEnv, type SignedIn } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { sweepOnce } from '../../../../housekeeping-sweep.ts';
import { agency, balanceOf, CODE, customer, teller } from '../../transactions.fixtures.ts';
import { cancel, detail, expectNewestSubject, lookup, outbox, pay, release, reserve, sentPickup } from './pickups.fixtures.ts';

/** A cash pickup's life: the sender's side, expiry, reminder, and the teller's reservation. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, PICKUP_TTL_SECONDS: String(10 * 86_400) } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const rename = (s: SignedIn, id: number, body: Record<string, unknown>) =>
  call(t, 'POST', `/api/transactions/${id}/recipient_name/`, {
    token: s.token,
    body: { security_code: CODE, ...body },
  });

/** Time passing for one pickup, as the database clock sees it. */
async function shift(id: number, column: 'expires_at' | 'reserved_until', seconds: number) {
  await t.database.db
    .updateTable('transactions')
    .set({ [column]: new Date(Date.now() + seconds * 1000) })
    .where('id', '=', String(id))
    .execute();
}

describe('the sender', () => {
  it('cancels until collected: refund, the reference dead at once, told by mail', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    expect(tx.expires_at).toBeTruthy();
    expect(Date.parse(String(tx.expires_at)) - Date.now()).toBeGreaterThan(10 * 86_400_000 - 60_000);
    const done = await cancel(t, alice, tx.id);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'cancelled', pickup_reference: null });
    expect(await balanceOf(t, alice)).toBe('200.00');
    const banker = await teller(t, await agency(t));
    expect((await lookup(t, reference, banker)).body).toMatchObject({ status: 'cancelled', expires_at: null });
    expect(await pay(t, reference, banker)).toMatchObject({ status: 409, body: { detail: pickupMessages.cancelled } });
    await expectNewestSubject(t, alice.email, 'Sila: Cash pickup cancelled');
    expect((await cancel(t, alice, tx.id)).body).toEqual({ detail: transactionMessages.notCancellable });
  });

  it('cannot cancel a collected pickup; another customer cannot see or cancel it', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    const mallory = await customer(t);
    expect((await detail(t, mallory, tx.id)).status).toBe(404);
    expect((await cancel(t, mallory, tx.id)).status).toBe(404);
    expect((await pay(t, reference, await teller(t, await agency(t)))).status).toBe(200);
    expect(await cancel(t, alice, tx.id)).toMatchObject({
      status: 400,
      body: { detail: transactionMessages.notCancellable },
    });
    expect(await balanceOf(t, alice)).toBe('150.00');
  });

  it('corrects the name before payout, with the security code; each change kept with its time', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    expect(
      (await rename(alice, tx.id, { first_name: 'Fatima', last_name: 'Zahrae', security_code: '000000' })).status,
    ).toBe(400);
    const fixed = await rename(alice, tx.id, { first_name: 'Fatima', last_name: 'Zahrae' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ recipient_first_name: 'Fatima', recipient_last_name: 'Zahrae' });
    await rename(alice, tx.id, { first_name: 'Fatema', last_name: 'Zahrae' });
    const history = (await detail(t, alice, tx.id)).body.pickup?.name_history as {
      first_name: string;
      changed_at: string;
    }[];
    expect(history.map((h) => h.first_name)).toEqual(['Fatima', 'Fatema']);
    expect(Date.parse(history[0]!.changed_at)).toBeGreaterThan(Date.now() - 60_000);
    const banker = await teller(t, await agency(t));
    expect((await lookup(t, reference, banker)).body).toMatchObject({
      recipient_first_name: 'Fatema',
      recipient_last_name: 'Zahrae',
    });
    expect((await rename(await customer(t), tx.id, { first_name: 'Mal', last_name: 'Lory' })).status).toBe(404);
    expect((await rename(alice, tx.id, { first_name: 'Bad\nName', last_name: 'X' })).status).toBe(400);
    expect((await pay(t, reference, banker)).status).toBe(200);
    expect(await rename(alice, tx.id, { first_name: 'Late', last_name: 'Change' })).toMatchObject({
      status: 400,
      body: { detail: pickupMessages.nameNotEditable },
    });
  });
});

describe('the reservation while the ID is checked', () => {
  it('blocks the sender cancel and rename (409), other tellers (409) and the expiry; then pays', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    const [a, b] = await Promise.all([teller(t, await agency(t)), teller(t, await agency(t))]);
    const held = await reserve(t, reference, a);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(Date.parse(String(held.body.reserved_until))).toBeGreaterThan(Date.now() + 500_000);
    expect(await cancel(t, alice, tx.id)).toMatchObject({ status: 409, body: { detail: pickupBeingPaidOutMessage } });
    expect((await rename(alice, tx.id, { first_name: 'X', last_name: 'Y' })).body).toEqual({
      detail: pickupBeingPaidOutMessage,
    });
    expect(await reserve(t, reference, b)).toMatchObject({
      status: 409,
      body: { detail: pickupMessages.heldByOtherCounter },
    });
    expect(await pay(t, reference, b)).toMatchObject({
      status: 409,
      body: { detail: pickupMessages.heldByOtherCounter },
    });
    expect((await detail(t, alice, tx.id)).body.pickup).toMatchObject({ reserved: true });
    // Past its expiry while held: the sweep leaves it alone, and the holding teller still pays it.
    await shift(tx.id, 'expires_at', -60);
    await sweepOnce(t.app.services);
    expect(await balanceOf(t, alice)).toBe('150.00');
    const paid = await pay(t, reference, a);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('collected');
  });

  it('released or lapsed, the pickup is free again; expired meanwhile, the sweep returns it', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    const [a, b] = await Promise.all([teller(t, await agency(t)), teller(t, await agency(t))]);
    expect((await reserve(t, reference, a)).status).toBe(200);
    expect(await release(t, reference, a)).toMatchObject({ status: 200, body: { reserved_until: null } });
    expect((await reserve(t, reference, b)).status).toBe(200);
    await shift(tx.id, 'reserved_until', -1);
    expect((await reserve(t, reference, a)).status).toBe(200);
    await shift(tx.id, 'reserved_until', -1);
    await shift(tx.id, 'expires_at', -60);
    expect(await reserve(t, reference, a)).toMatchObject({ status: 409, body: { detail: pickupMessages.expired } });
    const pass = await sweepOnce(t.app.services);
    expect(pass.expiredPickups).toContain(String(tx.id));
    expect(await balanceOf(t, alice)).toBe('200.00');
    expect((await detail(t, alice, tx.id)).body).toMatchObject({ status: 'expired', pickup_reference: null });
    expect(await pay(t, reference, a)).toMatchObject({ status: 409, body: { detail: pickupMessages.expired } });
    await expectNewestSubject(t, alice.email, 'Sila: Cash pickup expired');
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('customers cannot reserve (403)', async () => {
    const { alice, reference } = await sentPickup(t);
    expect((await reserve(t, reference, alice)).status).toBe(403);
  });
});

describe('reminder', () => {
  it('texts the recipient once, 3 days before expiry (fr and ar)', async () => {
    const { phone, tx, reference } = await sentPickup(t);
    expect(await outbox(t, phone)).toHaveLength(1);
    await sweepOnce(t.app.services);
    expect(await outbox(t, phone)).toHaveLength(1);
    // 8 days later (TTL 10 days): 2 days left.
    await sql`UPDATE transactions SET created_at = now() - interval '8 days', expires_at = now() + interval '2 days'
               WHERE id = ${tx.id}`.execute(t.database.db);
    await sweepOnce(t.app.services);
    await sweepOnce(t.app.services);
    const messages = await outbox(t, phone, 2);
    expect(messages).toHaveLength(2);
    expect(messages[0]?.body).toContain('Rappel');
    expect(messages[0]?.body).toContain('تذكير');
    expect(messages[0]?.body).toContain(`${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`);
  });
});
