import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/api/auth.ts';
import { phoneMessages } from '../../../common/identity/phone.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  call,
  lastCode,
  movableClock,
  signIn,
  testEnv,
  uniqueEmail,
  uniqueIp,
  uniquePhone,
} from '../../../tests/support/identity.ts';
import { findUserWallet } from '../../ledger/accounts.repository.ts';

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ env: testEnv, deps: { clock } });
});
afterAll(async () => {
  await t.close();
});

describe('sign-up and sign-in by e-mail', () => {
  it('sends a 6-digit code in the chosen language, stored only as a hash', async () => {
    const email = uniqueEmail();
    const res = await call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'fr' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: authMessages.codeSent });
    const outbox = await call<{ results: { subject: string; body: string; code: string; channel: string }[] }>(
      t,
      'GET',
      `/api/dev/outbox/?to=${email}`,
    );
    const [message] = outbox.body.results;
    expect(message?.channel).toBe('email');
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.subject).toBe('Sila : Votre code de connexion');
    expect(message?.body).toContain(message?.code);
    const rows = await t.database.db.selectFrom('login_codes').selectAll().where('identifier', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash.toString('hex')).not.toContain(message?.code);
    expect(rows[0]?.code_hash.toString()).not.toContain(message?.code);
  });

  it('sends messages in English and Arabic too', async () => {
    const en = uniqueEmail();
    const ar = uniqueEmail();
    await call(t, 'POST', '/api/auth/send_code/', { body: { email: en, language: 'en' } });
    await call(t, 'POST', '/api/auth/send_code/', { body: { email: ar, language: 'ar' } });
    const subject = async (to: string) =>
      (await call<{ results: { subject: string }[] }>(t, 'GET', `/api/dev/outbox/?to=${to}`)).body.results[0]?.subject;
    expect(await subject(en)).toBe('Sila: Your sign-in code');
    expect(await subject(ar)).toBe('صلة: رمز تسجيل الدخول الخاص بك');
  });

  it('sends messages in Spanish, Italian, Dutch and German, and stores that language as the preference', async () => {
    const subjects = {
      es: 'Sila: Tu código de acceso',
      it: 'Sila: Il tuo codice di accesso',
      nl: 'Sila: Je inlogcode',
      de: 'Sila: Ihr Anmeldecode',
    };
    for (const [language, expected] of Object.entries(subjects)) {
      const email = uniqueEmail();
      await call(t, 'POST', '/api/auth/send_code/', { body: { email, language }, ip: uniqueIp() });
      const sent = await call<{ results: { subject: string; text: string }[] }>(
        t,
        'GET',
        `/api/dev/outbox/?to=${email}`,
      );
      expect(sent.body.results[0]?.subject).toBe(expected);
    }
    const german = await signIn(t, { email: uniqueEmail() }, 'de');
    const user = await t.database.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', String(german.userId))
      .executeTakeFirstOrThrow();
    expect(user.language).toBe('de');
  });

  it('creates the customer with a MAD wallet and an address on the first verification, then signs in', async () => {
    const email = uniqueEmail().toUpperCase();
    const first = await signIn(t, { email });
    expect(first.role).toBe('customer');
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', String(first.userId))
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(email.toLowerCase());
    expect(user.phone_auth).toBe(false);
    expect(user.account_id).toMatch(/^0x[0-9a-f]{40}$/);
    const wallet = await findUserWallet(t.database.db, String(first.userId));
    expect(wallet?.currency).toBe('MAD');
    expect(wallet?.balance.minor).toBe(0n);

    const ip = uniqueIp();
    clock.advance(31);
    const resent = await call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'en' }, ip });
    expect(resent.status).toBe(200);
    const code = await lastCode(t, email.toLowerCase());
    const again = await call(t, 'POST', '/api/auth/verify_code/', { body: { email, code }, ip });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ user_id: first.userId, created: false, role: 'customer' });
  });

  it('refuses a used code', async () => {
    const email = uniqueEmail();
    await call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'en' } });
    const code = await lastCode(t, email);
    expect((await call(t, 'POST', '/api/auth/verify_code/', { body: { email, code } })).status).toBe(200);
    const reused = await call(t, 'POST', '/api/auth/verify_code/', { body: { email, code } });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ code: [authMessages.wrongCode] });
  });

  it('answers an identifier that never asked for a code exactly like a wrong code', async () => {
    const res = await call(t, 'POST', '/api/auth/verify_code/', { body: { email: uniqueEmail(), code: '123456' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: [authMessages.wrongCode] });
  });
});

describe('sign-up by phone', () => {
  it('sends the code by SMS and creates a phone user', async () => {
    const phone = uniquePhone();
    const local = `0${phone.slice(3, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 8)} ${phone.slice(8, 10)} ${phone.slice(10)}`;
    const signedIn = await signIn(t, { phone_number: `+33 ${local}` });
    const outbox = await call<{ results: { channel: string; to: string; subject: string | null }[] }>(
      t,
      'GET',
      `/api/dev/outbox/?to=${encodeURIComponent(phone)}`,
    );
    expect(outbox.body.results[0]).toMatchObject({ channel: 'sms', to: phone, subject: null });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', String(signedIn.userId))
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ phone_number: phone, phone_auth: true, email: null });
  });
});

describe('sign-up by phone from each country of residence', () => {
  // People in Spain, Italy, Belgium, the Netherlands and Germany could not sign up with their phone.
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
  const numbers: [string, () => string, (typed: string) => string][] = [
    ['Spain', () => `+34 6${digits(8)}`, (n) => n.replace(/\s/g, '')],
    ['Italy', () => `+39 33${digits(8)}`, (n) => n.replace(/\s/g, '')],
    ['Belgium', () => `+32 0470 ${digits(6)}`, (n) => n.replace(/\s/g, '').replace('+320', '+32')],
    ['the Netherlands', () => `+31 6 1${digits(7)}`, (n) => n.replace(/\s/g, '')],
    ['Germany', () => `+49 0151 ${digits(8)}`, (n) => n.replace(/\s/g, '').replace('+490', '+49')],
  ];
  for (const [country, typed, e164] of numbers) {
    it(`sends the code by SMS to a number of ${country}`, async () => {
      const phone = typed();
      const res = await call(t, 'POST', '/api/auth/send_code/', { body: { phone_number: phone, language: 'es' } });
      expect(res.status).toBe(200);
      const outbox = await call<{ results: { channel: string; to: string }[] }>(
        t,
        'GET',
        `/api/dev/outbox/?to=${encodeURIComponent(e164(phone))}`,
      );
      expect(outbox.body.results[0]).toMatchObject({ channel: 'sms', to: e164(phone) });
    });
  }

  it.each([
    ['+34 612 34 56', phoneMessages.wrong_length],
    ['+49 151', phoneMessages.wrong_length],
    ['+34 012 345 678', phoneMessages.invalid],
    ['+44 20 7946 0958', phoneMessages.unsupported_prefix],
  ])("refuses %s by its country's rules with a field message", async (phone, message) => {
    const res = await call(t, 'POST', '/api/auth/send_code/', { body: { phone_number: phone, language: 'fr' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ phone_number: [message] });
  });
});

describe('bad input', () => {
  const bad: [string, unknown, string][] = [
    ['a malformed e-mail', { email: 'not-an-email', language: 'fr' }, 'email'],
    ['an unsupported prefix', { phone_number: '+44 20 7946 0958', language: 'fr' }, 'phone_number'],
    ['a phone with letters', { phone_number: '+33 6 12 AB 56 78', language: 'fr' }, 'phone_number'],
    ['a phone of the wrong length', { phone_number: '+33 6 12 34', language: 'fr' }, 'phone_number'],
    ['an unknown language', { email: 'a@example.com', language: 'pt' }, 'language'],
  ];
  for (const [what, body, field] of bad) {
    it(`send_code refuses ${what} with a field message`, async () => {
      const res = await call(t, 'POST', '/api/auth/send_code/', { body });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
    });
  }

  it('send_code wants exactly one identifier', async () => {
    const both = await call(t, 'POST', '/api/auth/send_code/', {
      body: { email: uniqueEmail(), phone_number: uniquePhone(), language: 'fr' },
    });
    expect(both.status).toBe(400);
    const none = await call(t, 'POST', '/api/auth/send_code/', { body: { language: 'fr' } });
    expect(none.status).toBe(400);
  });

  for (const code of ['12345', '1234567', '12a456', '', ' 123456']) {
    it(`verify_code refuses the code ${JSON.stringify(code)} before looking anything up`, async () => {
      const res = await call(t, 'POST', '/api/auth/verify_code/', { body: { email: uniqueEmail(), code } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: ['The code must be 6 digits.'] });
    });
  }

  it('verify_code refuses a numeric code (JSON number) with a field message, not a 500', async () => {
    const res = await call(t, 'POST', '/api/auth/verify_code/', { body: { email: uniqueEmail(), code: 123456 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['code']);
  });
});
