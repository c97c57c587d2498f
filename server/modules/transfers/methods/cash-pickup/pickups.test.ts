import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupMessages } from '../../../../../common/api/pickups.ts';
import { transactionMessages } from '../../../../../common/api/transactions.ts';
import { withdrawalMessages } from '../../../../../common/api/withdrawals.ts';
import { genericMessages } from '../../../../../common/api/errors.ts';
import { checkPickupReference, verhoeffDigit } from '../../../../../common/pickups/reference.ts';
import { call, ensureRates, testEnv } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { checkLedger } from '../../../../ledger/ledger-check.ts';
import { agency, balanceOf, create, customer, recipientOf, teller } from '../../transactions.fixtures.ts';
import { detail, expectNewestSubject, idCheck, lookup, otherValidReference, outbox, pay, sentPickup, type Tx } from './pickups.fixtures.ts';

/** A cash pickup sent by a customer, looked up and paid out by a teller of any agency. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, WITHDRAWAL_LOOKUP_MAX_MISSES: '4' } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const withCheckDigit = (body: string) => `${body}${verhoeffDigit(body)}`;

async function ledgerBalances() {
  const report = await checkLedger(t.database.db);
  expect(report.problems).toEqual([]);
}

describe('sending a cash pickup', () => {
  it('holds the amount, answers the reference and texts the recipient in French and Arabic', async () => {
    const { alice, phone, tx, reference } = await sentPickup(t);
    expect(tx).toMatchObject({ delivery: 'cash_pickup', status: 'available', category: 'sending', amount: '50.00' });
    expect(checkPickupReference(reference)).toEqual({ ok: true, reference });
    const ttl = Date.parse(String(tx.expires_at)) - Date.now();
    expect(ttl).toBeGreaterThan(30 * 86_400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 86_400_000);
    expect(await balanceOf(t, alice)).toBe('150.00');
    const [sms] = await outbox(t, phone);
    const grouped = `${reference.slice(0, 3)} ${reference.slice(3, 6)} ${reference.slice(6)}`;
    expect(sms?.body).toContain(grouped);
    // The French part writes the amount as French does (it wrote '50.00 MAD'), the Arabic one as one left-to-right unit.
    expect(sms?.body).toContain('vous a envoyé 50,00\u00A0MAD');
    expect(sms?.body).toContain('مبلغ \u206650,00\u00A0MAD\u2069');
    expect(sms?.body).toContain('pièce d’identité au nom de Fatima Zahra');
    expect(sms?.body).toContain('المرجع');
    expect(sms?.body).toContain('Valable jusqu’au');
    // The detail shows the reference to its sender; nobody stores it in clear.
    expect((await detail(t, alice, tx.id)).body.pickup_reference).toBe(reference);
    const stored = await t.database.db
      .selectFrom('pickups')
      .selectAll()
      .where('transaction_id', '=', String(tx.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(reference);
    expect(stored.reference_hash.includes(Buffer.from(reference))).toBe(false);
    expect(stored.reference_sealed.includes(Buffer.from(reference))).toBe(false);
    const keys = await t.database.db.selectFrom('idempotency_keys').select('response_body').execute();
    expect(JSON.stringify(keys)).not.toContain(reference);
    await ledgerBalances();
  });

  it('replays an Idempotency-Key: one pickup, one debit, the same reference', async () => {
    const alice = await customer(t, 100_00n);
    const contact = await recipientOf(t, alice, { phone_number: '+212612345678' });
    const body = { amount: 30, contact, delivery: 'cash_pickup' };
    const first = await create(t, alice, body, 'pickup-key-1');
    const again = await create(t, alice, body, 'pickup-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.pickup_reference).toBe(first.body.pickup_reference);
    expect(await balanceOf(t, alice)).toBe('70.00');
    const other = await create(t, alice, { ...body, amount: 31 }, 'pickup-key-1');
    expect(other.status).toBe(409);
  });

  it('refuses what a send refuses, a recipient without a phone, an agency as recipient, an unknown agency', async () => {
    const alice = await customer(t, 20_00n);
    const byMail = await recipientOf(t, alice, { email: `m-${Date.now()}@example.com` });
    const withPhone = await recipientOf(t, alice, { phone_number: '+212698765432' });
    const agencyId = await agency(t);
    const cases: [Record<string, unknown>, number, Record<string, unknown>][] = [
      [{ amount: 5, contact: byMail }, 400, { contact: [pickupMessages.noPhone] }],
      [{ amount: 5, contact: Number(agencyId) }, 400, { contact: [pickupMessages.notAPerson] }],
      [{ amount: 5, contact: withPhone, agency: withPhone }, 400, { agency: [pickupMessages.unknownAgency] }],
      [{ amount: 50, contact: withPhone }, 400, { amount: [transactionMessages.notEnoughFunds] }],
      [{ amount: 5, contact: 999999999 }, 400, { contact: [transactionMessages.contactNotFound] }],
    ];
    for (const [body, status, answer] of cases) {
      const res = await create(t, alice, { delivery: 'cash_pickup', ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toEqual(answer);
    }
    const walletWithAgency = await create(t, alice, { amount: 5, contact: withPhone, agency: Number(agencyId) });
    expect(walletWithAgency.body).toEqual({ agency: [pickupMessages.agencyWithoutPickup] });
    const wrongCode = await create(t, alice, {
      amount: 5,
      contact: withPhone,
      delivery: 'cash_pickup',
      security_code: '000000',
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toHaveProperty('security_code');
    const banker = await teller(t, agencyId);
    expect((await create(t, banker, { amount: 5, contact: withPhone, delivery: 'cash_pickup' })).status).toBe(403);
    expect(await balanceOf(t, alice)).toBe('20.00');
  });
});

describe('the teller', () => {
  it('looks a reference up with spaces or dashes: names, amount, masked phone, sender; customers get 403', async () => {
    const { alice, phone, reference } = await sentPickup(t);
    const banker = await teller(t, await agency(t));
    const spaced = `${reference.slice(0, 3)} ${reference.slice(3, 6)}-${reference.slice(6)}`;
    const seen = await lookup(t, spaced, banker);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({
      amount: '50.00',
      currency: 'MAD',
      status: 'available',
      recipient_first_name: 'Fatima',
      recipient_last_name: 'Zahra',
      recipient_phone_number: `+${'•'.repeat(phone.length - 3)}${phone.slice(-2)}`,
      sender_first_name: expect.any(String),
      agency: null,
      reserved_until: null,
    });
    expect(seen.body.expires_at).toEqual(expect.any(String));
    expect((await lookup(t, reference, alice)).status).toBe(403);
  });

  it('a wrong check digit is a 400 on the field, before any lookup; unknown is 404; misses reach the limit (429)', async () => {
    const { reference } = await sentPickup(t);
    const banker = await teller(t, await agency(t));
    const typo = reference.slice(0, 9) + String((Number(reference[9]) + 1) % 10);
    for (let i = 0; i < 6; i++) {
      const res = await lookup(t, typo, banker);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ reference: [pickupMessages.checkDigit] });
    }
    expect((await lookup(t, '12345', banker)).body).toEqual({ reference: [pickupMessages.referenceFormat] });
    for (let i = 0; i < 4; i++) {
      const unknown = await lookup(
        t,
        otherValidReference(withCheckDigit(String(100_000_000 + i)), withCheckDigit),
        banker,
      );
      expect(unknown.status).toBe(404);
    }
    const limited = await lookup(t, reference, banker);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('pays out with an ID once: collected, cash at the agency, ID sealed and masked, sender told and sees it', async () => {
    const { alice, tx, reference } = await sentPickup(t);
    const agencyId = await agency(t);
    const banker = await teller(t, agencyId);
    const paid = await pay(t, reference, banker);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      id: tx.id,
      status: 'collected',
      category: 'withdrawal',
      validated: true,
      recipient_first_name: 'Fatima',
      recipient_last_name: 'Zahra',
      pickup_reference: null,
    });
    expect((paid.body as Tx).pickup).toMatchObject({ id_document_type: 'national_id', id_document_number: '••••••56' });
    const again = await pay(t, reference, banker);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: pickupMessages.alreadyCollected });
    const seen = await detail(t, alice, tx.id);
    expect(seen.body).toMatchObject({ status: 'collected', validated: true, pickup_reference: null });
    expect(await balanceOf(t, alice)).toBe('150.00');
    const stored = await t.database.db
      .selectFrom('pickups')
      .selectAll()
      .where('transaction_id', '=', String(tx.id))
      .executeTakeFirstOrThrow();
    expect(stored.id_document_sealed?.includes(Buffer.from('BE123456'))).toBe(false);
    expect(stored.id_document_hint).toBe('56');
    const cash = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('agency_id', '=', agencyId)
      .executeTakeFirstOrThrow();
    expect(cash.balance).toBe('5000');
    await expectNewestSubject(t, alice.email, 'Sila: Cash pickup collected');
    const history = await call<{ results: Tx[] }>(t, 'GET', '/api/transactions/?category=withdraw', {
      token: banker.token,
    });
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.results.map((r) => r.id)).toContain(tx.id);
    const sent = await call<{ results: Tx[] }>(t, 'GET', '/api/transactions/?category=sending', { token: alice.token });
    expect(sent.body.results.find((r) => r.id === tx.id)).toMatchObject({
      delivery: 'cash_pickup',
      status: 'collected',
    });
    await ledgerBalances();
  });

  it('says which field is missing or false', async () => {
    const { reference } = await sentPickup(t);
    const banker = await teller(t, await agency(t));
    const res = await pay(t, reference, banker, { recipient_name_matches: false, id_document_number: '?' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      recipient_name_matches: [pickupMessages.nameMatches],
      id_document_type: [pickupMessages.idDocumentType],
      id_document_number: [pickupMessages.idDocumentNumber],
      security_code: [genericMessages.required],
    });
    const wrongCode = await pay(t, reference, banker, { ...idCheck, security_code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect((await lookup(t, reference, banker)).body.status).toBe('available');
  });

  it('two tellers at once: exactly one 200 and one 409, the money paid once', async () => {
    const { reference } = await sentPickup(t);
    const [a, b] = await Promise.all([teller(t, await agency(t)), teller(t, await agency(t))]);
    const answers = await Promise.all([pay(t, reference, a), pay(t, reference, b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    await ledgerBalances();
  });

  it('one agency only: another agency gets 404 like another agency withdrawal; that agency pays', async () => {
    const [here, elsewhere] = [await agency(t), await agency(t)];
    const { reference } = await sentPickup(t, { agency: Number(here) });
    const other = await teller(t, elsewhere);
    expect(await lookup(t, reference, other)).toMatchObject({
      status: 404,
      body: { detail: withdrawalMessages.otherAgency },
    });
    expect((await pay(t, reference, other)).status).toBe(404);
    const local = await teller(t, here);
    expect((await lookup(t, reference, local)).body.agency).toMatchObject({ id: Number(here) });
    expect((await pay(t, reference, local)).status).toBe(200);
  });
});
