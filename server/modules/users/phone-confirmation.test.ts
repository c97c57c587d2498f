import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, genericMessages, profileMessages } from '../../../common/api/messages.ts';
import {
  call,
  ensureRates,
  otherCode,
  signIn,
  testEnv,
  uniqueIp,
  uniquePhone,
  type SignedIn,
} from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { outbox } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { balanceOf, create, customer, recipientOf } from '../transfers/transactions.fixtures.ts';

/**
 * An e-mail customer proves the phone set on their profile with an SMS code
 * (POST /api/users/{id}/phone_confirmation/ then .../verify/), over HTTP against the app, and the money sent to
 * that phone before is theirs then, once, in the same transaction.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv });
  await ensureRates(t);
});
afterAll(() => t.close());

type Me = { phone_number: string | null; phone_confirmed: boolean; balance: string };

/** An e-mail customer (security code set) with `phone` on the profile, in `language`. */
async function withProfilePhone(phone: string, language = 'fr', balanceMinor = 0n) {
  const c = await customer(t, balanceMinor);
  await sql`UPDATE users SET language = ${language} WHERE id = ${c.userId}`.execute(t.database.db);
  const body = { first_name: 'Bob', last_name: 'Martin', country: 'FR', phone_number: phone };
  const patched = await call<Me>(t, 'PATCH', `/api/users/${c.userId}/`, { token: c.token, body });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  expect(patched.body.phone_confirmed).toBe(false);
  return c;
}

const send = (s: SignedIn, id: unknown = s.userId) =>
  call<{ phone_number?: string; detail?: string }>(t, 'POST', `/api/users/${String(id)}/phone_confirmation/`, {
    token: s.token,
  });

const verify = (s: SignedIn, code: string, id: unknown = s.userId) =>
  call<Me & Record<string, unknown>>(t, 'POST', `/api/users/${String(id)}/phone_confirmation/verify/`, {
    token: s.token,
    body: { code },
  });

/** The newest code texted to `phone` (the SMS leaves after the commit: polled). */
async function smsCode(phone: string, count = 1): Promise<{ code: string; body: string }> {
  const messages = (await outbox(t, phone, count)) as { code?: string | null; body: string }[];
  const sms = messages.find((m) => m.code);
  if (!sms?.code) throw new Error(`no code texted to ${phone}`);
  return { code: sms.code, body: sms.body };
}

describe('sending the code', () => {
  it('texts a 6-digit code in the user language, stored only as a hash; a second one at once is a 429', async () => {
    const phone = uniquePhone();
    const bob = await withProfilePhone(phone, 'fr');
    const sent = await send(bob);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ phone_number: phone });
    const sms = await smsCode(phone);
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.body).toContain(`Code de confirmation de votre numéro : ${sms.code}`);

    const { rows } = await sql<{ identifier: string; code_hash: Buffer }>`
      SELECT identifier, code_hash FROM login_codes WHERE identifier LIKE ${`%:${phone}`}`.execute(t.database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.identifier).not.toBe(phone);
    expect(rows[0]?.code_hash.toString('latin1')).not.toContain(sms.code);

    const again = await send(bob);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await outbox(t, phone, 2)).toHaveLength(1);
  });

  it('refuses without a phone, for someone else, and without a session', async () => {
    const noPhone = await customer(t);
    expect((await send(noPhone)).body).toEqual({ phone_number: [profileMessages.noPhoneToConfirm] });
    const phone = uniquePhone();
    const bob = await withProfilePhone(phone);
    const mallory = await customer(t);
    const foreign = await send(mallory, bob.userId);
    expect(foreign.status).toBe(404);
    expect((await verify(mallory, '123456', bob.userId)).status).toBe(404);
    expect((await call(t, 'POST', `/api/users/${bob.userId}/phone_confirmation/`)).status).toBe(401);
    expect(await outbox(t, phone, 0)).toHaveLength(0);
    // A phone user's phone is proved by signing in with it.
    const phoneUser = await signIn(t, { phone_number: uniquePhone() });
    expect((await send(phoneUser)).body).toEqual({ phone_number: [profileMessages.phoneAlreadyConfirmed] });
  });
});

describe('verifying the code', () => {
  it('a wrong code is a 400 on code; the right one proves the phone, which then signs in to the same account', async () => {
    const phone = uniquePhone();
    const bob = await withProfilePhone(phone);
    expect((await send(bob)).status).toBe(202);
    const { code } = await smsCode(phone);
    const wrong = await verify(bob, otherCode(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ code: [authMessages.wrongCode] });
    expect((await verify(bob, 'abc')).status).toBe(400);

    const right = await verify(bob, code);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body).toMatchObject({ phone_number: phone, phone_confirmed: true });
    expect((await verify(bob, code)).body).toEqual({ phone_number: [profileMessages.phoneAlreadyConfirmed] });
    expect((await send(bob)).body).toEqual({ phone_number: [profileMessages.phoneAlreadyConfirmed] });

    // The confirmation code never signed anyone in; the proved phone now does, into bob's account.
    const ip = uniqueIp();
    const login = await call(t, 'POST', '/api/auth/verify_code/', { body: { phone_number: phone, code }, ip });
    expect(login.status).toBe(400);
    const byPhone = await signIn(t, { phone_number: phone });
    expect(byPhone.userId).toBe(bob.userId);
  });

  it('locks after LOGIN_CODE_MAX_ATTEMPTS wrong codes, even for the right code and a new one', async () => {
    const phone = uniquePhone();
    const bob = await withProfilePhone(phone);
    expect((await send(bob)).status).toBe(202);
    const { code } = await smsCode(phone);
    for (let i = 0; i < t.config.LOGIN_CODE_MAX_ATTEMPTS; i++) expect((await verify(bob, otherCode(code))).status).toBe(400);
    const locked = await verify(bob, code);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ detail: genericMessages.tooManyRequests });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    await sql`UPDATE auth_rate_events SET created_at = created_at - interval '1 hour'
              WHERE bucket = 'send_identifier' AND key LIKE ${`%:${phone}`}`.execute(t.database.db);
    expect((await send(bob)).status).toBe(202);
    const fresh = await smsCode(phone, 2);
    expect((await verify(bob, fresh.code)).status).toBe(429);
    const me = await call<{ results: Me[] }>(t, 'GET', '/api/users/', { token: bob.token });
    expect(me.body.results[0]?.phone_confirmed).toBe(false);
  });
});

describe('the money waiting for the phone', () => {
  it('is claimed once by the verification, even by two at once: credited, claimed, the sender told once', async () => {
    const alice = await customer(t, 100_00n);
    const phone = uniquePhone();
    const contact = await recipientOf(t, alice, { phone_number: phone });
    const sent = await create(t, alice, { amount: 25, contact });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ status: 'unclaimed' });

    const bob = await withProfilePhone(phone);
    // A phone typed into a profile attracts nothing until it is proved.
    const before = await call(t, 'GET', `/api/transactions/${String(sent.body.id)}/`, { token: alice.token });
    expect(before.body).toMatchObject({ status: 'unclaimed' });
    expect(await balanceOf(t, bob)).toBe('0.00');

    expect((await send(bob)).status).toBe(202);
    const { code } = await smsCode(phone);
    const answers = await Promise.all([verify(bob, code), verify(bob, code), verify(bob, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400]);

    expect(await balanceOf(t, bob)).toBe('25.00');
    expect(await balanceOf(t, alice)).toBe('75.00');
    const detail = await call(t, 'GET', `/api/transactions/${String(sent.body.id)}/`, { token: alice.token });
    expect(detail.body).toMatchObject({ status: 'claimed', recipient: bob.userId });
    const entries = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM ledger_entries
       WHERE reference_type = 'transaction' AND reference_id = ${String(sent.body.id)}`.execute(t.database.db);
    expect(entries.rows[0]?.n).toBe('2');
    const notes = await call<{ results: { kind: string; transaction: number | null }[] }>(
      t,
      'GET',
      '/api/notifications/',
      { token: alice.token },
    );
    expect(notes.body.results.filter((n) => n.kind === 'transfer_claimed')).toHaveLength(1);
    const received = await call<{ results: { kind: string }[] }>(t, 'GET', '/api/notifications/', { token: bob.token });
    expect(received.body.results.filter((n) => n.kind === 'money_received')).toHaveLength(1);

    // alice's recipient now names bob, as it would had bob signed up with that phone.
    const link = await t.database.db
      .selectFrom('contacts')
      .select('contact_user')
      .where('id', '=', String(contact))
      .executeTakeFirstOrThrow();
    expect(link.contact_user).toBe(String(bob.userId));
  });
});
