import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsDeliveryError, type SmsAdapter } from '../../adapters/sms/sms-adapter.ts';
import { createSmsAdapter } from '../../adapters/create-adapters.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail, uniquePhone } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { cancel, outbox } from '../transfers/methods/cash-pickup/pickups.fixtures.ts';
import { create, customer, recipientOf, type Customer } from '../transfers/transactions.fixtures.ts';
import { sweepOnce } from '../../housekeeping-sweep.ts';
import { runRecipientMessages } from './recipient-messages.worker.ts';

/** An SMS provider that refuses the first `failures` messages to a number, then hands them to the dev outbox. */
const failing = new Map<string, number>();
let real: SmsAdapter | undefined;
const sms: SmsAdapter = {
  builtIn: true,
  async send(message) {
    const left = failing.get(message.to) ?? 0;
    if (left > 0) {
      failing.set(message.to, left - 1);
      throw new SmsDeliveryError('SMS provider answered 503');
    }
    if (!real) throw new Error('no SMS adapter yet');
    await real.send(message);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: testEnv, deps: { sms } });
  real = createSmsAdapter(t.config, t.database.db);
  await ensureRates(t);
});
afterAll(() => t.close());

async function named(s: Customer, language: string) {
  await sql`UPDATE users SET first_name = 'Alicia', last_name = 'Gómez', language = ${language} WHERE id = ${s.userId}`.execute(
    t.database.db,
  );
}

async function messagesOf(transactionId: unknown) {
  return t.database.db
    .selectFrom('recipient_messages')
    .select(['kind', 'channel', 'attempts', 'last_error', 'done_at', 'dead_at'])
    .where('transaction_id', '=', String(transactionId))
    .execute();
}

describe('invitation of an unregistered recipient', () => {
  it('by e-mail in the sender’s language and Arabic, with the sign-up link prefilled; the sender is told', async () => {
    const alice = await customer(t, 100_00n);
    await named(alice, 'es');
    const email = uniqueEmail('invited');
    const contact = await recipientOf(t, alice, { email });
    const sent = await create(t, alice, { amount: 25, contact });
    expect(sent.body).toMatchObject({ status: 'unclaimed' });

    const [mail] = await outbox(t, email);
    expect(mail?.subject).toBe('Sila: Alicia Gómez te ha enviado 25,00\u00A0MAD / أرسل لك \u2068Alicia Gómez\u2069 مبلغ \u206625,00\u00A0MAD\u2069');
    expect(mail?.body).toContain('Alicia Gómez te ha enviado 25,00\u00A0MAD con Sila.');
    expect(mail?.body).toContain('أرسل لك \u2068Alicia Gómez\u2069 مبلغ \u206625,00\u00A0MAD\u2069 عبر \u2066Sila\u2069.');
    const link = `${t.config.PUBLIC_URL}/auth/email/step1?${new URLSearchParams({ email, lang: 'es' }).toString()}`;
    expect(mail?.body).toContain(link);
    // Marked done just after the mail left (a moment later under load).
    await expect
      .poll(async () => (await messagesOf(sent.body.id)).map((m) => [m.kind, m.channel, m.attempts]), { timeout: 5000 })
      .toEqual([['invitation', 'email', 1]]);

    // The sender's notification, in their language, in the list.
    const list = await call<{ results: { kind: string; title: string; body: string; transaction: number }[] }>(
      t,
      'GET',
      '/api/notifications/',
      { token: alice.token },
    );
    expect(list.body.results[0]).toMatchObject({
      kind: 'transfer_invited',
      title: 'Invitación enviada',
      transaction: sent.body.id,
    });
    expect(list.body.results[0]?.body).toContain('Rec Ipient aún no tiene cuenta');
  });

  it('by SMS when the transfer waits for a phone, retried with backoff when the provider fails, sent once', async () => {
    const alice = await customer(t, 100_00n);
    await named(alice, 'fr');
    const phone = uniquePhone();
    failing.set(phone, 1);
    const contact = await recipientOf(t, alice, { phone_number: phone });
    const sent = await create(t, alice, { amount: 12.5, contact });
    expect(sent.body).toMatchObject({ status: 'unclaimed' });
    // The first attempt (the app's own pass, after the answer) fails and is rescheduled.
    await expect
      .poll(async () => (await messagesOf(sent.body.id))[0]?.last_error ?? null, { timeout: 5000, interval: 50 })
      .toContain('503');
    const [first] = await messagesOf(sent.body.id);
    expect(first).toMatchObject({ attempts: 1, done_at: null, dead_at: null });
    expect(await outbox(t, phone, 0)).toEqual([]);
    // Due again: the next pass sends it, once.
    await sql`UPDATE recipient_messages SET next_attempt_at = now() WHERE transaction_id = ${String(sent.body.id)}`.execute(
      t.database.db,
    );
    await runRecipientMessages(t.app.services);
    await runRecipientMessages(t.app.services);
    const texts = await outbox(t, phone);
    expect(texts).toHaveLength(1);
    const prefix = phone.slice(0, 3);
    const link = `${t.config.PUBLIC_URL}/auth/phone/step2?${new URLSearchParams({ prefix, phone: phone.slice(3), lang: 'fr' }).toString()}`;
    expect(texts[0]?.body).toContain('Alicia Gómez vous a envoyé 12,50\u00A0MAD avec Sila.');
    expect(texts[0]?.body).toContain(link);
    expect(texts[0]?.body).toContain('أرسل لك \u2068Alicia Gómez\u2069 مبلغ \u206612,50\u00A0MAD\u2069 عبر \u2066Sila\u2069.');
    await expect
      .poll(async () => (await messagesOf(sent.body.id)).map((m) => [m.channel, m.attempts, m.last_error]), {
        timeout: 5000,
      })
      .toEqual([['sms', 2, null]]);
  });

  it('not for a registered recipient; and a transfer cancelled before its invitation leaves sends nothing', async () => {
    const alice = await customer(t, 100_00n);
    const bob = await customer(t);
    const toBob = await create(t, alice, { amount: 5, contact: await recipientOf(t, alice, { email: bob.email }) });
    expect(toBob.body).toMatchObject({ status: 'completed' });
    expect(await messagesOf(toBob.body.id)).toEqual([]);

    const phone = uniquePhone();
    failing.set(phone, 1);
    const sent = await create(t, alice, { amount: 5, contact: await recipientOf(t, alice, { phone_number: phone }) });
    await expect
      .poll(async () => (await messagesOf(sent.body.id))[0]?.last_error ?? null, { timeout: 5000, interval: 50 })
      .toContain('503');
    expect((await cancel(t, alice, sent.body.id as number)).status).toBe(200);
    await sql`UPDATE recipient_messages SET next_attempt_at = now() WHERE transaction_id = ${String(sent.body.id)}`.execute(
      t.database.db,
    );
    await runRecipientMessages(t.app.services);
    // The app's own delivery pass may lease the row first (then this pass finds nothing due): poll for its close.
    await expect
      .poll(async () => (await messagesOf(sent.body.id))[0]?.channel ?? null, { timeout: 5000, interval: 50 })
      .toBe('none');
    expect(await outbox(t, phone, 0)).toEqual([]);
  });
});

describe('reminder before the claim window ends (EXPIRY_REMINDER_SECONDS)', () => {
  it('once, even with two sweeps at the same moment: the sender’s notification and the recipient’s SMS', async () => {
    const alice = await customer(t, 100_00n);
    await named(alice, 'en');
    const phone = uniquePhone();
    const sent = await create(t, alice, { amount: 20, contact: await recipientOf(t, alice, { phone_number: phone }) });
    const later = await create(t, alice, {
      amount: 7,
      contact: await recipientOf(t, alice, { phone_number: uniquePhone() }),
    });
    await outbox(t, phone); // the invitation
    const at = (days: number, id: unknown) =>
      sql`UPDATE transactions SET expires_at = now() + make_interval(days => ${days}) WHERE id = ${String(id)}`.execute(
        t.database.db,
      );
    await at(2, sent.body.id); // within the 3 days
    await at(5, later.body.id); // not yet

    const [one, two] = await Promise.all([sweepOnce(t.app.services), sweepOnce(t.app.services)]);
    expect(one.error ?? two.error).toBeUndefined();
    await sweepOnce(t.app.services);

    const reminded = await t.database.db
      .selectFrom('expiry_reminders')
      .select('transaction_id')
      .where('transaction_id', 'in', [String(sent.body.id), String(later.body.id)])
      .execute();
    expect(reminded.map((r) => String(r.transaction_id))).toEqual([String(sent.body.id)]);
    const notes = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'transaction_id'])
      .where('user_id', '=', String(alice.userId))
      .where('kind', '=', 'transfer_expiring')
      .execute();
    expect(notes.map((n) => String(n.transaction_id))).toEqual([String(sent.body.id)]);
    const list = await call<{ results: { kind: string; title: string }[] }>(t, 'GET', '/api/notifications/', {
      token: alice.token,
    });
    expect(list.body.results.filter((n) => n.kind === 'transfer_expiring').map((n) => n.title)).toEqual([
      'Your transfer expires soon',
    ]);
    await expect
      .poll(async () => (await messagesOf(sent.body.id)).map((m) => [m.kind, m.channel]), { timeout: 5000 })
      .toEqual([
        ['invitation', 'sms'],
        ['reminder', 'sms'],
      ]);
    const texts = await outbox(t, phone, 2);
    expect(texts).toHaveLength(2);
    expect(texts[0]?.body).toContain('Reminder: Alicia Gómez sent you 20.00\u00A0MAD, not received yet.');
    expect(texts[0]?.body).toContain('تذكير: أرسل لك \u2068Alicia Gómez\u2069 مبلغ \u206620,00\u00A0MAD\u2069 لم يُستلم بعد.');
    expect(await messagesOf(later.body.id)).toMatchObject([{ kind: 'invitation' }]);
  });
});

describe('claim on a later e-mail confirmation', () => {
  it('an existing user who confirms the address the money waits for receives it; the sender is told', async () => {
    const alice = await customer(t, 100_00n);
    await named(alice, 'fr');
    const email = uniqueEmail('later-confirmed');
    const sent = await create(t, alice, { amount: 25, contact: await recipientOf(t, alice, { email }) });
    expect(sent.body).toMatchObject({ status: 'unclaimed' });
    const bob = await signIn(t, { phone_number: uniquePhone() }, 'fr');
    const profile = { first_name: 'Bob', last_name: 'Martin', country: 'FR', email };
    const patched = await call(t, 'PATCH', `/api/users/${bob.userId}/`, { token: bob.token, body: profile });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const mails = await outbox(t, email, 2);
    const link = mails
      .find((m) => (m as { link?: string }).link)
      ?.body.match(/https?:\/\/\S+confirm-email\?code=\S+/)?.[0];
    const code = new URL(String(link)).searchParams.get('code') ?? '';
    expect((await call(t, 'GET', `/api/auth/confirm_email/?code=${code}`)).status).toBe(200);

    const balance = await call<{ results: { balance?: string }[] }>(t, 'GET', '/api/transactions/', {
      token: bob.token,
    });
    expect(balance.body.results[0]).toMatchObject({ id: sent.body.id, status: 'claimed' });
    const list = await call<{ results: { kind: string; title: string; body: string }[] }>(
      t,
      'GET',
      '/api/notifications/',
      {
        token: alice.token,
      },
    );
    const claimed = list.body.results.find((n) => n.kind === 'transfer_claimed');
    // Bob had an account before: the text says where the money is, not that he created an account.
    expect(claimed).toMatchObject({
      title: 'Envoi reçu',
      body: 'Bob Martin a reçu vos 25,00\u00A0MAD sur son compte.',
    });
  });

  it('a claim at sign-up tells the sender in the same true words', async () => {
    const alice = await customer(t, 100_00n);
    await named(alice, 'fr');
    const email = uniqueEmail('claims-at-sign-up');
    const sent = await create(t, alice, { amount: 30, contact: await recipientOf(t, alice, { email }) });
    expect(sent.body).toMatchObject({ status: 'unclaimed' });
    await signIn(t, { email }, 'fr');
    const list = await call<{ results: { kind: string; title: string; body: string; transaction: unknown }[] }>(
      t,
      'GET',
      '/api/notifications/',
      { token: alice.token },
    );
    expect(list.body.results.find((n) => n.kind === 'transfer_claimed')).toMatchObject({
      title: 'Envoi reçu',
      body: `${email} a reçu vos 30,00\u00A0MAD sur son compte.`,
      transaction: sent.body.id,
    });
  });
});

describe('an unregistered recipient is invited at most once a week by the same sender', () => {
  it('two sends in a week send one invitation; a send 8 days after it sends another', async () => {
    const alice = await customer(t, 100_00n);
    await named(alice, 'fr');
    const phone = uniquePhone();
    const contact = await recipientOf(t, alice, { phone_number: phone });

    const first = await create(t, alice, { amount: 10, contact });
    const second = await create(t, alice, { amount: 11, contact });
    expect(first.body).toMatchObject({ status: 'unclaimed' });
    expect(second.body).toMatchObject({ status: 'unclaimed' });
    await runRecipientMessages(t.app.services);
    expect(await outbox(t, phone)).toHaveLength(1);
    // Both transfers wait for the same sign-up; the second one queued nothing and told the sender nothing new.
    expect(await messagesOf(first.body.id)).toHaveLength(1);
    expect(await messagesOf(second.body.id)).toEqual([]);
    const invited = await call<{ results: { kind: string; transaction: unknown }[] }>(t, 'GET', '/api/notifications/', {
      token: alice.token,
    });
    expect(invited.body.results.filter((n) => n.kind === 'transfer_invited').map((n) => n.transaction)).toEqual([first.body.id]);

    // A week and a day later, the next send invites again.
    await sql`UPDATE recipient_messages SET created_at = now() - interval '8 days' WHERE transaction_id = ${String(first.body.id)}`.execute(
      t.database.db,
    );
    const later = await create(t, alice, { amount: 12, contact });
    expect(later.body).toMatchObject({ status: 'unclaimed' });
    await runRecipientMessages(t.app.services);
    expect(await outbox(t, phone, 2)).toHaveLength(2);
    expect(await messagesOf(later.body.id)).toHaveLength(1);
  });

  it('another sender still invites the same person: each sender’s money is announced', async () => {
    const alice = await customer(t, 100_00n);
    const carol = await customer(t, 100_00n);
    const email = uniqueEmail('two-senders');
    const fromAlice = await create(t, alice, { amount: 10, contact: await recipientOf(t, alice, { email }) });
    const fromCarol = await create(t, carol, { amount: 10, contact: await recipientOf(t, carol, { email }) });
    expect(await messagesOf(fromAlice.body.id)).toHaveLength(1);
    expect(await messagesOf(fromCarol.body.id)).toHaveLength(1);
  });
});
