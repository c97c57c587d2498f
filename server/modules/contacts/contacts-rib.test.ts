import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contactSchema } from '../../../common/api/contacts.ts';
import { holderNameMessages } from '../../../common/banking/holder-name.ts';
import { ribMessages } from '../../../common/banking/rib.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { call, signIn, testEnv, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { addContact, newAgency, uniqueTag, type Body } from './contacts.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
});
afterAll(async () => {
  await t.close();
});

// Keys computed outside the code under test: 97 - ((first 22 digits x 100) mod 97).
const ATTIJARI = '007780000123456789012396';
const CIH = '230810211111222233334466';
const UNKNOWN_BANK = '999780000123456789012341';

const recipient = (extra: Body = {}): Body => ({
  first_name: 'Amina',
  last_name: 'El Idrissi',
  phone_number: uniquePhone(),
  ...extra,
});

const patch = (s: SignedIn, id: unknown, body: Body) =>
  call(t, 'PATCH', `/api/contacts/${String(id)}/`, { token: s.token, body });

describe('a recipient bank account (rib)', () => {
  it('is taken on POST with spaces, stored as 24 digits and answered with its bank name', async () => {
    const s = await signIn(t);
    const res = await addContact(t, s, recipient({ rib: '007 780 0001 2345 6789 0123 96' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(() => contactSchema.strict().parse(res.body)).not.toThrow();
    expect(res.body).toMatchObject({ rib: ATTIJARI, rib_bank: 'Attijariwafa bank', rib_holder: 'AMINA EL IDRISSI' });
    const stored = await t.database.db
      .selectFrom('contacts')
      .select('rib')
      .where('id', '=', String(res.body.id))
      .executeTakeFirstOrThrow();
    expect(stored.rib).toBe(ATTIJARI);
    const read = await call(t, 'GET', `/api/contacts/${String(res.body.id)}/`, { token: s.token });
    expect(read.body).toMatchObject({ rib: ATTIJARI, rib_bank: 'Attijariwafa bank' });
  });

  it('is optional: none, null or blank is no bank account', async () => {
    const s = await signIn(t);
    for (const rib of [undefined, null, '', '  ']) {
      const res = await addContact(t, s, recipient(rib === undefined ? {} : { rib }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toMatchObject({ rib: null, rib_bank: null, rib_holder: null });
    }
  });

  it('asks the holder name in Latin letters of a recipient named in Arabic (no romanisation), and answers it', async () => {
    const s = await signIn(t);
    const arabic = recipient({ first_name: 'محمد', last_name: 'بن عبد الله', rib: CIH });
    expect(await addContact(t, s, arabic)).toMatchObject({
      status: 400,
      body: { rib_holder: [holderNameMessages.required] },
    });
    const res = await addContact(t, s, { ...arabic, rib_holder: 'Mohamed Ben Abdellah' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ first_name: 'محمد', rib_holder: 'MOHAMED BEN ABDELLAH' });
  });

  it('refuses a wrong key, a wrong length, letters and an unknown bank with a 400 on the rib field', async () => {
    const s = await signIn(t);
    const cases: [string, string][] = [
      ['007780000123456789012397', ribMessages.key],
      ['00778000012345678901239', ribMessages.length],
      [`${ATTIJARI}1`, ribMessages.length],
      ['MA64007780000123456789012396', ribMessages.format],
      [UNKNOWN_BANK, ribMessages.unknown_bank],
      ['0'.repeat(60), ribMessages.length],
    ];
    for (const [rib, message] of cases) {
      const res = await addContact(t, s, recipient({ rib }));
      expect(res.status, rib).toBe(400);
      expect(res.body, rib).toEqual({ rib: [message] });
    }
  });

  it('is set, replaced and removed by PATCH on the customer own recipient', async () => {
    const s = await signIn(t);
    const added = await addContact(t, s, recipient());
    const id = added.body.id;
    const set = await patch(s, id, { rib: CIH });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(() => contactSchema.strict().parse(set.body)).not.toThrow();
    expect(set.body).toMatchObject({ id, first_name: 'Amina', rib: CIH, rib_bank: 'CIH Bank' });
    const replaced = await patch(s, id, { rib: '007 780 000123456789012396' });
    expect(replaced.body).toMatchObject({ rib: ATTIJARI, rib_bank: 'Attijariwafa bank' });
    const bad = await patch(s, id, { rib: UNKNOWN_BANK });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ rib: [ribMessages.unknown_bank] });
    const removed = await patch(s, id, { rib: null });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ rib: null, rib_bank: null });
    const blank = await patch(s, id, { rib: '' });
    expect(blank.body).toMatchObject({ rib: null });
  });

  it('PATCH changes nothing else: other fields are refused', async () => {
    const s = await signIn(t);
    const added = await addContact(t, s, recipient());
    const res = await patch(s, added.body.id, { rib: ATTIJARI, first_name: 'Other' });
    expect(res.status).toBe(400);
    const read = await call(t, 'GET', `/api/contacts/${String(added.body.id)}/`, { token: s.token });
    expect(read.body).toMatchObject({ first_name: 'Amina', rib: null });
  });

  it("PATCH touches only the caller's live recipients: another's is 404, an agency 403, a deleted one 404", async () => {
    const owner = await signIn(t);
    const other = await signIn(t);
    const added = await addContact(t, owner, recipient());
    const id = added.body.id;
    const foreign = await patch(other, id, { rib: ATTIJARI });
    expect(foreign.status).toBe(404);
    const agency = await newAgency(t, { name: `Agence ${uniqueTag()}`, city: 'Rabat', lat: '34.02', lon: '-6.83' });
    const onAgency = await patch(owner, agency, { rib: ATTIJARI });
    expect(onAgency.status).toBe(403);
    expect(onAgency.body).toEqual({ detail: contactMessages.agencyReadOnly });
    expect((await call(t, 'DELETE', `/api/contacts/${String(id)}/`, { token: owner.token })).status).toBe(204);
    expect((await patch(owner, id, { rib: ATTIJARI })).status).toBe(404);
    const stored = await t.database.db
      .selectFrom('contacts')
      .select('rib')
      .where('id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(stored.rib).toBeNull();
    const anonymous = await call(t, 'PATCH', `/api/contacts/${String(id)}/`, { body: { rib: ATTIJARI } });
    expect(anonymous.status).toBe(401);
  });

  it('the database refuses a RIB that is not 24 digits, whoever writes', async () => {
    const s = await signIn(t);
    const added = await addContact(t, s, recipient());
    await expect(
      t.database.db
        .updateTable('contacts')
        .set({ rib: '007 780' })
        .where('id', '=', String(added.body.id))
        .execute(),
    ).rejects.toThrow(/contacts_rib_shape/);
  });
});
