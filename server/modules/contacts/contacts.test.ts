import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, contactSchema } from '../../../common/api/contacts.ts';
import { genericMessages } from '../../../common/api/errors.ts';
import { phoneMessages } from '../../../common/identity/phone.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, uniquePhone } from '../../../tests/support/identity.ts';
import { create, customer } from '../transfers/transactions.fixtures.ts';
import { addContact, list, newAgency, uniqueTag, type Body } from './contacts.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

const person = { first_name: 'Amina', last_name: 'El Idrissi' };

/** The link as stored (ADR 013: the answers may hide it). */
async function linkOf(id: number): Promise<{ contact_user: string | null; account_id: string | null }> {
  return t.database.db
    .selectFrom('contacts')
    .select(['contact_user', 'account_id'])
    .where('id', '=', String(id))
    .executeTakeFirstOrThrow();
}

describe('POST /api/contacts/', () => {
  it('adds a recipient: the phone is stored in E.164 without spaces, unlinked while nobody has it', async () => {
    const s = await signIn(t);
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6)}`;
    const res = await addContact(t, s, { ...person, phone_number: spaced, email: '' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(() => contactSchema.strict().parse(res.body)).not.toThrow();
    expect(res.body).toMatchObject({
      ...person,
      phone_number: phone,
      email: null,
      public: false,
      contact_user: null,
      account_id: null,
      proximity: null,
    });
  });

  it('accepts an e-mail alone (lower-cased), and Arabic names', async () => {
    const s = await signIn(t);
    const email = uniqueEmail('Recipient');
    const res = await addContact(t, s, { first_name: 'أمينة', last_name: 'الإدريسي', email, phone_number: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ first_name: 'أمينة', last_name: 'الإدريسي', email: email.toLowerCase() });
  });

  it('refuses line breaks, control and bidi-override characters in names; keeps Arabic with its marks', async () => {
    const s = await signIn(t);
    for (const bad of [
      'Amina\nYour account is blocked',
      'Am\tina',
      'Amina \u202Eevil',
      'Amina \u2066x\u2069',
      'Am\u0085ina',
    ]) {
      const res = await addContact(t, s, { first_name: bad, last_name: 'B', phone_number: uniquePhone() });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toEqual({ first_name: [genericMessages.controlCharacters] });
    }
    const marked = await addContact(t, s, { first_name: 'أمينة\u200F', last_name: 'B', email: uniqueEmail('Marked') });
    expect(marked.status).toBe(201);
  });

  it('requires both names and a phone or an e-mail', async () => {
    const s = await signIn(t);
    const blank = await addContact(t, s, { first_name: ' ', last_name: '', phone_number: uniquePhone() });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body).sort()).toEqual(['first_name', 'last_name']);
    const missing = await addContact(t, s, { phone_number: uniquePhone() });
    expect(missing.body).toEqual({ first_name: ['This field is required.'], last_name: ['This field is required.'] });
    const neither = await addContact(t, s, { ...person, phone_number: '', email: '' });
    expect(neither.status).toBe(400);
    expect(neither.body).toEqual({ phone_number: [contactMessages.phoneOrEmail] });
  });

  it('refuses letters, an unsupported prefix, a wrong length, over 16 characters and a malformed e-mail', async () => {
    const s = await signIn(t);
    const cases: [Body, Body][] = [
      [{ phone_number: '+33 6 12 AB 56 78' }, { phone_number: [phoneMessages.invalid] }],
      [{ phone_number: '612345678' }, { phone_number: [phoneMessages.invalid] }],
      [{ phone_number: '+44 2079460958' }, { phone_number: [phoneMessages.unsupported_prefix] }],
      [{ phone_number: '+33 6 12' }, { phone_number: [phoneMessages.wrong_length] }],
      // '0033…' typed after +33: an international prefix, not a number.
      [{ phone_number: '+330033612345' }, { phone_number: [phoneMessages.invalid] }],
      [{ phone_number: '+3361234567890123' }, { phone_number: [contactMessages.phoneTooLong] }],
      [{ email: 'not-an-email' }, { email: ['Enter a valid email address.'] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await addContact(t, s, { ...person, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    const list0 = await list(t, s, '');
    expect(list0.body.count).toBe(0);
  });

  it('refuses yourself, by phone and by e-mail, with its own message', async () => {
    const phone = uniquePhone();
    const byPhone = await signIn(t, { phone_number: phone });
    const res = await addContact(t, byPhone, { ...person, phone_number: phone });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ phone_number: ['You cannot add yourself as a recipient.'] });

    const email = uniqueEmail();
    const byEmail = await signIn(t, { email });
    const mine = await addContact(t, byEmail, { ...person, email: email.toUpperCase() });
    expect(mine.body).toEqual({ email: [contactMessages.yourself] });
  });

  it('refuses a recipient already in the list (phone or e-mail); another customer may add the same person', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const phone = uniquePhone();
    const email = uniqueEmail();
    expect((await addContact(t, a, { ...person, phone_number: phone, email })).status).toBe(201);
    const samePhone = await addContact(t, a, { first_name: 'Other', last_name: 'Name', phone_number: phone });
    expect(samePhone.status).toBe(400);
    expect(samePhone.body).toEqual({ phone_number: ['This recipient already exists.'] });
    const sameEmail = await addContact(t, a, { ...person, email: email.toUpperCase() });
    expect(sameEmail.body).toEqual({ email: [contactMessages.exists] });
    expect((await addContact(t, b, { ...person, phone_number: phone, email })).status).toBe(201);
  });

  it('two identical requests at once make one recipient and one "already exists"', async () => {
    const s = await signIn(t);
    const body = { ...person, phone_number: uniquePhone() };
    const answers = await Promise.all([addContact(t, s, body), addContact(t, s, body), addContact(t, s, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
  });

  it('links a registered recipient (verified phone or e-mail) but shows the link only after money moved (ADR 013)', async () => {
    const phone = uniquePhone();
    const registered = await signIn(t, { phone_number: phone });
    const me = await call<{ results: Body[] }>(t, 'GET', '/api/users/', { token: registered.token });
    const account = me.body.results[0]?.account_id;
    const s = await customer(t, 500_00n);
    const unknown = await addContact(t, s, { ...person, phone_number: uniquePhone() });
    const res = await addContact(t, s, { ...person, phone_number: phone });
    expect(res.status).toBe(201);
    // The same answer as for a number nobody has: no user, no wallet, nothing to look up on the explorer.
    expect(res.body).toMatchObject({ contact_user: null, account_id: null });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(unknown.body).sort());
    const path = `/api/contacts/${String(res.body.id)}/`;
    expect((await call(t, 'GET', path, { token: s.token })).body).toMatchObject({
      contact_user: null,
      account_id: null,
    });
    expect((await list(t, s, '')).body.results.map((c) => c.account_id)).toEqual([null, null]);
    // The link is stored all the same: the first send is paid at once, then the detail shows the wallet.
    const stored = await linkOf(res.body.id as number);
    expect(stored).toEqual({ contact_user: String(registered.userId), account_id: account });
    const sent = await create(t, s, { amount: 10, contact: res.body.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.validated).toBe(true);
    expect((await call(t, 'GET', path, { token: s.token })).body).toMatchObject({
      contact_user: registered.userId,
      account_id: account,
    });
    expect((await list(t, s, `?search=${encodeURIComponent(phone)}`)).body.results[0]).toMatchObject({
      account_id: account,
    });
    // By the pair of people, not the row: added again after a delete, it is shown at once.
    expect((await call(t, 'DELETE', path, { token: s.token })).status).toBe(204);
    const again = await addContact(t, s, { ...person, phone_number: phone });
    expect(again.body).toMatchObject({ contact_user: registered.userId, account_id: account });
  });

  it('shows the link after a transfer received from the recipient, and not for a cancelled one', async () => {
    const a = await customer(t, 500_00n);
    const b = await customer(t, 500_00n);
    const ghost = uniqueEmail('ghost');
    const bOfA = await addContact(t, a, { ...person, email: b.email });
    expect(bOfA.body.contact_user).toBeNull();
    // a -> someone without an account, cancelled: no money moved between a and anyone.
    const ghostId = (await addContact(t, a, { ...person, email: ghost })).body.id;
    const waiting = await create(t, a, { amount: 5, contact: ghostId });
    expect(waiting.status).toBe(201);
    expect(
      (await call(t, 'POST', `/api/transactions/${String(waiting.body.id)}/cancel/`, { token: a.token })).status,
    ).toBe(200);
    expect(
      (await call(t, 'GET', `/api/contacts/${String(bOfA.body.id)}/`, { token: a.token })).body.contact_user,
    ).toBeNull();
    // b sends to a: now a sees b's link.
    const aOfB = await addContact(t, b, { ...person, email: a.email });
    expect((await create(t, b, { amount: 7, contact: aOfB.body.id })).status).toBe(201);
    const shown = await call(t, 'GET', `/api/contacts/${String(bOfA.body.id)}/`, { token: a.token });
    expect(shown.body).toMatchObject({ contact_user: b.userId });
    expect(shown.body.account_id).toMatch(/^0x[0-9a-f]{40}$/);
  });

  it('links the recipient when that person registers later, in every list that names them; shown after the claim', async () => {
    const phone = uniquePhone();
    const email = uniqueEmail();
    const a = await customer(t, 500_00n);
    const b = await signIn(t);
    const byPhone = await addContact(t, a, { ...person, phone_number: phone });
    const byEmail = await addContact(t, b, { ...person, email });
    expect(byPhone.body.contact_user).toBeNull();
    expect(await linkOf(byPhone.body.id as number)).toEqual({ contact_user: null, account_id: null });
    // Money waiting for the person: unclaimed until they sign up.
    expect((await create(t, a, { amount: 12, contact: byPhone.body.id })).status).toBe(201);

    const newcomer = await signIn(t, { phone_number: phone });
    expect((await linkOf(byPhone.body.id as number)).contact_user).toBe(String(newcomer.userId));
    // Signing up claimed the waiting transfer: money moved, so the link shows.
    const later = await call(t, 'GET', `/api/contacts/${String(byPhone.body.id)}/`, { token: a.token });
    expect(later.body).toMatchObject({ contact_user: newcomer.userId });
    expect(later.body.account_id).toMatch(/^0x[0-9a-f]{40}$/);
    // The e-mail recipient is someone else still unregistered; once registered, linked but not shown (no money).
    expect((await linkOf(byEmail.body.id as number)).contact_user).toBeNull();
    const emailUser = await signIn(t, { email });
    expect((await linkOf(byEmail.body.id as number)).contact_user).toBe(String(emailUser.userId));
    expect(
      (await call(t, 'GET', `/api/contacts/${String(byEmail.body.id)}/`, { token: b.token })).body.contact_user,
    ).toBeNull();
  });

  it('does not link to a phone someone merely typed into a profile (unverified)', async () => {
    const squatter = await signIn(t);
    const phone = uniquePhone();
    const patched = await call(t, 'PATCH', `/api/users/${squatter.userId}/`, {
      token: squatter.token,
      body: { first_name: 'S', last_name: 'Q', country: 'FR', phone_number: phone },
    });
    expect(patched.status).toBe(200);
    const s = await signIn(t);
    const res = await addContact(t, s, { ...person, phone_number: phone });
    expect(res.body).toMatchObject({ contact_user: null, account_id: null });
    expect(await linkOf(res.body.id as number)).toEqual({ contact_user: null, account_id: null });
  });
});

describe('the hourly limit on adding recipients', () => {
  it('the 31st creation in an hour is a 429 with Retry-After; deleting and adding again counts', async () => {
    const s = await signIn(t);
    const other = await signIn(t);
    const limit = t.config.CONTACT_CREATE_LIMIT_PER_HOUR;
    expect(limit).toBe(30);
    const phone = uniquePhone();
    for (let i = 0; i < limit; i++) {
      // Half of them the same person, deleted and added again.
      const res = await addContact(t, s, { ...person, phone_number: i % 2 === 0 ? phone : uniquePhone() });
      expect(res.status, `creation ${i + 1}: ${JSON.stringify(res.body)}`).toBe(201);
      if (i % 2 === 0)
        expect((await call(t, 'DELETE', `/api/contacts/${String(res.body.id)}/`, { token: s.token })).status).toBe(204);
    }
    const refused = await addContact(t, s, { ...person, phone_number: phone });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: contactMessages.tooManyAdded });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // Nothing was created, and the list still works; another customer is not affected.
    expect((await list(t, s, '')).body.count).toBe(limit / 2);
    expect((await addContact(t, other, { ...person, phone_number: phone })).status).toBe(201);
    // The 400s of a bad request come first and create nothing (no count to spend).
    expect((await addContact(t, s, { ...person, phone_number: '', email: '' })).status).toBe(400);
  });

  it('concurrent creations cannot overshoot the limit', async () => {
    const s = await signIn(t);
    const limit = t.config.CONTACT_CREATE_LIMIT_PER_HOUR;
    for (let i = 0; i < limit - 2; i++)
      expect((await addContact(t, s, { ...person, phone_number: uniquePhone() })).status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => addContact(t, s, { ...person, phone_number: uniquePhone() })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429, 429]);
  });
});

describe('GET and DELETE /api/contacts/{id}/', () => {
  it("answers one's own recipient and 404 for another customer's, who cannot delete it either", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const created = await addContact(t, a, { ...person, phone_number: uniquePhone() });
    const path = `/api/contacts/${String(created.body.id)}/`;
    const mine = await call(t, 'GET', path, { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(created.body);
    expect((await call(t, 'GET', path, { token: b.token })).status).toBe(404);
    expect((await call(t, 'DELETE', path, { token: b.token })).status).toBe(404);
    expect((await call(t, 'GET', path, { token: a.token })).status).toBe(200);
    expect((await list(t, b, '')).body.count).toBe(0);
  });

  it('soft-deletes: 204, then 404 and out of the list; the same person can be added again', async () => {
    const s = await signIn(t);
    const body = { ...person, phone_number: uniquePhone() };
    const created = await addContact(t, s, body);
    const path = `/api/contacts/${String(created.body.id)}/`;
    const deleted = await call(t, 'DELETE', path, { token: s.token });
    expect(deleted.status).toBe(204);
    expect((await call(t, 'GET', path, { token: s.token })).status).toBe(404);
    expect((await call(t, 'DELETE', path, { token: s.token })).status).toBe(404);
    expect((await list(t, s, '')).body.count).toBe(0);
    // The row is still there for the history of transactions.
    const row = await t.database.db
      .selectFrom('contacts')
      .select(['deleted_at'])
      .where('id', '=', String(created.body.id))
      .executeTakeFirst();
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect((await addContact(t, s, body)).status).toBe(201);
  });

  it('shows an agency to every customer, read-only (DELETE is 403)', async () => {
    const s = await signIn(t);
    const id = await newAgency(t, { name: `Agence ${uniqueTag()}`, city: 'Fès', lat: '34.0331', lon: '-5.0003' });
    const res = await call(t, 'GET', `/api/contacts/${id}/`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      public: true,
      city: 'Fès',
      zip_code: '20000',
      latitude: 34.0331,
      longitude: -5.0003,
    });
    const del = await call(t, 'DELETE', `/api/contacts/${id}/`, { token: s.token });
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ detail: contactMessages.agencyReadOnly });
    expect((await call(t, 'GET', `/api/contacts/${id}/`, { token: s.token })).status).toBe(200);
  });

  it('answers 400 for ids that are not positive integers and 404 for unknown ones, never 500', async () => {
    const s = await signIn(t);
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '9999999999999999999999', '%27']) {
      for (const method of ['GET', 'DELETE']) {
        const res = await call(t, method, `/api/contacts/${id}/`, { token: s.token });
        expect(res.status, `${method} ${id}`).toBe(400);
        expect(res.body).toEqual({ id: ['A valid integer is required.'] });
      }
    }
    expect((await call(t, 'GET', '/api/contacts/999999999999/', { token: s.token })).status).toBe(404);
  });

  it('needs a signed-in user on every route', async () => {
    expect((await call(t, 'GET', '/api/contacts/')).status).toBe(401);
    expect((await call(t, 'POST', '/api/contacts/', { body: person })).status).toBe(401);
    expect((await call(t, 'GET', '/api/contacts/1/')).status).toBe(401);
    expect((await call(t, 'DELETE', '/api/contacts/1/')).status).toBe(401);
  });
});
