import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, genericMessages, profileMessages } from '../../../common/api/messages.ts';
import { MailDeliveryError, type MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import { createMailAdapter } from '../../adapters/create-adapters.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, uniquePhone, type SignedIn } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { outbox } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';

/**
 * `POST /api/users/{id}/email_confirmation/` mails a new confirmation link for the profile's e-mail,
 * over HTTP against the app: 202 and a new link (the earlier ones stop working), 429 with Retry-After too soon or
 * past the day's cap (counted in PostgreSQL), 400 with nothing to confirm, 404 for someone else's id.
 */
const refusing = new Set<string>();
let real: MailAdapter | undefined;
const mail: MailAdapter = {
  builtIn: true,
  async send(message) {
    if (refusing.has(message.to)) throw new MailDeliveryError('SMTP answered 451');
    if (!real) throw new Error('no mail adapter yet');
    await real.send(message);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv, deps: { mail } });
  real = createMailAdapter(t.config, t.database.db);
  await ensureRates(t);
});
afterAll(() => t.close());

/** A phone customer who set `email` on the profile: its first link is in the outbox. */
async function withUnconfirmedEmail(email: string): Promise<SignedIn> {
  const s = await signIn(t, { phone_number: uniquePhone() });
  const profile = { first_name: 'Nadia', last_name: 'Benali', country: 'FR', email };
  const patched = await call<{ email_confirmed: boolean }>(t, 'PATCH', `/api/users/${s.userId}/`, {
    token: s.token,
    body: profile,
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  expect(patched.body.email_confirmed).toBe(false);
  return s;
}

const resend = (s: SignedIn, id: unknown = s.userId) =>
  call<{ email?: string; detail?: string }>(t, 'POST', `/api/users/${String(id)}/email_confirmation/`, {
    token: s.token,
  });

async function codesTo(email: string, count: number): Promise<string[]> {
  const mails = (await outbox(t, email, count)) as { link?: string | null }[];
  return mails.map((m) => new URL(String(m.link)).searchParams.get('code') ?? '');
}

/** Moves the user's links `seconds` into the past, as if that time had gone by. */
async function age(s: SignedIn, seconds: number) {
  await sql`UPDATE email_confirmations SET created_at = created_at - make_interval(secs => ${seconds})
            WHERE user_id = ${String(s.userId)}`.execute(t.database.db);
}

const confirm = (code: string) => call<{ detail?: string; code?: string[] }>(t, 'GET', `/api/auth/confirm_email/?code=${code}`);

describe('POST /api/users/{id}/email_confirmation/', () => {
  it('202 with a new link once the minute has passed; 429 with Retry-After before; only the newest link works', async () => {
    const email = uniqueEmail('resend');
    const nadia = await withUnconfirmedEmail(email);
    const [first] = await codesTo(email, 1);

    // Right after the profile's own link: too soon.
    const soon = await resend(nadia);
    expect(soon.status).toBe(429);
    expect(soon.body.detail).toBe(genericMessages.tooManyRequests);
    const wait = Number(soon.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await outbox(t, email, 2)).toHaveLength(1);

    await age(nadia, 61);
    const sent = await resend(nadia);
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    expect(sent.body).toEqual({ email });
    const [second, older] = await codesTo(email, 2);
    expect(older).toBe(first);
    expect(second).not.toBe(first);

    // The earlier link was superseded: it no longer confirms; the new one does.
    const stale = await confirm(String(first));
    expect(stale.status).toBe(400);
    expect(stale.body.code).toEqual([authMessages.badConfirmation]);
    expect((await confirm(String(second))).status).toBe(200);
    const me = await call<{ results: { email_confirmed: boolean }[] }>(t, 'GET', '/api/users/', { token: nadia.token });
    expect(me.body.results[0]?.email_confirmed).toBe(true);

    // Confirmed: nothing left to send.
    await age(nadia, 61);
    const done = await resend(nadia);
    expect(done.status).toBe(400);
    expect(done.body).toEqual({ email: [profileMessages.emailAlreadyConfirmed] });
  });

  it('at most EMAIL_CONFIRMATION_MAX_PER_DAY links in 24 hours, then 429 until the oldest leaves the day', async () => {
    const email = uniqueEmail('daily-cap');
    const nadia = await withUnconfirmedEmail(email);
    // The profile's link and four resends, each a few minutes apart, make the day's five.
    for (let i = 0; i < 4; i += 1) {
      await age(nadia, 300);
      expect((await resend(nadia)).status).toBe(202);
    }
    await age(nadia, 300);
    const capped = await resend(nadia);
    expect(capped.status).toBe(429);
    // The profile's link is 25 minutes old: the day frees a slot in about 23 h 35 min.
    const wait = Number(capped.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600 - 25 * 60 + 1);
    expect(await outbox(t, email, 6)).toHaveLength(5);
  });

  it('two resends at the same moment: one link, the other is a 429', async () => {
    const email = uniqueEmail('resend-race');
    const nadia = await withUnconfirmedEmail(email);
    await age(nadia, 61);
    const answers = await Promise.all([resend(nadia), resend(nadia)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 429]);
    expect(await outbox(t, email, 3)).toHaveLength(2);
  });

  it('400 without an e-mail, 404 for another user (who is sent nothing)', async () => {
    const phoneOnly = await signIn(t, { phone_number: uniquePhone() });
    const none = await resend(phoneOnly);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ email: [profileMessages.noEmailToConfirm] });

    const email = uniqueEmail('not-yours');
    const nadia = await withUnconfirmedEmail(email);
    await age(nadia, 61);
    const mallory = await signIn(t, { email: uniqueEmail('mallory') });
    expect((await resend(mallory, nadia.userId)).status).toBe(404);
    expect((await resend(mallory, 987_654_321)).status).toBe(404);
    expect(await outbox(t, email, 2)).toHaveLength(1);
    // Without a session: 401.
    expect((await call(t, 'POST', `/api/users/${nadia.userId}/email_confirmation/`)).status).toBe(401);
  });

  it('a mail service refusing the message: 503, the earlier link stays alive and the try does not count', async () => {
    const email = uniqueEmail('smtp-down');
    const nadia = await withUnconfirmedEmail(email);
    const [first] = await codesTo(email, 1);
    await age(nadia, 61);
    refusing.add(email);
    expect((await resend(nadia)).status).toBe(503);
    refusing.delete(email);
    // The failed link was deleted; the profile's link was not superseded.
    const links = await t.database.db
      .selectFrom('email_confirmations')
      .select(sql<boolean>`expires_at > now()`.as('alive'))
      .where('user_id', '=', String(nadia.userId))
      .execute();
    expect(links).toEqual([{ alive: true }]);
    // No wait imposed by the failed try: asking again at once sends the link, which supersedes the first.
    expect((await resend(nadia)).status).toBe(202);
    const [second] = await codesTo(email, 2);
    expect(second).not.toBe(first);
    expect((await confirm(String(first))).status).toBe(400);
    expect((await confirm(String(second))).status).toBe(200);
  });
});
