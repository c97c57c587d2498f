import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMessages } from '../../../../../common/api/payouts.ts';
import { holderNameMessages } from '../../../../../common/banking/holder-name.ts';
import { call, ensureRates, testEnv } from '../../../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../../../tests/support/test-app.ts';
import { create, customer, type Body } from '../../transactions.fixtures.ts';
import { exportPaymentFile, moroccanMobile, TEST_RIB } from './bank-deposit.fixtures.ts';

/**
 * A recipient whose name is written in Arabic: their bank holds the name in Latin letters, which no romanisation
 * gives ('فاطمة الزهراء' is not 'FTM LZHR'), so the sender writes it as the bank account shows it. That name is
 * stored with the account, shown, checked with the bank and carried by the payment file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const ARABIC = { first_name: 'فاطمة', last_name: 'الزهراء' };
const addRecipient = (token: string, body: Body) => call<Body>(t, 'POST', '/api/contacts/', { token, body });

describe('the holder name of a recipient written in Arabic', () => {
  it('is asked with a RIB, in the file’s character set; stored upper case, it is what the bank checks and the file carries', async () => {
    const alice = await customer(t, 500_00n);
    const base = { ...ARABIC, phone_number: moroccanMobile(), rib: TEST_RIB };
    expect(await addRecipient(alice.token, base)).toMatchObject({
      status: 400,
      body: { rib_holder: [holderNameMessages.required] },
    });
    expect(await addRecipient(alice.token, { ...base, rib_holder: 'فاطمة الزهراء' })).toMatchObject({
      status: 400,
      body: { rib_holder: [holderNameMessages.charset] },
    });
    expect(await addRecipient(alice.token, { ...base, rib_holder: 'F'.repeat(36) })).toMatchObject({
      status: 400,
      body: { rib_holder: [holderNameMessages.charset] },
    });
    // Without a RIB no holder name is needed.
    expect((await addRecipient(alice.token, { ...ARABIC, phone_number: moroccanMobile() })).status).toBe(201);

    const made = await addRecipient(alice.token, { ...base, rib_holder: '  Fatima   Ezzahra ' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ first_name: 'فاطمة', rib: TEST_RIB, rib_holder: 'FATIMA EZZAHRA' });
    const contact = made.body.id as number;

    const check = await call<Body>(t, 'POST', '/api/transactions/payee-check/', {
      token: alice.token,
      body: { contact },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({ holder_name: 'FATIMA EZZAHRA', result: 'match' });
    const sent = await create(t, alice, { amount: 60, contact, delivery: 'bank_deposit' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ payout: { holder_name: 'FATIMA EZZAHRA' } });
    const file = await exportPaymentFile(t);
    const id = String(sent.body.id);
    const line = file.slice(file.indexOf(`<EndToEndId>SILA-${id}</EndToEndId>`));
    expect(line.slice(0, line.indexOf('</CdtTrfTxInf>'))).toContain('<Nm>FATIMA EZZAHRA</Nm>');
  });

  it('a RIB on file without it sends nothing until the sender gives it (PATCH), then the deposit carries it', async () => {
    const alice = await customer(t, 500_00n);
    const made = await addRecipient(alice.token, { ...ARABIC, phone_number: moroccanMobile() });
    const contact = made.body.id as number;
    // A RIB stored before the holder name was asked for.
    await t.database.db.updateTable('contacts').set({ rib: TEST_RIB }).where('id', '=', String(contact)).execute();
    const shown = await call<Body>(t, 'GET', `/api/contacts/${contact}/`, { token: alice.token });
    expect(shown.body).toMatchObject({ rib: TEST_RIB, rib_holder: null });
    expect(
      await call(t, 'POST', '/api/transactions/payee-check/', { token: alice.token, body: { contact } }),
    ).toMatchObject({ status: 400, body: { contact: [payoutMessages.noHolderName] } });
    expect(await create(t, alice, { amount: 60, contact, delivery: 'bank_deposit' })).toMatchObject({
      status: 400,
      body: { contact: [payoutMessages.noHolderName] },
    });

    const path = `/api/contacts/${contact}/`;
    expect(await call(t, 'PATCH', path, { token: alice.token, body: { rib: TEST_RIB } })).toMatchObject({
      status: 400,
      body: { rib_holder: [holderNameMessages.required] },
    });
    const patched = await call<Body>(t, 'PATCH', path, {
      token: alice.token,
      body: { rib: TEST_RIB, rib_holder: 'fatima zahra' },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ rib_holder: 'FATIMA ZAHRA' });
    const sent = await create(t, alice, { amount: 60, contact, delivery: 'bank_deposit' });
    expect(sent.body).toMatchObject({ payout: { holder_name: 'FATIMA ZAHRA' } });
    // Removing the account removes its holder's name with it.
    expect((await call<Body>(t, 'PATCH', path, { token: alice.token, body: { rib: null } })).body).toMatchObject({
      rib: null,
      rib_holder: null,
    });
  });

  it('a recipient named in Latin letters needs none: the deposit carries their name', async () => {
    const alice = await customer(t, 100_00n);
    const made = await addRecipient(alice.token, {
      first_name: 'Amina',
      last_name: 'El Idrissi',
      phone_number: moroccanMobile(),
      rib: TEST_RIB,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ rib_holder: 'AMINA EL IDRISSI' });
  });
});
