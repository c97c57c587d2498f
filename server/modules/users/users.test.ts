import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../../common/api/auth.ts';
import { genericMessages } from '../../../common/api/errors.ts';
import { profileMessages, userSchema } from '../../../common/api/users.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import {
  call,
  ensureRates,
  movableClock,
  signIn,
  testEnv,
  uniqueEmail,
  uniquePhone,
  type SignedIn,
} from '../../../tests/support/identity.ts';

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await startTestApp({ env: testEnv, deps: { clock } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const me = async (s: SignedIn) =>
  (await call<{ results: Body[] }>(t, 'GET', '/api/users/', { token: s.token })).body.results[0] ?? {};
const patch = (s: SignedIn, body: Body, id = s.userId) =>
  call(t, 'PATCH', `/api/users/${id}/`, { token: s.token, body });
const profile = { first_name: 'Amina', last_name: 'El Idrissi', country: 'MA' };

async function outbox(to: string) {
  return (await call<{ results: Body[] }>(t, 'GET', `/api/dev/outbox/?to=${encodeURIComponent(to)}`)).body.results;
}

describe('GET /api/users/', () => {
  it('answers a one-item list with every User field', async () => {
    const email = uniqueEmail();
    const s = await signIn(t, { email });
    const res = await call<Body>(t, 'GET', '/api/users/', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, next: null, previous: null });
    const [user] = res.body.results as Body[];
    expect(() => userSchema.strict().parse(user)).not.toThrow();
    expect(user).toMatchObject({
      id: s.userId,
      email,
      phone_number: null,
      phone_auth: false,
      country: null,
      role: 'customer',
      balance: '0.00',
      subscription: false,
      has_security_code: false,
      has_full_profile: false,
      first_name: '',
      last_name: '',
    });
    expect(user?.account_id).toMatch(/^0x[0-9a-f]{40}$/);
    expect(user?.rate).toMatch(/^\d+\.\d{4}$/);
    // Not subscribed: the user's own rate is the freemium one.
    expect(user?.rate_delta).toBe(user?.rate_freemium);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PATCH /api/users/{id}/ for an e-mail user', () => {
  it('refuses a name with a line break or a bidi override (it would stand in e-mails and SMS), nothing saved', async () => {
    const s = await signIn(t);
    const res = await patch(s, { ...profile, last_name: 'El Idrissi\u202E', phone_number: uniquePhone() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ last_name: [genericMessages.controlCharacters] });
    const broken = await patch(s, { ...profile, first_name: 'Amina\r\nBcc: x', phone_number: uniquePhone() });
    expect(broken.body).toEqual({ first_name: [genericMessages.controlCharacters] });
    expect(await me(s)).toMatchObject({ has_full_profile: false });
  });

  it('sets the profile and the phone once; has_full_profile becomes true', async () => {
    const s = await signIn(t);
    const phone = uniquePhone();
    const res = await patch(s, { ...profile, phone_number: `${phone.slice(0, 3)} ${phone.slice(3)}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...profile, phone_number: phone, has_full_profile: true });
    // The same values again are fine (the screen always sends every field).
    expect((await patch(s, { ...profile, first_name: 'Amina B.', phone_number: phone })).status).toBe(200);
    const changed = await patch(s, { ...profile, phone_number: uniquePhone() });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({ phone_number: [profileMessages.setOnce] });
    expect(await me(s)).toMatchObject({ first_name: 'Amina B.', phone_number: phone });
  });

  it('refuses a change of the sign-in e-mail and saves nothing', async () => {
    const email = uniqueEmail();
    const s = await signIn(t, { email });
    const res = await patch(s, { ...profile, email: uniqueEmail(), phone_number: uniquePhone() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: [profileMessages.loginEmailLocked] });
    expect(await me(s)).toMatchObject({ email, first_name: '', phone_number: null });
    // Sending the unchanged e-mail is accepted.
    expect((await patch(s, { ...profile, email, phone_number: uniquePhone() })).status).toBe(200);
  });

  it('requires every field: a missing one is a field message and nothing is saved', async () => {
    const s = await signIn(t);
    const noLastName = await patch(s, { first_name: 'A', country: 'FR', phone_number: uniquePhone() });
    expect(noLastName.status).toBe(400);
    expect(noLastName.body).toEqual({ last_name: ['This field is required.'] });
    const noPhone = await patch(s, profile);
    expect(noPhone.status).toBe(400);
    expect(noPhone.body).toEqual({ phone_number: ['This field is required.'] });
    expect(await me(s)).toMatchObject({ first_name: '', country: null, phone_number: null });
  });

  it('refuses blank names, an unknown country and a malformed phone with field messages', async () => {
    const s = await signIn(t);
    const blank = await patch(s, { ...profile, first_name: '  ', phone_number: uniquePhone() });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body)).toEqual(['first_name']);
    const country = await patch(s, { ...profile, country: 'GB', phone_number: uniquePhone() });
    expect(country.body).toEqual({ country: ['Choose your country of residence from the list.'] });
    const phone = await patch(s, { ...profile, phone_number: '+44 20 7946 0958' });
    expect(phone.body).toEqual({ phone_number: ['Numbers from this country are not supported.'] });
    const short = await patch(s, { ...profile, country: 'ES', phone_number: '+34 612 34 56' });
    expect(short.body).toEqual({ phone_number: ['This phone number has the wrong number of digits.'] });
  });

  // People living in Spain, Italy, Belgium, the Netherlands or Germany could not give their country or phone.
  it.each([
    ['ES', '+34 6', 8],
    ['IT', '+39 33', 8],
    ['BE', '+32 47', 7],
    ['NL', '+31 61', 7],
    ['DE', '+49 151', 8],
  ])('saves a profile living in %s with a phone of that country', async (country, start, count) => {
    const s = await signIn(t);
    const typed = `${start}${Array.from({ length: count }, () => randomInt(10)).join('')}`;
    const res = await patch(s, { ...profile, country, phone_number: typed });
    expect(res.status).toBe(200);
    expect(await me(s)).toMatchObject({ country, phone_number: typed.replace(/\s/g, '') });
  });

  it('refuses a phone already used by another account', async () => {
    const phone = uniquePhone();
    const owner = await signIn(t, { phone_number: phone });
    const s = await signIn(t);
    const res = await patch(s, { ...profile, phone_number: phone });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ phone_number: [profileMessages.phoneTaken] });
    expect(await me(s)).toMatchObject({ first_name: '', phone_number: null });
    expect(await me(owner)).toMatchObject({ phone_number: phone });
  });

  it("answers 404 for someone else's id or an unknown id, and changes nothing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    expect((await patch(a, { ...profile, phone_number: uniquePhone() }, b.userId)).status).toBe(404);
    expect((await patch(a, { ...profile, phone_number: uniquePhone() }, 999_999_999_999)).status).toBe(404);
    expect(await me(b)).toMatchObject({ first_name: '' });
    expect((await call(t, 'PATCH', '/api/users/abc/', { token: a.token, body: profile })).status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await call(t, 'GET', '/api/users/')).status).toBe(401);
    expect((await call(t, 'PATCH', '/api/users/1/', { body: profile })).status).toBe(401);
  });
});

describe('PATCH /api/users/{id}/ for a phone user, and e-mail confirmation', () => {
  it('refuses a change of the sign-in phone', async () => {
    const phone = uniquePhone();
    const s = await signIn(t, { phone_number: phone });
    const res = await patch(s, { ...profile, phone_number: uniquePhone(), email: uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ phone_number: [profileMessages.loginPhoneLocked] });
    const noEmail = await patch(s, profile);
    expect(noEmail.body).toEqual({ email: ['This field is required.'] });
    expect(await me(s)).toMatchObject({ email: null, first_name: '' });
  });

  it('sets the e-mail once, sends a confirmation link, and the link confirms it once', async () => {
    const s = await signIn(t, { phone_number: uniquePhone() }, 'fr');
    const email = uniqueEmail();
    const res = await patch(s, { ...profile, email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, has_full_profile: true });
    const [mail] = await outbox(email);
    expect(mail?.subject).toBe('Sila : Confirmez votre adresse e-mail');
    const link = String(mail?.link);
    expect(link).toMatch(/\/authentication\/confirm-email\?code=[A-Za-z0-9_-]{43}$/);
    expect(String(mail?.body)).toContain(link);
    const code = new URL(link).searchParams.get('code') ?? '';

    const changed = await patch(s, { ...profile, email: uniqueEmail() });
    expect(changed.body).toEqual({ email: [profileMessages.setOnce] });

    const confirmed = await call(t, 'GET', `/api/auth/confirm_email/?code=${code}`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ detail: authMessages.emailConfirmed });
    const again = await call(t, 'GET', `/api/auth/confirm_email/?code=${code}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: [authMessages.badConfirmation] });

    // A confirmed e-mail signs the same user in.
    clock.advance(31);
    const byEmail = await signIn(t, { email });
    expect(byEmail.userId).toBe(s.userId);
  });

  it('an unconfirmed e-mail does not sign in: its real owner gets a new account and the squatter loses it', async () => {
    const squatter = await signIn(t, { phone_number: uniquePhone() });
    const email = uniqueEmail();
    expect((await patch(squatter, { ...profile, email })).status).toBe(200);
    const owner = await signIn(t, { email });
    expect(owner.userId).not.toBe(squatter.userId);
    expect(await me(squatter)).toMatchObject({ email: null });
  });

  it('refuses an e-mail already used by another account', async () => {
    const email = uniqueEmail();
    await signIn(t, { email });
    const s = await signIn(t, { phone_number: uniquePhone() });
    const res = await patch(s, { ...profile, email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: [profileMessages.emailTaken] });
  });

  it('refuses a missing, unknown or expired confirmation code', async () => {
    expect((await call(t, 'GET', '/api/auth/confirm_email/')).body).toEqual({ code: ['This field is required.'] });
    expect((await call(t, 'GET', '/api/auth/confirm_email/?code=nope')).status).toBe(400);
    const s = await signIn(t, { phone_number: uniquePhone() });
    const email = uniqueEmail();
    await patch(s, { ...profile, email });
    const code = new URL(String((await outbox(email))[0]?.link)).searchParams.get('code') ?? '';
    clock.advance(2 * 86_400 + 1);
    expect((await call(t, 'GET', `/api/auth/confirm_email/?code=${code}`)).status).toBe(400);
  });
});
